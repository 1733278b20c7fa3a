import {expect} from 'chai'
import {readFileSync} from 'node:fs'
import {HUB_VERSION} from '../../src/version.js'

describe('HUB_VERSION', () => {
  it('equals the package version', () => {
    const pkg = JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as {version: string}
    expect(HUB_VERSION).to.equal(pkg.version)
  })
})
