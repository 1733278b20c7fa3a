import {expect} from 'chai'
import {mkdtempSync, rmSync, writeFileSync} from 'node:fs'
import {tmpdir} from 'node:os'
import {join, resolve} from 'node:path'
import {fileURLToPath} from 'node:url'
import {checkFolder} from '../../src/author/load-declaration.js'

const FIXTURES = fileURLToPath(new URL('../fixtures', import.meta.url))
const EXAMPLE = fileURLToPath(new URL('../../../../docs/examples/harness-myagent', import.meta.url))

describe('author/load-declaration', () => {
  let empty: string
  before(() => {
    empty = mkdtempSync(join(tmpdir(), 'agora-validate-'))
  })
  after(() => rmSync(empty, {recursive: true, force: true}))

  it('finds a valid declaration through package.json oclif.hooks, without installing the plugin', async () => {
    expect(await checkFolder(EXAMPLE)).to.deep.equal({dir: resolve(EXAMPLE), plugin: '@agora/harness-myagent', harness: 'myagent', contract: '^1', valid: true, problems: []})
  })

  it('lists the contract problems of an invalid declaration', async () => {
    const check = await checkFolder(join(FIXTURES, 'harness-evidence-null'))
    expect(check).to.include({harness: 'evidence-null', valid: false})
    expect(check.problems).to.deep.equal(["evidence must be null exactly when 'evidence' is in unmet"])
  })

  it('reports a hook that fails through oclif\'s this.error as a problem, not a crash', async () => {
    const check = await checkFolder(join(FIXTURES, 'harness-throws'))
    expect(check.problems).to.deep.equal(['the agora:harness hook (./hooks/harness.js) failed: broken on purpose'])
  })

  it('names the command to run when there is no package.json, and the field to add when there is no hook', async () => {
    expect((await checkFolder(empty)).problems[0]).to.match(/^no readable package\.json in .*: scaffold one with `agora harness init <name>`$/)
    writeFileSync(join(empty, 'package.json'), JSON.stringify({name: 'agora-harness-nothing'}))
    expect(await checkFolder(empty)).to.include({plugin: 'agora-harness-nothing', valid: false})
    expect((await checkFolder(empty)).problems).to.deep.equal(['package.json has no oclif.hooks["agora:harness"]: point it at the module whose default export returns the declaration'])
  })
})
