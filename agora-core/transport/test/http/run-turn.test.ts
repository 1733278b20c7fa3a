import {mkdtempSync, readFileSync, existsSync} from 'node:fs'
import {tmpdir} from 'node:os'
import {join} from 'node:path'
import {expect} from 'chai'
import {AgoraClient} from '@agora/client'
import {ORCA_EVIDENCE, assessTurn} from '@agora/contract'
import type {HarnessDeclaration, TransportTurn} from '@agora/contract'

import {httpTransport} from '../../src/index.js'
import {startHub} from '../../../mcp/test/helpers/hub.js'
import type {TestHub} from '../../../mcp/test/helpers/hub.js'
import {LAUNCH_ARGS} from '../../../mcp/test/helpers/process.js'
import {startFakeWorker} from '../fixtures/fake-orca-worker.js'
import type {FakeWorker, FakeWorkerOptions} from '../fixtures/fake-orca-worker.js'
import {only, the} from '../../../../test/helpers/present.js'

const judge = {evidence: ORCA_EVIDENCE} as HarnessDeclaration

describe('http transport (Orca Harness Protocol v1)', function () {
  this.timeout(60_000)
  let hub: TestHub
  let worker: FakeWorker
  let stateDir: string

  before(async () => { hub = await startHub(['alice', 'bob']) })
  after(async () => { await hub.close() })
  beforeEach(() => { stateDir = mkdtempSync(join(tmpdir(), 'orca-state-')) })
  afterEach(async () => { await worker?.close() })

  const turnFor = (over: Partial<TransportTurn> = {}, stateFile: string | null = null): TransportTurn => ({
    argv: [worker.url], env: {PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? ''}, cwd: process.cwd(), timeoutMs: 30_000,
    prompt: 'call whoami and say who you are',
    session: {cwd: process.cwd(), permissions: 'write', resumeSessionId: null, modeId: null, modelId: null, configOptions: [],
      mcpServers: [{name: 'agora', command: process.execPath, args: LAUNCH_ARGS,
        env: [{name: 'AGORA_URL', value: hub.url}, {name: 'AGORA_AGENT_ID', value: 'alice'}, {name: 'AGORA_HOME', value: hub.home}, {name: 'AGORA_API_KEY', value: ''}]}]},
    http: {url: worker.url, sessionId: 'agora-alice-reception-abc', profile: {name: 'alice', runtime: 'custom'}, skills: [], stateFile},
    ...over,
  })
  const start = async (options: FakeWorkerOptions) => { worker = await startFakeWorker(options) }

  it('runs one POST /run whose envelope carries the stable session, the HTTP MCP endpoint and a turn token, never a seat key', async () => {
    await start({mode: 'tool'})
    const run = await httpTransport.runTurn(turnFor())
    const verdict = assessTurn(judge, {...run, kind: 'check'})
    expect(verdict, run.stdout).to.include({ok: true})
    expect(verdict.tools).to.deep.equal(['whoami'])
    expect(run.stdout).to.include('"toolName":"mcp__agora__whoami"').and.include('alice')
    const envelope = only(worker.runs)
    expect(envelope.sessionId).to.equal('agora-alice-reception-abc')
    expect(envelope.subtask).to.include({sessionId: 'agora-alice-reception-abc', prompt: 'call whoami and say who you are'})
    expect(envelope.subtask.id).to.match(/^agora-[0-9a-f]{12}$/)
    expect(envelope.profile).to.deep.equal({name: 'alice', runtime: 'custom'})
    expect(envelope.mcpServers).to.have.length(1)
    expect(envelope.mcpServers[0]).to.include({name: 'agora', transport: 'http'})
    expect(the(envelope.mcpServers, 0).url).to.match(/^http:\/\/127\.0\.0\.1:\d+\/mcp$/)
    expect(the(envelope.mcpServers, 0).headers.Authorization).to.match(/^Bearer agora-turn_/)
    for (const key of Object.values(hub.keys)) expect(JSON.stringify(envelope)).to.not.include(key)
  })

  it('revokes the turn token once the turn ends', async () => {
    await start({mode: 'tool'})
    await httpTransport.runTurn(turnFor())
    const token = the(the(worker.runs, 0).mcpServers, 0).headers.Authorization.slice('Bearer '.length)
    const alice = new AgoraClient({url: hub.url, apiKey: hub.keys[`${hub.url}::alice`]})
    const refused = await alice.turnTokenRedeem(token, 'after-the-turn').then(() => null, (e: Error) => e)
    expect(String(refused)).to.match(/revoked/)
  })

  it('judges an error event a failed turn with its message', async () => {
    await start({mode: 'error'})
    const verdict = assessTurn(judge, {...(await httpTransport.runTurn(turnFor())), kind: 'check'})
    expect(verdict).to.include({ok: false, stage: 'harness', reason: 'turn-failed', detail: 'the agent failed'})
  })

  it('judges a stream that ends without a terminal as truncated', async () => {
    await start({mode: 'no-terminal'})
    const run = await httpTransport.runTurn(turnFor())
    expect(assessTurn(judge, {...run, kind: 'check'})).to.include({ok: false, stage: 'harness', reason: 'truncated'})
  })

  it('keeps the first terminal and records a second one as a protocol-violation finding', async () => {
    await start({mode: 'multi-terminal'})
    const run = await httpTransport.runTurn(turnFor())
    const results = run.stdout.split('\n').filter((l) => l.includes('"type":"result"'))
    expect(results).to.have.length(1)
    expect(results[0]).to.include('echo:')
    expect(assessTurn(judge, {...run, kind: 'check'}).notices.join('\n')).to.include('a second terminal after the terminal was dropped')
  })

  it('skips a non-JSON line as a finding and still reads the terminal', async () => {
    await start({mode: 'garbage'})
    const run = await httpTransport.runTurn(turnFor())
    expect(run.stdout).to.include('a line that is not JSON was skipped: this is not json')
    expect(run.exitCode).to.equal(0)
  })

  it('cancels by closing the socket at the deadline: the worker sees the abort and no terminal is expected', async () => {
    await start({mode: 'slow'})
    const run = await httpTransport.runTurn(turnFor({timeoutMs: 1500}))
    expect(run.timedOut).to.equal(true)
    expect(run.stdout).to.include('"orca":"cancelled"')
    for (let i = 0; i < 50 && worker.aborts === 0; i++) await new Promise((r) => setTimeout(r, 20))
    expect(worker.aborts).to.equal(1)
  })

  it('closes the socket itself when a worker lingers after its terminal', async () => {
    await start({mode: 'linger'})
    const run = await httpTransport.runTurn(turnFor())
    expect(run.exitCode).to.equal(0)
    expect(run.stdout).to.include('kept the stream open after its terminal')
  })

  it('keeps the worker state after a turn and re-imports it into a fresh replica before the next', async () => {
    await start({mode: 'echo', stateful: true})
    const stateFile = join(stateDir, 'reception.orca-state.json')
    await httpTransport.runTurn(turnFor({}, stateFile))
    expect(JSON.parse(readFileSync(stateFile, 'utf8'))).to.deep.equal({turns: 1})
    const port = Number(new URL(worker.url).port)
    await worker.close()
    worker = await startFakeWorker({mode: 'echo', stateful: true, port})
    expect(worker.state.size, 'the new replica starts empty').to.equal(0)
    const run = await httpTransport.runTurn(turnFor({}, stateFile))
    expect(run.stdout).to.include('state re-imported into the worker with PUT')
    expect(JSON.parse(readFileSync(stateFile, 'utf8'))).to.deep.equal({turns: 2})
  })

  it('keeps nothing from a stateless worker (GET /state answers 404)', async () => {
    await start({mode: 'echo'})
    const stateFile = join(stateDir, 'reception.orca-state.json')
    await httpTransport.runTurn(turnFor({}, stateFile))
    expect(existsSync(stateFile)).to.equal(false)
  })

  it('fails a turn whose worker does not answer as orca-unreachable', async () => {
    await start({mode: 'echo'})
    await worker.close()
    const run = await httpTransport.runTurn(turnFor())
    expect(assessTurn(judge, {...run, kind: 'check'})).to.include({ok: false, stage: 'harness', reason: 'orca-unreachable'})
  })

  it('probes a worker without an LLM call: /health answers and a malformed /run is a 400', async () => {
    await start({mode: 'echo'})
    const ok = await httpTransport.probe({argv: [worker.url], env: {}, cwd: '.', timeoutMs: 5000})
    expect(ok).to.include({ended: true, problem: null})
    expect(ok.facts).to.include({protocol: 'orca-harness/v1', runtime: 'fake-orca'})
    await worker.close()
    await start({broken: ['missing-field-200']})
    const bad = await httpTransport.probe({argv: [worker.url], env: {}, cwd: '.', timeoutMs: 5000})
    expect(bad.ended).to.equal(false)
    expect(bad.problem).to.match(/answered 200, not 400/)
  })
})
