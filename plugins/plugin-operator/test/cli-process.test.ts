import {AgoraClient} from '@agora/client'
import {lookupKey} from '@agora/home'
import {expect} from 'chai'
import {execFile} from 'node:child_process'
import {readFileSync} from 'node:fs'
import {join, resolve} from 'node:path'

import {addSeats, operatorHome, PLUGIN_ROOT, startHub, tempDir} from './helpers/cli.js'
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

  it('mirrors a channel\'s leases and store rows to Markdown through `agora mirror --json` as a child process, idempotently', async function () {
    this.timeout(120_000)
    const home = operatorHome(hub)
    await addSeats(hub.url, home, ['mira'])
    const mira = new AgoraClient({url: hub.url, apiKey: lookupKey(home, hub.url, 'mira')})
    await mira.createChannel('ops', {private: true})
    await mira.leaseTake('ops', {workspace: 'git:root-ops', paths: ['infra/'], ttl_s: 300})
    await mira.storePut('ops', 'notes:owner', 'mira')
    const dir = join(tempDir('cli-mirror'), 'out')
    const first = await run(['bin/run.js', 'mirror', dir, '--as', 'mira', '--channels', 'ops', '--json'], {AGORA_HOME: home})
    expect(first.code, first.stderr).to.equal(0)
    expect(JSON.parse(first.stdout).channels[0]).to.include({channel: 'ops', leases: 1, store_rows: 2, store_written: true})
    const md = readFileSync(join(dir, 'store', 'ops.md'), 'utf8')
    expect(md).to.match(/^- mira holds infra \(exclusive\) until \d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ · workspace git\\:root\\-ops · v1$/m)
    expect(md).to.include('### notes\\:owner\n\n- version: 1\n- by: mira')
    const second = await run(['bin/run.js', 'mirror', dir, '--as', 'mira', '--channels', 'ops'], {AGORA_HOME: home})
    expect(second.code, second.stderr).to.equal(0)
    expect(second.stdout).to.include('ops: +0 messages').and.include('2 store rows (1 lease)\n').and.include('0 store files rendered')
    expect(readFileSync(join(dir, 'store', 'ops.md'), 'utf8')).to.equal(md)
  })
})
