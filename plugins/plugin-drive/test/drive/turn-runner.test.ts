import {expect} from 'chai'
import {readFileSync, statSync} from 'node:fs'
import {join} from 'node:path'

import {mcpBindingEnv, resolveDeclaration} from '@agora/contract'
import type {AcpHarnessDeclaration, HarnessDeclaration} from '@agora/contract'

import {turnRunner} from '../../src/drive/turn-runner.js'
import {writeTurnFiles} from '../../src/drive/turn-env.js'
import {httpHub} from '../../src/hub-port.js'
import {REPO} from '../helpers/cli.js'
import {askBob, fixtureHarness, openWorld} from '../helpers/world.js'
import type {World} from '../helpers/world.js'
import {the} from '../../../../test/helpers/present.js'

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

  it('carries an acp declaration\'s turn over ACP: agora\'s server in session/new under the seat, judged by the session record', async () => {
    const agent = join(REPO, 'agora-core/transport/test/fixtures/fake-acp-agent.mjs')
    const log = join(world.root, 'acp-calls.ndjson')
    const base = (await fixtureHarness()).declaration!
    const {evidence: _evidence, probeArgv: _probeArgv, workspace: _workspace, ...data} = base
    const declared: AcpHarnessDeclaration = {
      ...data, transport: 'acp',
      buildCommand: (turn) => ({argv: [agent], env: {FAKE_ACP_MODE: 'happy', FAKE_ACP_LOG: log}, session: turn.session}),
    }
    const acp = resolveDeclaration(declared)
    const out: string[] = []
    const outcome = await (await runner(acp, out))({lane: 'work', kind: 'work', prompt: 'AGORA WORK CHUNK', sessionId: null, timeoutS: 20})
    expect(outcome.verdict).to.deep.include({ok: true, tools: ['whoami'], sessionId: 'fake-session-1'})
    const opened = readFileSync(log, 'utf8').split('\n').filter(Boolean).map((l) => JSON.parse(l) as {method: string; params: {cwd: string; mcpServers: Array<{command: string; env: Array<{name: string; value: string}>}>}}).find((c) => c.method === 'session/new')!
    expect(opened.params.cwd).to.equal(world.workspace)
    expect(the(opened.params.mcpServers, 0).command).to.equal(join(REPO, 'bin/agora-mcp.js'))
    expect(the(opened.params.mcpServers, 0).env).to.deep.include({name: 'AGORA_AGENT_ID', value: 'bob'})
    expect(out.at(-1)).to.match(/^AGORA_DRIVE event=turn_end status=ok agent=bob harness=scripted kind=work dur=\d+s session=fake-session-1 mcp_tools=whoami$/)
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
