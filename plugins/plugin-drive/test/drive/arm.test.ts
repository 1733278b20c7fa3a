import {expect} from 'chai'
import {existsSync, readFileSync, statSync, writeFileSync} from 'node:fs'
import {join} from 'node:path'
import {spawn} from 'node:child_process'

import type {HarnessDeclaration} from '@agora/contract'

import {announceReady, armDrive, DriveRefusal, limitations} from '../../src/drive/arm.js'
import {runDrive} from '../../src/drive/run-drive.js'
import {REPO} from '../helpers/cli.js'
import {askBob, fixtureHarness, openWorld} from '../helpers/world.js'
import type {World} from '../helpers/world.js'
import {the} from '../../../../test/helpers/present.js'

describe('armDrive', function () {
  this.timeout(60_000)
  let world: World
  beforeEach(async () => {
    world = await openWorld()
  })
  afterEach(async () => world.close())
  const ctx = async (out: string[] = [], env = world.env) => ({cwd: world.workspace, home: world.home, env, found: [await fixtureHarness()], out: (l: string) => out.push(l), agoraScript: join(REPO, 'bin/run.js')})

  it('refuses a second driver while a live one holds drive-<id>.pid, and leaves its pidfile alone', async () => {
    const other = spawn(process.execPath, ['-e', 'setTimeout(() => {}, 20000)'])
    try {
      writeFileSync(join(world.home, 'drive-bob.pid'), `${other.pid}\n`)
      let error: unknown
      await armDrive({}, await ctx()).catch((caught) => (error = caught))
      expect(error).to.be.instanceOf(DriveRefusal)
      expect((error as Error).message).to.match(/^agora drive \(pid \d+\) already drives bob/)
      expect(readFileSync(join(world.home, 'drive-bob.pid'), 'utf8').trim()).to.equal(String(other.pid))
    } finally {
      other.kill()
    }
  })

  it('refuses a malformed --harness-arg and a harness not wired in this folder', async () => {
    await armDrive({harnessArg: ['novalue']}, await ctx()).then(() => expect.fail('armed'), (e: Error) => expect(e.message).to.equal("--harness-arg takes KEY=VALUE, got 'novalue'"))
    await armDrive({harness: 'elsewhere'}, await ctx()).then(() => expect.fail('armed'), (e: Error) => expect(e.message).to.match(/^the 'elsewhere' harness is not wired in this folder \(wired: scripted\)/))
  })

  it('says when the workspace seat wins over an ambient AGORA_AGENT_ID', async () => {
    const out: string[] = []
    await armDrive({}, await ctx(out, {...world.env, AGORA_AGENT_ID: 'mallory'}))
    expect(out).to.include('AGORA_DRIVE event=config status=ignored reason=workspace-seat-wins variable=AGORA_AGENT_ID ambient=mallory configured=bob')
  })

  it('names every limitation of a declaration on the ready line', async () => {
    const decl = (await fixtureHarness()).declaration!
    const weaker: HarnessDeclaration = {...decl, evidence: null, unmet: ['evidence'], identityScope: 'process', defaults: {...decl.defaults, modelFitForDriving: false}}
    expect(limitations(weaker)).to.deep.equal(['evidence=exit-code-only', 'identity=process-scoped'])
    const out: string[] = []
    const armed = {decl: weaker, all: [weaker], pluginRoot: '/x', seat: {agentId: 'bob', url: 'http://h', home: '/h', about: ''}, request: {}, mcpCommand: 'agora-mcp', mcpSdk: '1', permissions: 'write' as const, files: {} as never}
    announceReady(armed, 100, (l) => out.push(l))
    expect(out[0]).to.match(/ permissions=write model=harness-default work_budget=100\/h limitations=evidence=exit-code-only,identity=process-scoped$/)
    expect(out.slice(1)).to.deep.equal([
      "AGORA_DRIVE warn agent=bob harness=scripted reason=no-model-resolved — the framework's own default model is not fit to drive a seat; pass --model",
      'AGORA_DRIVE warn=identity-scope agent=bob harness=scripted scope=process',
    ])
  })

  it('records a turn log (0600, redacted) with --turn-log and removes its pidfile on exit', async () => {
    await askBob(world)
    const out: string[] = []
    const exit = await runDrive({maxWait: 20, debounce: 0, turnBudget: 9, workBudget: 0, receptionTimeout: 60, workTimeout: 60, sessionRotate: 25, turnLog: true, once: true}, {...(await ctx(out)), err: () => {}})
    expect(exit.code).to.equal(0)
    const path = join(world.home, 'drive-bob.turns.jsonl')
    expect(statSync(path).mode & 0o777).to.equal(0o600)
    const events = readFileSync(path, 'utf8').trim().split('\n').map((l) => JSON.parse(l) as {event?: string; type?: string})
    expect(the(events, 0).event).to.equal('turn_start')
    expect(events.some((e) => e.type === 'call')).to.equal(true)
    expect(events.at(-1)!.event).to.equal('turn_end')
    expect(readFileSync(path, 'utf8')).not.to.include(world.bob.key)
    expect(existsSync(join(world.home, 'drive-bob.pid'))).to.equal(false)
  })

  it('refuses a declaration that would hand a turn a credential, and a live session listener unless --force', async () => {
    const found = await fixtureHarness()
    const leaky = {...found, declaration: {...found.declaration!, buildCommand: (turn: Parameters<HarnessDeclaration['buildCommand']>[0]) => ({...found.declaration!.buildCommand(turn), env: {AGORA_API_KEY: 'agora_x'}})}}
    await armDrive({}, {...(await ctx()), found: [leaky]}).then(() => expect.fail('armed'), (e: Error) => expect(e.message).to.match(/^the 'scripted' plugin is unsafe to drive: the harness declaration sets a non-empty AGORA_API_KEY/))
    const listener = spawn(process.execPath, ['-e', 'setTimeout(() => {}, 20000)'])
    try {
      writeFileSync(join(world.home, 'listen-bob.pid'), `${listener.pid}\n`)
      await armDrive({}, await ctx()).then(() => expect.fail('armed'), (e: Error) => expect(e.message).to.match(/^a session listener \(pid \d+\) is armed for bob; stop that session's `agora listen` or pass --force$/))
      const armed = await armDrive({force: true}, await ctx())
      expect(armed.seat.agentId).to.equal('bob')
    } finally {
      listener.kill()
    }
  })
})
