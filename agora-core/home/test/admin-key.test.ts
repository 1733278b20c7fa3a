import {expect} from 'chai'
import {mkdtempSync, rmSync} from 'node:fs'
import {tmpdir} from 'node:os'
import {join} from 'node:path'

import {adminKeyFor} from '../src/admin-key.js'
import {writeConfig} from '../src/config.js'

describe('adminKeyFor', () => {
  let home: string
  beforeEach(() => {
    home = mkdtempSync(join(tmpdir(), 'agora-admin-key-'))
  })
  afterEach(() => rmSync(home, {recursive: true, force: true}))

  it('takes AGORA_ADMIN_KEY for any hub, trimmed', () => {
    expect(adminKeyFor(home, 'http://127.0.0.1:9', {AGORA_ADMIN_KEY: ' k-env \n'})).to.equal('k-env')
  })

  it('falls back to config.json when AGORA_ADMIN_KEY is blank', () => {
    writeConfig(home, {url: 'http://127.0.0.1:8765', admin_key: 'k-config'})
    expect(adminKeyFor(home, 'http://127.0.0.1:8765', {AGORA_ADMIN_KEY: '  '})).to.equal('k-config')
  })

  it("gives config.json's key only to config.json's own hub", () => {
    writeConfig(home, {url: 'http://127.0.0.1:8765/', admin_key: 'k-config'})
    expect(adminKeyFor(home, 'http://127.0.0.1:8765', {})).to.equal('k-config')
    expect(adminKeyFor(home, 'http://10.0.0.2:8765', {})).to.equal(undefined)
  })

})
