import {expect} from 'chai'
import {execFile} from 'node:child_process'
import {mkdirSync, mkdtempSync, rmSync, writeFileSync} from 'node:fs'
import {tmpdir} from 'node:os'
import {join} from 'node:path'
import {fileURLToPath} from 'node:url'

import {dataDir} from '../../src/list/bundled-hooks.js'

const RUN = fileURLToPath(new URL('../../../../bin/run.js', import.meta.url))
const FIXTURE = fileURLToPath(new URL('../fixtures/harness-hard-unmet', import.meta.url))

function node(args: string[], env: Record<string, string>): Promise<{code: number; stdout: string; stderr: string}> {
  return new Promise((resolve) => {
    execFile(process.execPath, args, {env: {...process.env, ...env}, maxBuffer: 8 * 1024 * 1024}, (error, stdout, stderr) =>
      resolve({code: error ? Number(error.code ?? 1) : 0, stdout, stderr}))
  })
}
/** The command as oclif runs it (what bin/run.js did for every `harness list` before the fast path). */
const viaOclif = (args: string[], env: Record<string, string>) =>
  node(['--input-type=module', '-e', `import('@oclif/core').then((o) => o.run(${JSON.stringify(args)}, ${JSON.stringify(new URL('file://' + RUN).href)}))`], env)

describe('agora harness list without oclif (bundled plugins only)', function () {
  this.timeout(60_000)
  let data: string
  beforeEach(() => {
    data = mkdtempSync(join(tmpdir(), 'agora-list-fast-'))
  })
  afterEach(() => rmSync(data, {recursive: true, force: true}))

  it('prints byte for byte what oclif prints, as text and as --json', async () => {
    const env = {AGORA_DATA_DIR: data}
    for (const args of [['harness', 'list'], ['harness', 'list', '--json']]) {
      const [fast, slow] = await Promise.all([node([RUN, ...args], env), viaOclif(args, env)])
      expect(fast.code, fast.stderr).to.equal(0)
      expect(fast.stdout).to.equal(slow.stdout)
    }
    const {harnesses} = JSON.parse((await node([RUN, 'harness', 'list', '--json'], env)).stdout) as {harnesses: Array<{name: string; source: string; active: boolean}>}
    expect(harnesses.filter((h) => h.active).map((h) => h.name)).to.include.members(['claude', 'codex', 'opencode', 'pi', 'gemini', 'codex-acp', 'claude-acp'])
  })

  it('hands the command to oclif when the user has installed or linked a plugin, so it is listed', async () => {
    mkdirSync(data, {recursive: true})
    writeFileSync(join(data, 'package.json'), JSON.stringify({private: true, oclif: {schema: 1, plugins: [{name: 'agora-fixture-harness-hard-unmet', type: 'link', root: FIXTURE}]}}))
    const run = await node([RUN, 'harness', 'list', '--json'], {AGORA_DATA_DIR: data})
    expect(run.code, run.stderr).to.equal(0)
    const linked = (JSON.parse(run.stdout) as {harnesses: Array<{name: string; source: string}>}).harnesses.find((h) => h.name === 'hard-unmet')
    expect(linked).to.include({source: 'link'})
  })

  it("finds oclif's data dir the way oclif does: $AGORA_DATA_DIR, then $XDG_DATA_HOME/agora, then ~/.local/share/agora", () => {
    const cli = {name: '@agora/cli', version: '0', oclif: {bin: 'agora', dirname: 'agora'}}
    expect(dataDir(cli, {AGORA_DATA_DIR: '/d'}, '/h')).to.equal('/d')
    expect(dataDir(cli, {XDG_DATA_HOME: '/x'}, '/h')).to.equal('/x/agora')
    expect(dataDir(cli, {}, '/h')).to.equal('/h/.local/share/agora')
  })
})
