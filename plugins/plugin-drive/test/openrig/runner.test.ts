import {mkdtempSync, readdirSync, readFileSync, writeFileSync} from 'node:fs'
import {tmpdir} from 'node:os'
import {join} from 'node:path'
import {expect} from 'chai'

import type {RunTurn, TurnOutcome} from '../../src/drive/turn-runner.js'
import {discoverEndpoint} from '../../src/openrig/endpoint.js'
import {openRigFor, runnerEvidence} from '../../src/openrig/drive-runner.js'
import {ACP_EVIDENCE} from '@agora/contract'
import {openRigRunner} from '../../src/openrig/runner.js'
import {startFakeOpenRig} from '../fixtures/fake-openrig.js'
import type {FakeOpenRig} from '../fixtures/fake-openrig.js'
import {the} from '../../../../test/helpers/present.js'

const OK: TurnOutcome = {verdict: {ok: true, stage: null, reason: null, detail: '', tools: [], sessionId: null, notices: []}, exitCode: 0, durationS: 1}
const REQUEST = {lane: 'reception' as const, kind: 'wake' as const, prompt: 'p', sessionId: null, timeoutS: 60}

describe('agora drive --openrig (the OpenRig runner contract)', function () {
  this.timeout(20_000)
  let rig: FakeOpenRig
  let dir: string
  let env: NodeJS.ProcessEnv
  const lines: string[] = []
  beforeEach(async () => {
    rig = await startFakeOpenRig()
    dir = mkdtempSync(join(tmpdir(), 'openrig-'))
    lines.length = 0
    env = {OPENRIG_URL: rig.url, OPENRIG_ACTIVITY_HOOK_TOKEN: rig.token, OPENRIG_SESSION_NAME: 'dev-builder@my-rig', OPENRIG_NODE_ID: 'node-7',
      OPENRIG_RUNTIME: 'agora', OPENRIG_OCCUPANT_GENERATION: 'gen-3', OPENRIG_LAUNCH_RESULT: join(dir, 'launch.json'), OPENRIG_LAUNCH_ATTEMPT: 'attempt-1'}
  })
  afterEach(async () => { await rig.close() })

  it('finds the endpoint in the stated order: OPENRIG_URL, then OPENRIG_PORT (host 127.0.0.1), then activity-endpoint.json', () => {
    expect(discoverEndpoint({OPENRIG_URL: 'http://h:1/', OPENRIG_PORT: '2', OPENRIG_ACTIVITY_HOOK_TOKEN: 't'})).to.deep.equal({base: 'http://h:1', token: 't', source: 'OPENRIG_URL'})
    expect(discoverEndpoint({OPENRIG_PORT: '4100', OPENRIG_ACTIVITY_HOOK_TOKEN: 't'})).to.deep.equal({base: 'http://127.0.0.1:4100', token: 't', source: 'OPENRIG_PORT'})
    writeFileSync(join(dir, 'activity-endpoint.json'), JSON.stringify({baseUrl: 'http://127.0.0.1:4200', token: 'file-token'}))
    expect(discoverEndpoint({OPENRIG_HOME: dir})).to.deep.equal({base: 'http://127.0.0.1:4200', token: 'file-token', source: 'activity-endpoint.json'})
    expect(discoverEndpoint({OPENRIG_URL: 'http://h:1'}), 'a URL without a token').to.equal(null)
  })

  it('writes the launch record atomically with the attempt and launch id, then prints READY', () => {
    const runner = openRigRunner({env, launchId: 'launch-9', producer: 'agora drive 0.1.0', out: (l) => lines.push(l)})
    runner.ready('agora:alice')
    expect(JSON.parse(readFileSync(join(dir, 'launch.json'), 'utf8'))).to.deep.equal({format: 1, attempt: 'attempt-1', harness: 'agora', nativeRef: 'agora:alice', producer: 'agora drive 0.1.0', launchId: 'launch-9'})
    expect(readdirSync(dir), 'no temporary file left behind').to.deep.equal(['launch.json'])
    expect(lines).to.deep.equal(['[agora-runner] READY'])
  })

  it('posts a turn in order: accepted, PreToolUse per tool, active beats, Stop with livenessSeconds, then agora_exited; identity from the launch, bearer in the header', async () => {
    const beats: Array<() => void> = []
    const runner = openRigRunner({env, launchId: null, producer: 'p', out: (l) => lines.push(l), livenessSeconds: 30,
      setInterval: ((fn: () => void) => { beats.push(fn); return 0 as unknown as NodeJS.Timeout }) as unknown as typeof setInterval, clearInterval: (() => {}) as typeof clearInterval})
    const turn: RunTurn = async () => {
      runner.toolSeen('check_inbox')
      the(beats, 0)()
      runner.toolSeen('post_message')
      the(beats, 0)()
      return OK
    }
    await runner.wrap(turn)(REQUEST)
    await runner.exited()
    expect(rig.posts.map((p) => `${p.hookEvent}/${p.subtype ?? ''}`)).to.deep.equal([
      'UserPromptSubmit/accepted', 'PreToolUse/check_inbox', 'active/heartbeat', 'PreToolUse/post_message', 'active/heartbeat', 'Stop/turn_end', 'Stop/agora_exited'])
    expect(rig.posts.map((p) => p.sequence)).to.deep.equal([1, 2, 3, 4, 5, 6, 7])
    expect(rig.posts[5]).to.include({livenessSeconds: 30, turnId: '1'})
    for (const post of rig.posts) {
      expect(post).to.include({sessionName: 'dev-builder@my-rig', nodeId: 'node-7', runtime: 'agora', generation: 'gen-3'})
      expect(Object.keys(post)).to.not.include.members(['nativeRef', 'sessionId', 'resumeRef'])
    }
    expect(rig.auth.every((a) => a === `Bearer ${rig.token}`)).to.equal(true)
    expect(lines.at(-1)).to.equal('[agora-runner] EXITED')
  })

  it('spaces active beats min(livenessSeconds/3, 5 s) apart', () => {
    const periods: number[] = []
    const every = ((_fn: () => void, ms: number) => { periods.push(ms); return 0 as unknown as NodeJS.Timeout }) as unknown as typeof setInterval
    for (const liveness of [6, 60]) {
      const runner = openRigRunner({env, launchId: null, producer: 'p', out: () => {}, livenessSeconds: liveness, setInterval: every, clearInterval: (() => {}) as typeof clearInterval})
      void runner.wrap(async () => OK)(REQUEST)
    }
    expect(periods).to.deep.equal([2000, 5000])
  })

  it('posts Stop/cancelled for a turn ended by Ctrl-C', async () => {
    const controller = new AbortController()
    const runner = openRigRunner({env, launchId: null, producer: 'p', out: () => {}})
    await runner.wrap(async () => { controller.abort(); return OK }, controller.signal)(REQUEST)
    await runner.poster.drain()
    expect(rig.posts.map((p) => `${p.hookEvent}/${p.subtype}`)).to.deep.equal(['UserPromptSubmit/accepted', 'Stop/cancelled'])
  })

  it('never fails or waits a turn on OpenRig: a wrong token (401) and a daemon that never answers are counted and swallowed', async () => {
    const runner = openRigRunner({env: {...env, OPENRIG_ACTIVITY_HOOK_TOKEN: 'wrong'}, launchId: null, producer: 'p', out: () => {}})
    expect(await runner.wrap(async () => OK)(REQUEST)).to.equal(OK)
    await runner.poster.drain()
    expect([runner.poster.failures, rig.refused, rig.posts.length]).to.deep.equal([2, 2, 0])
    const silent = await startFakeOpenRig({hang: true})
    try {
      const slow = openRigRunner({env: {...env, OPENRIG_URL: silent.url}, launchId: null, producer: 'p', out: () => {}})
      let settled = false
      const outcome = await slow.wrap(async () => OK)(REQUEST)
      slow.poster.drain().then(() => { settled = true })
      expect(outcome, 'the turn returned while the posts still wait').to.equal(OK)
      expect(settled).to.equal(false)
      await slow.poster.drain()
      expect(slow.poster.failures).to.equal(2)
    } finally {
      await silent.close()
    }
  })

  it('keeps the activity token out of the turns\' environment and refuses a resume ref naming another seat', () => {
    const {turnEnv} = openRigFor(null, 'alice', {env, out: () => {}})
    expect(turnEnv.OPENRIG_ACTIVITY_HOOK_TOKEN).to.equal(undefined)
    expect(turnEnv.OPENRIG_SESSION_NAME).to.equal('dev-builder@my-rig')
    expect(() => openRigFor(null, 'alice', {env: {...env, OPENRIG_RESUME_REF: 'agora:bob'}, out: () => {}})).to.throw(/never another/)
  })

  it('reads an ACP permission refusal from the turn record as it happens: Notification/permission_prompt, then no beats and no Stop while held', async () => {
    const beats: Array<() => void> = []
    const runner = openRigRunner({env, launchId: null, producer: 'p', out: (l) => lines.push(l),
      setInterval: ((fn: () => void) => { beats.push(fn); return 0 as unknown as NodeJS.Timeout }) as unknown as typeof setInterval, clearInterval: (() => {}) as typeof clearInterval})
    const read = runnerEvidence(ACP_EVIDENCE, runner)
    await runner.wrap(async () => {
      read(JSON.stringify({acp: 'permission', toolCallId: 't1', title: 'mcp__agora__whoami', kind: 'other', answer: 'allow_once', refused: false, firstSeen: true}))
      read(JSON.stringify({acp: 'permission', toolCallId: 't2', title: 'Write notes.txt', kind: 'edit', answer: 'reject_once', refused: true, firstSeen: true}))
      the(beats, 0)()
      return OK
    })(REQUEST)
    await runner.wrap(async () => OK)(REQUEST)
    await runner.poster.drain()
    expect(rig.posts.map((p) => `${p.hookEvent}/${p.subtype}#${p.turnId}`)).to.deep.equal([
      'UserPromptSubmit/accepted#1', 'PreToolUse/whoami#1', 'Notification/permission_prompt#1', 'UserPromptSubmit/accepted#2', 'Stop/turn_end#2'])
    expect(lines).to.include('[agora-runner] permission refused: Write notes.txt (kind edit) answered reject_once; the seat reads needs input until the next prompt')
  })
})
