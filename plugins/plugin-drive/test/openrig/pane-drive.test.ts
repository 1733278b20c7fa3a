import {existsSync, readFileSync} from 'node:fs'
import {join} from 'node:path'
import {PassThrough} from 'node:stream'
import {expect} from 'chai'

import {runDrive} from '../../src/drive/run-drive.js'
import type {DriveOptions} from '../../src/drive/run-drive.js'
import {REPO} from '../helpers/cli.js'
import {askBob, fixtureHarness, openWorld} from '../helpers/world.js'
import type {World} from '../helpers/world.js'
import {startFakeOpenRig} from '../fixtures/fake-openrig.js'
import type {FakeOpenRig} from '../fixtures/fake-openrig.js'

const base: DriveOptions = {maxWait: 2, debounce: 0, turnBudget: 250, workBudget: 100, receptionTimeout: 60, workTimeout: 3600, sessionRotate: 25, turnLog: false, once: false, openrig: {launchId: 'launch-1'}}

/** A pane with a terminal: raw mode switches recorded. */
class FakeTty extends PassThrough {
  isTTY = true
  raw: boolean[] = []
  setRawMode(mode: boolean): this {
    this.raw.push(mode)
    return this
  }
}

let seen: string[] = []
const until = async (what: string, test: () => boolean, ms = 60_000): Promise<void> => {
  const end = Date.now() + ms
  while (!test()) {
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}; the runner printed:\n${seen.join('\n')}`)
    await new Promise((r) => setTimeout(r, 50))
  }
}
const stream = (rig: FakeOpenRig) => rig.posts.map((p) => `${p.hookEvent}/${p.subtype}#${p.turnId ?? '-'}`).filter((e) => !e.startsWith('active/'))

describe('agora drive --openrig: pane input and permission prompts (against a fake OpenRig)', function () {
  this.timeout(180_000)
  let world: World
  let rig: FakeOpenRig
  let env: NodeJS.ProcessEnv
  beforeEach(async () => {
    world = await openWorld()
    rig = await startFakeOpenRig()
    env = {...world.env, OPENRIG_URL: rig.url, OPENRIG_ACTIVITY_HOOK_TOKEN: rig.token, OPENRIG_SESSION_NAME: 'dev-builder@my-rig', OPENRIG_NODE_ID: 'node-7',
      OPENRIG_RUNTIME: 'agora', OPENRIG_OCCUPANT_GENERATION: 'gen-3'}
  })
  let active: {controller: AbortController; done: Promise<unknown>} | null = null
  afterEach(async () => {
    // a failed test leaves its runner going: stop it before the hub goes
    active?.controller.abort()
    await active?.done.catch(() => undefined)
    active = null
    await rig.close()
    await world.close()
  })

  const start = async (options: Partial<DriveOptions>, pane: PassThrough | undefined) => {
    const out: string[] = []
    seen = out
    const written: string[] = []
    const controller = new AbortController()
    const done = runDrive({...base, ...options}, {
      cwd: world.workspace, home: world.home, env, found: [await fixtureHarness()], out: (l) => out.push(l), err: () => {}, agoraScript: join(REPO, 'bin/run.js'),
      signal: controller.signal, pane, write: (t) => written.push(t), interrupt: () => controller.abort(),
    })
    active = {controller, done}
    await until('READY', () => out.includes('[agora-runner] READY'))
    return {out, written, controller, done}
  }

  it('runs a pasted multi-line message as one prompt in its own turn, mirrored in the pane, with accepted → PreToolUse → Stop posted', async () => {
    const prompts = join(world.root, 'prompts.jsonl')
    const pane = new FakeTty()
    const run = await start({harnessArg: [`prompt-log=${prompts}`]}, pane)
    pane.write('\x1b[200~From: lead@my-rig\rTo: dev-builder@my-rig\r\rWhat is on your inbox?\x1b[201~\r')
    await until('the pane turn', () => run.out.includes('[agora-runner] turn ended ok'))
    run.controller.abort()
    expect((await run.done).reason).to.equal('operator-interrupt')
    expect(readFileSync(prompts, 'utf8').trim().split('\n').map((l) => JSON.parse(l))).to.deep.equal(['From: lead@my-rig\nTo: dev-builder@my-rig\n\nWhat is on your inbox?'])
    expect(run.out).to.include('you ▸ From: lead@my-rig (+3 lines)')
    expect(run.out, 'the model\'s last message is mirrored in the pane').to.include('agent ▸ Inbox read; nothing is owed.')
    expect(stream(rig)).to.deep.equal(['UserPromptSubmit/accepted#1', 'PreToolUse/check_inbox#1', 'Stop/turn_end#1', 'Stop/agora_exited#-'])
    expect(pane.raw, 'raw mode on, then back off').to.deep.equal([true, false])
    expect(run.written, 'bracketed paste on, then off').to.deep.equal(['\x1b[?2004h', '\x1b[?2004l'])
    // the pane turn continues the seat's reception conversation
    expect(readFileSync(join(world.home, 'drive-bob.scripted.reception-v2.session'), 'utf8').trim()).to.match(/^scripted-/)
  })

  it('queues a message sent mid-turn, cancels the running turn on /abort (Stop/cancelled), then runs the queued one', async () => {
    const pane = new PassThrough()
    const state = join(world.root, 'fault-state')
    const run = await start({harnessArg: ['fault=hang', 'fault-times=1', `fault-state=${state}`]}, pane)
    pane.write('first: this turn hangs\n')
    await until('the first turn', () => run.out.some((l) => l.includes('turn-start')))
    pane.write('second: waits its turn\n')
    await until('the queued notice', () => run.out.some((l) => l.startsWith('[agora-runner] queued')))
    // the hanging turn has counted itself (a turn killed before it starts would leave the next one to hang)
    await until('the first turn to hang', () => existsSync(state))
    pane.write('/abort\n')
    await until('the second turn', () => run.out.includes('[agora-runner] turn ended ok'))
    run.controller.abort()
    await run.done
    expect(run.out.filter((l) => l.startsWith('[agora-runner]') || l.startsWith('you ▸'))).to.deep.equal([
      '[agora-runner] READY', 'you ▸ first: this turn hangs', 'you ▸ second: waits its turn',
      '[agora-runner] queued: a turn is running; this message is the next prompt once it ends',
      '[agora-runner] cancel requested (/abort); the turn reads cancelled once it stops', '[agora-runner] turn cancelled', '[agora-runner] turn ended ok',
      '[agora-runner] EXITED'])
    expect(stream(rig)).to.deep.equal(['UserPromptSubmit/accepted#1', 'Stop/cancelled#1', 'UserPromptSubmit/accepted#2', 'PreToolUse/check_inbox#2', 'Stop/turn_end#2', 'Stop/agora_exited#-'])
  })

  it('says there is nothing to abort when idle, and stops the runner on a second Ctrl-C within 2 s', async () => {
    const pane = new FakeTty()
    const run = await start({}, pane)
    pane.write('/abort\r')
    pane.write('\x03')
    await until('the hint', () => run.out.some((l) => l.includes('Ctrl-C again')))
    pane.write('\x03')
    expect((await run.done).reason).to.equal('operator-interrupt')
    expect(run.out.filter((l) => l.startsWith('[agora-runner]'))).to.deep.equal([
      '[agora-runner] READY', '[agora-runner] no turn is running: nothing to abort', '[agora-runner] no turn is running; Ctrl-C again within 2 s stops the runner', '[agora-runner] EXITED'])
  })

  it('posts a refused permission as Notification/permission_prompt and holds it: no Stop, no beats, until the next accepted prompt', async () => {
    await askBob(world)
    const pane = new PassThrough()
    const run = await start({harnessArg: ['fault=refused'], maxWait: 20, debounce: 0}, pane)
    await until('the refused wake turn', () => run.out.some((l) => l.startsWith('[agora-runner] permission refused')))
    await until('its end', () => run.out.some((l) => l.includes('event=turn_end')))
    await new Promise((r) => setTimeout(r, 300))
    const held = stream(rig)
    expect(held).to.deep.equal(['UserPromptSubmit/accepted#1', 'PreToolUse/check_inbox#1', 'PreToolUse/post_message#1', 'Notification/permission_prompt#1'])
    expect(rig.states.at(-1), 'the seat reads needs input').to.equal('needs_input')
    expect(run.out.find((l) => l.startsWith('[agora-runner] permission refused'))).to.match(/^\[agora-runner\] permission refused: harness-refused-tool: scripted-agent: post_message refused by permission policy \(dm:alice--bob\); the seat reads needs input until the next prompt$/)
    // the person answers in the pane: that is the next prompt, and accepting it clears the attention
    pane.write('go ahead without posting\n')
    await until('the answer turn', () => run.out.includes('you ▸ go ahead without posting'))
    await until('accepted', () => rig.states.at(-1) === 'running')
    run.controller.abort()
    await run.done
    expect(stream(rig).slice(4, 5)).to.deep.equal(['UserPromptSubmit/accepted#2'])
  })
})
