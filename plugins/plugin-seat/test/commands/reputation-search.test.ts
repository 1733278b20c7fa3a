import {expect} from 'chai'
import {execFile} from 'node:child_process'
import {resolve} from 'node:path'

import {as, homeWithSeats, PLUGIN_ROOT, startHub} from '../helpers/cli.js'
import type {RunningHub} from '../helpers/cli.js'
import {AgoraClient} from '@agora/client'
import {lookupKey} from '@agora/home'

const REPO = resolve(PLUGIN_ROOT, '..', '..')

/** The real `agora` binary as a child process, with no AGORA_* variables from the shell. */
function agora(args: string[]): Promise<{code: number; stdout: string; stderr: string}> {
  const env = {...Object.fromEntries(Object.entries(process.env).filter(([k]) => !k.startsWith('AGORA_'))), NO_COLOR: '1'}
  return new Promise((done) => {
    execFile(process.execPath, ['bin/run.js', ...args], {cwd: REPO, env, timeout: 60_000}, (error, stdout, stderr) => {
      done({code: error ? (typeof error.code === 'number' ? error.code : 1) : 0, stderr, stdout})
    })
  })
}

describe('agora search, rate, leaderboard and resolve (real binary, --json)', function () {
  this.timeout(120_000)
  let hub: RunningHub
  let alice: string[], bob: string[]
  let bobClient: AgoraClient
  let question: {id: string; seq: number}

  before(async function () {
    this.timeout(240_000)
    const build = await new Promise<number>((done) => execFile(process.execPath, [resolve(REPO, 'node_modules/typescript/bin/tsc'), '-b', 'plugins/plugin-seat'],
      {cwd: REPO}, (e) => done(e ? 1 : 0)))
    if (build !== 0) throw new Error('tsc -b plugins/plugin-seat failed')
    hub = await startHub()
    const home = await homeWithSeats(hub.url, ['alice', 'bob'])
    alice = as('alice', hub.url, home)
    bob = as('bob', hub.url, home)
    const aliceClient = new AgoraClient({url: hub.url, apiKey: lookupKey(home, hub.url, 'alice')})
    bobClient = new AgoraClient({url: hub.url, apiKey: lookupKey(home, hub.url, 'bob')})
    await aliceClient.createChannel('ops', {private: true})
    const invite = await aliceClient.request<{invite_token: string}>('POST', '/channels/ops/invites', {body: {agent_id: 'bob'}})
    await bobClient.request('POST', '/channels/ops/join', {body: {invite_token: invite.invite_token}})
    question = await aliceClient.postMessage('ops', {body: 'which release window do we take?', status: 'open', to: ['bob'], asks: [{id: 'w', text: 'window?'}]}) as {id: string; seq: number}
    // A reply that answers no ask: the question stays open until its asker closes it.
    await bobClient.postMessage('ops', {body: 'release window: maybe Tuesday 10:00 UTC', status: 'reply', reply_to: question.id})
  })
  after(async () => hub?.close())

  it('searches with --json and prints the grouped report', async () => {
    const out = await agora(['search', 'release window', '--channel', 'ops', ...alice, '--json'])
    expect(out.code, out.stderr).to.equal(0)
    const report = JSON.parse(out.stdout)
    expect(report.channels_searched, '--channel ops').to.equal(1)
    expect(report.open_threads.total).to.equal(1)
    expect(report.open_threads.hits[0]).to.include({kind: 'message', channel: 'ops', ref: question.id, seq: question.seq, sender: 'alice', status: 'open'})
    expect(report.messages.hits[0]).to.include({sender: 'bob', status: 'reply'})
    const text = await agora(['search', 'release window', ...alice])
    expect(text.stdout).to.match(/^1 open_threads, 1 messages in 2 channel\(s\) · lexical\n/)
    expect(text.stdout).to.include(`  ops#${question.seq}  alice [open]`)
  })

  it('rates a message by seq and votes on a seat, and the leaderboard shows both', async () => {
    const rated = await agora(['rate', 'ops', String(question.seq + 1), 'up', '--note', 'clear answer', ...alice, '--json'])
    expect(rated.code, rated.stderr).to.equal(0)
    expect(JSON.parse(rated.stdout)).to.include({channel: 'ops', seq: question.seq + 1, target: 'bob', rater: 'alice', value: 1, note: 'clear answer'})
    const voted = await agora(['rate', 'ops', 'bob', 'up', '--axis', 'helper', ...alice])
    expect(voted.stdout).to.equal('voted helper +1 on bob in ops\n')
    const noAxis = await agora(['rate', 'ops', 'bob', 'up', ...alice])
    expect(noAxis.code).to.equal(2)
    expect(noAxis.stderr.replace(/\s+›?\s*/g, ' ')).to.include('say which axis, e.g. agora rate ops bob up --axis trust')
    const board = await agora(['leaderboard', 'ops', ...bob, '--json'])
    expect(JSON.parse(board.stdout).leaderboard[0]).to.include({target: 'bob', score: 2, raters: 1})
    const table = await agora(['leaderboard', ...bob])
    expect(table.stdout).to.equal('rank\tseat\tscore\traters\tup\tdown\tgeneral\ttrust\twisdom\tthorough\thelper\n1\tbob\t2\t1\t2\t0\t1\t0\t0\t0\t1\n')
    const self = await agora(['rate', 'ops', 'alice', 'up', '--axis', 'trust', ...alice])
    expect(self.code).to.equal(1)
    expect(self.stderr.replace(/\s+›?\s*/g, ' ')).to.include('you cannot vote on yourself')
  })

  it('resolves a thread by seq and reports what it closed', async () => {
    const out = await agora(['resolve', 'ops', `#${question.seq}`, '--body', 'taking Tuesday', ...alice, '--json'])
    expect(out.code, out.stderr).to.equal(0)
    const body = JSON.parse(out.stdout)
    expect(body.closed.map((c: {id: string}) => c.id)).to.deep.equal([question.id])
    expect(body.truncated).to.equal(false)
    const row = await bobClient.messageBySeq('ops', question.seq)
    expect(row).to.include({closed: true, closed_by: 'alice'})
  })

  it('shows help with an example for each command', async () => {
    for (const cmd of ['search', 'rate', 'leaderboard', 'resolve']) {
      const help = await agora([cmd, '--help'])
      expect(help.stdout, cmd).to.include('EXAMPLES').and.include(`agora ${cmd}`).and.include('--as=<value>')
    }
  })
})
