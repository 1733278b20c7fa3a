import {expect} from 'chai'
import {readFileSync, statSync} from 'node:fs'
import {join} from 'node:path'

import {mcpBindingEnv} from '@agora/contract'
import type {HarnessDeclaration} from '@agora/contract'

import {turnRunner} from '../../src/drive/turn-runner.js'
import {writeTurnFiles} from '../../src/drive/turn-env.js'
import {httpHub} from '../../src/hub-port.js'
import {REPO} from '../helpers/cli.js'
import {askBob, fixtureHarness, openWorld} from '../helpers/world.js'
import type {World} from '../helpers/world.js'

describe('turnRunner', function () {
  this.timeout(30_000)
  let world: World
  beforeEach(async () => {
    world = await openWorld()
  })
  afterEach(async () => world.close())

  async function runner(decl: HarnessDeclaration, out: string[]) {
    const seat = {agentId: 'bob', url: world.hub.url, home: world.home, about: ''}
    return turnRunner({
      decl, all: [decl], request: {}, seat, mcp: {command: join(REPO, 'bin/agora-mcp.js'), args: [], env: mcpBindingEnv(seat)}, workspace: world.workspace,
      pluginRoot: '/x', stateDir: join(world.home, 'state'), operatorEnv: world.env, hub: httpHub({url: world.hub.url, agentId: 'bob', home: world.home}),
      out: (l) => out.push(l), failuresPath: join(world.home, 'drive-bob.failures.jsonl'),
    })
  }

  it('writes the command\'s files 0600 before the turn and judges a harness without evidence by its exit code alone', async () => {
    await askBob(world)
    const base = (await fixtureHarness()).declaration!
    const filePath = join(world.home, 'state', 'turn-config.json')
    const blind: HarnessDeclaration = {
      ...base, evidence: null, unmet: ['evidence'],
      buildCommand: (turn) => ({...base.buildCommand(turn), files: [{path: filePath, content: '{"seat":"bob"}'}]}),
    }
    const out: string[] = []
    const outcome = await (await runner(blind, out))({lane: 'reception', kind: 'boot', prompt: 'AGORA BOOT', sessionId: null, timeoutS: 20})
    expect(outcome.verdict.ok).to.equal(true)
    expect(readFileSync(filePath, 'utf8')).to.equal('{"seat":"bob"}')
    expect(statSync(filePath).mode & 0o777).to.equal(0o600)
    expect(out.at(-1)).to.match(/^AGORA_DRIVE event=turn_end status=ok agent=bob harness=scripted kind=boot dur=\d+s session=- mcp_tools=unobservable$/)
  })

  it('turns a reception turn that left its debt into stage=reception reason=debt-remains', async () => {
    await askBob(world)
    const base = (await fixtureHarness()).declaration!
    // exit 0 without answering (its post is refused), judged by exit code alone: only the debt check can catch it
    const lazy: HarnessDeclaration = {...base, evidence: null, unmet: ['evidence'], buildCommand: (turn) => base.buildCommand({...turn, harnessArgs: [['fault', 'refused']]})}
    const out: string[] = []
    const outcome = await (await runner(lazy, out))({lane: 'reception', kind: 'boot', prompt: 'AGORA BOOT', sessionId: null, timeoutS: 20})
    expect(outcome.verdict).to.include({ok: false, stage: 'reception', reason: 'debt-remains'})
    expect(outcome.verdict.detail).to.match(/^original debt remains after turn: to_answer=dm:alice--bob#\d+ pending_without_linked_claim=1$/)
  })

  it('creates a missing parent folder 0700 for a turn file', () => {
    const dir = join(world.root, 'fresh', 'deeper')
    writeTurnFiles([{path: join(dir, 'f.txt'), content: 'x'}])
    expect(statSync(dir).mode & 0o777).to.equal(0o700)
  })
})
