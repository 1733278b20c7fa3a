import {expect} from 'chai'
import {readFileSync} from 'node:fs'
import {join} from 'node:path'

import {runDrive} from '../../src/drive/run-drive.js'
import type {DriveOptions} from '../../src/drive/run-drive.js'
import {REPO} from '../helpers/cli.js'
import {ADMIN, askBob, fixtureHarness, openWorld, Seat} from '../helpers/world.js'
import type {World} from '../helpers/world.js'

const base: DriveOptions = {maxWait: 20, debounce: 0, turnBudget: 250, workBudget: 100, receptionTimeout: 60, workTimeout: 3600, sessionRotate: 25, turnLog: false, once: true}

describe('runDrive', function () {
  this.timeout(60_000)
  let world: World
  beforeEach(async () => {
    world = await openWorld()
  })
  afterEach(async () => world.close())

  it('wakes on an owed ask, answers it through agora-mcp in one turn, and leaves the asker an answer to consume', async () => {
    const ask = await askBob(world)
    await world.hub.sweepVotes()
    await world.alice.call('PUT', '/admin/agents/bob/mission', {mission: 'Answer questions about numbers.'}).catch(() => undefined)
    const out: string[] = []
    const exit = await runDrive(base, {cwd: world.workspace, home: world.home, env: world.env, found: [await fixtureHarness()], out: (l) => out.push(l), err: () => {}, agoraScript: join(REPO, 'bin/run.js')})
    expect(exit).to.deep.equal({code: 0, reason: 'once-ok'})
    const drive = out.filter((l) => l.startsWith('AGORA_DRIVE'))
    expect(drive[0]).to.match(/^AGORA_DRIVE event=ready status=ok agent=bob harness=scripted hub=http:\/\/127\.0\.0\.1:\d+ mcp=required mcp_sdk=\S+ mcp_command=\S+agora-mcp(\.js)? permissions=write model=harness-default work_budget=100\/h limitations=none$/)
    expect(drive).to.include('AGORA_DRIVE state=turn agent=bob reason=obligation')
    expect(drive.find((l) => l.includes('turn-start'))).to.match(/^AGORA_DRIVE turn-start agent=bob kind=boot timeout=60s/)
    expect(drive.find((l) => l.includes('event=turn_end'))).to.match(/^AGORA_DRIVE event=turn_end status=ok agent=bob harness=scripted kind=boot dur=\d+s session=scripted-\S+ mcp_tools=check_inbox,post_message$/)
    expect(out.some((l) => /^AGORA_WAKE agent=bob n=0 backlog oldest=dm:alice--bob#\d+,\d+s,names-you owed=1$/.test(l))).to.equal(true)
    const owed = await world.alice.call<{to_consume: Array<{id: string; answered_by: string}>}>('GET', '/owed')
    expect(owed.to_consume.map((row) => [row.id, row.answered_by])).to.deep.equal([[ask.id, 'bob']])
    const session = readFileSync(join(world.home, 'drive-bob.scripted.reception-v2.session'), 'utf8').trim()
    expect(session).to.match(/^scripted-/)
  })

  it('spends quiet time on the seat\'s claim as a delegate: SUPERVISE chunks, struck by the real hub until the version retires', async () => {
    await world.alice.call('POST', '/channels', {name: 'build', private: false})
    await world.bob.call('POST', '/channels/build/join', {})
    await world.bob.call('PUT', '/channels/build/store/claim:parser', {value: {owner: 'bob', status: 'in progress', next_step: 'lexer'}})
    await new Seat(world.hub.url, 'admin', ADMIN).call('PUT', '/admin/delegation', {agent_id: 'bob', powers: ['operational'], note: 'runs build', scope: '*', mission: 'Run the build room.'})
    const log = join(world.root, 'argv.jsonl')
    const out: string[] = []
    const exit = await runDrive({...base, once: false, maxWait: 2, chunkWindow: 1, maxTurns: 3, harnessArg: [`log=${log}`]}, {
      cwd: world.workspace, home: world.home, env: world.env, found: [await fixtureHarness()], out: (l) => out.push(l), err: () => {}, agoraScript: join(REPO, 'bin/run.js'),
    })
    expect(exit, out.join('\n')).to.deep.equal({code: 0, reason: 'max-turns'})
    expect(out.filter((l) => l.includes('state=chunk'))).to.deep.equal([0, 1, 2].map((n) => `AGORA_DRIVE state=chunk agent=bob reason=continuable-work row=build/claim:parser@1 strikes=${n}`))
    expect(out.some((l) => l.startsWith('AGORA_DRIVE initiative=retired agent=bob row=build/claim:parser@1 reason=no-receipt strikes=3'))).to.equal(true)
    const heads = readFileSync(log, 'utf8').trim().split('\n').map((l) => (JSON.parse(l) as {promptHead: string}).promptHead)
    expect(heads).to.deep.equal(['AGORA SUPERVISE — th', 'AGORA SUPERVISE — th', 'AGORA SUPERVISE — th'])
    expect(readFileSync(join(world.home, 'drive-bob.scripted.work-v2.claim'), 'utf8')).to.equal('build/claim:parser\n')
  })
})
