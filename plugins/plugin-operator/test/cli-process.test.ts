import {lookupKey} from '@agora/home'
import {expect} from 'chai'
import {execFile} from 'node:child_process'
import {join, resolve} from 'node:path'

import {operatorHome, PLUGIN_ROOT, startHub, tempDir} from './helpers/cli.js'
import type {ClockedHub} from './helpers/cli.js'

const REPO = resolve(PLUGIN_ROOT, '..', '..')

function run(args: string[], env: Record<string, string>): Promise<{code: number; stdout: string; stderr: string}> {
  const clean = Object.fromEntries(Object.entries(process.env).filter(([k]) => !k.startsWith('AGORA_')))
  return new Promise((done) => {
    execFile(process.execPath, args, {cwd: REPO, env: {...clean, ...env}, timeout: 180_000}, (error, stdout, stderr) => {
      done({code: error ? (typeof error.code === 'number' ? error.code : 1) : 0, stderr, stdout})
    })
  })
}

describe('cli-process', () => {
  let hub: ClockedHub
  before(async function () {
    this.timeout(240_000)
    const build = await run([resolve(REPO, 'node_modules/typescript/bin/tsc'), '-b', 'plugins/plugin-operator'], {})
    if (build.code !== 0) throw new Error(`tsc -b plugins/plugin-operator failed:\n${build.stdout}${build.stderr}`)
    hub = await startHub()
  })
  after(async () => hub?.hub.close())

  it('pastes the one line `agora invite` prints into `agora join` in another AGORA_HOME, both as child processes', async function () {
    this.timeout(120_000)
    const hubHome = operatorHome(hub)
    const remote = join(tempDir('cli-remote'), 'home')
    const minted = await run(['bin/run.js', 'invite', 'vega', '--ttl', '10m'], {AGORA_HOME: hubHome})
    expect(minted.code, minted.stderr).to.equal(0)
    expect(minted.stdout).to.match(/^AGORA1\.[A-Za-z0-9_-]+\n$/)
    expect(minted.stderr).to.include('join token').and.include('vega')
    const joined = await run(['bin/run.js', 'join', minted.stdout.trim(), '--json'], {AGORA_HOME: remote})
    expect(joined.code, joined.stderr).to.equal(0)
    expect(JSON.parse(joined.stdout)).to.include({agent_id: 'vega', url: hub.url, verified: true})
    expect(lookupKey(remote, hub.url, 'vega')).to.match(/^agora_/)
  })
})
