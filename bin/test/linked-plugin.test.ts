import {expect} from 'chai'
import {mkdtempSync, rmSync} from 'node:fs'
import {tmpdir} from 'node:os'
import {join, resolve} from 'node:path'

import {CLI_ROOT, agora} from './helpers.js'

const EXAMPLE = resolve(CLI_ROOT, '..', 'docs', 'examples', 'harness-myagent')

// A harness author's loop (README "Write a harness plugin"): `agora plugins link .`, then every command.
describe('a linked harness plugin (plain ESM JavaScript, as agora harness init writes one)', function () {
  this.timeout(180_000)
  let data: string
  let env: Record<string, string>
  before(async () => {
    data = mkdtempSync(join(tmpdir(), 'agora-linked-data-'))
    env = {AGORA_DATA_DIR: data, NODE_ENV: 'production'}
    const linked = await agora(['plugins', 'link', '--no-install', EXAMPLE], env)
    expect(linked.code, linked.stderr).to.equal(0)
  })
  after(() => rmSync(data, {recursive: true, force: true}))

  it('is listed and shown without oclif warning, on every command, that it cannot be auto-transpiled', async () => {
    const listed = await agora(['harness', 'list'], env)
    expect(listed.stdout).to.match(/^myagent\s+\S+\s+link\b/m)
    const shown = await agora(['harness', 'show', 'myagent', '--json'], env)
    expect(shown.code, shown.stderr).to.equal(0)
    expect(JSON.parse(shown.stdout)).to.deep.include({name: 'myagent'})
    expect(listed.stderr + shown.stderr).not.to.include('auto-transpiled')
    expect(shown.stderr).to.equal('')
  })
})
