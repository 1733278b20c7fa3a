import {expect} from 'chai'
import {execFile} from 'node:child_process'
import {resolve} from 'node:path'

import {addSeats, adminClient, operatorHome, PLUGIN_ROOT, startHub} from '../helpers/cli.js'
import type {ClockedHub} from '../helpers/cli.js'

const REPO = resolve(PLUGIN_ROOT, '..', '..')

/** The real `agora` binary, AGORA_* of the shell hidden, --json parsed. */
function agoraJson(args: string[]): Promise<{code: number; json: any; stderr: string}> {
  const env = Object.fromEntries(Object.entries(process.env).filter(([k]) => !k.startsWith('AGORA_')))
  return new Promise((done) => {
    execFile(process.execPath, ['bin/run.js', ...args, '--json'], {cwd: REPO, env, timeout: 60_000}, (error, stdout, stderr) => {
      let json: unknown = null
      try { json = JSON.parse(stdout) } catch { /* refusals print an error object or nothing */ }
      done({code: error ? (typeof error.code === 'number' ? error.code : 1) : 0, json, stderr})
    })
  })
}

describe('agora retire / unretire (real binary)', function () {
  this.timeout(240_000)
  let hub: ClockedHub
  let home: string
  let at: string[]
  before(async function () {
    this.timeout(240_000)
    const build = await new Promise<number>((done) => execFile(process.execPath, [resolve(REPO, 'node_modules/typescript/bin/tsc'), '-b', 'plugins/plugin-operator'],
      {cwd: REPO}, (error) => done(error ? 1 : 0)))
    if (build !== 0) throw new Error('tsc -b plugins/plugin-operator failed')
    hub = await startHub()
    home = operatorHome(hub)
    await addSeats(hub.url, home, ['alice', 'bob'])
    at = ['--url', hub.url, '--home', home]
  })
  after(async () => hub?.hub.close())

  it('retires with the admin key, lists, unretires, and hard-deletes only a retired seat', async () => {
    const retired = await agoraJson(['retire', 'bob', '--reason', 'project ended', ...at])
    expect(retired.json).to.include({agent_id: 'bob', retired: true, reason: 'project ended', by: 'operator'})
    expect(retired.json.left).to.deep.equal(['commons'])
    const list = await agoraJson(['retire', '--list', ...at])
    expect(list.json.map((r: {agent_id: string; reason: string; deleted: boolean}) => [r.agent_id, r.reason, r.deleted])).to.deep.equal([['bob', 'project ended', false]])
    expect((await agoraJson(['unretire', 'bob', ...at])).json).to.deep.equal({agent_id: 'bob', retired: false, by: 'operator', restored: ['commons']})
    const early = await agoraJson(['retire', 'bob', '--delete', ...at])
    expect(early.code).to.equal(1)
    expect(JSON.stringify(early.json) + early.stderr).to.include('409')
    await agoraJson(['retire', 'bob', ...at])
    expect((await agoraJson(['retire', 'bob', '--delete', ...at])).json).to.include({agent_id: 'bob', deleted: true})
    expect((await adminClient(hub.url).request<Array<{id: string}>>('GET', '/agents', {admin: true})).map((a) => a.id)).to.deep.equal(['alice'])
  })

  it('refuses a plain seat acting with --as (403) and changes nothing', async () => {
    const r = await agoraJson(['retire', 'alice', '--as', 'alice', ...at])
    expect(r.code).to.equal(1)
    expect(JSON.stringify(r.json) + r.stderr).to.include('403')
    expect(await adminClient(hub.url).request('GET', '/agents/retired', {admin: true})).to.have.length(1)
  })
})
