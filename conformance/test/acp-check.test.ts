import {expect} from 'chai'
import {rmSync} from 'node:fs'
import {fileURLToPath} from 'node:url'
import {mcpBindingEnv, resolveDeclaration} from '@agora/contract'
import type {AcpHarnessDeclaration} from '@agora/contract'
import {checkHarness} from '../src/check.js'
import {presenceReader, realPorts} from '../src/ports.js'
import type {HarnessCheckReport} from '../src/types.js'
import {SEAT, fixtureBinDir, targetOf} from './helpers.js'

/** The transport package's scripted ACP agent (on the SDK's agent side). */
const FAKE_AGENT = fileURLToPath(new URL('../../agora-core/transport/test/fixtures/fake-acp-agent.mjs', import.meta.url))

const fakeAcp = (mode: string, load: boolean, changes: Partial<AcpHarnessDeclaration> = {}): AcpHarnessDeclaration => ({
  name: 'fx-acp',
  summary: 'the scripted ACP agent',
  contract: '^1',
  transport: 'acp',
  binary: FAKE_AGENT,
  supports: ['model', 'permissions', 'session'],
  advisory: [],
  unmet: [],
  reasoningVocab: [],
  permissions: {vocab: ['read', 'write', 'all'], argv: {}, rationale: '', default: null},
  knobRequirements: [],
  defaults: {model: null, reasoning: null, modelFitForDriving: true},
  continuity: 'resume-id',
  toolReach: 'stdio-mcp',
  identityScope: 'turn',
  buildCommand: (turn) => ({argv: [FAKE_AGENT], env: {FAKE_ACP_MODE: mode, FAKE_ACP_LOAD: load ? '1' : '0'}, session: {...turn.session, modelId: turn.model}}),
  ...changes,
})

/** The scripted agent's live turn reaches the fixture agora-mcp, never a hub: C9's hub preflight is answered as reachable. */
function hermetic(ports: ReturnType<typeof realPorts>): ReturnType<typeof realPorts> {
  return {...ports, hub: {...ports.hub, unreachable: async () => null}}
}

describe('harness-check over the ACP transport (the scripted agent)', function () {
  this.timeout(30_000)
  let bin: string
  before(() => {
    bin = fixtureBinDir()
  })
  after(() => rmSync(bin, {recursive: true, force: true}))

  const check = async (declared: AcpHarnessDeclaration, live = false): Promise<HarnessCheckReport> => {
    const env = {PATH: `${bin}:${process.env.PATH ?? '/usr/bin:/bin'}`}
    const decl = resolveDeclaration(declared)
    return checkHarness({
      harness: decl.name, discovered: [targetOf(decl)], workspace: bin, seat: SEAT,
      mcp: {command: `${bin}/agora-mcp`, args: [], env: mcpBindingEnv(SEAT)},
      agoraVersion: '0.1.0', env, ports: hermetic(realPorts(env, presenceReader(SEAT.url, null))), live,
      timeouts: {probeMs: 8000, liveMs: 10_000},
    })
  }
  const probe = (report: HarnessCheckReport, id: string) => report.probes.find((p) => p.id === id)!

  it('judges an ACP agent DRIVABLE on C0–C8, and a live C9 through session/prompt', async () => {
    const report = await check(fakeAcp('happy', true), true)
    // C10 (the lease gate) is SKIP for an agent with no pre-tool hook; it never blocks a verdict.
    expect(report.probes.filter((p) => p.status !== 'PASS' && p.id !== 'C10').map((p) => `${p.id}: ${p.detail}`)).to.deep.equal([])
    expect(probe(report, 'C10').status).to.equal('SKIP')
    expect(report.verdict).to.equal('DRIVABLE')
    expect(probe(report, 'C2').detail).to.match(/^`initialize` answered by fake-acp-agent 0.0.1; exits when stdin closes/)
    expect(probe(report, 'C4').detail).to.equal("agora's stdio MCP server is in the session's mcpServers (session/new)")
    expect(probe(report, 'C6').detail).to.equal('acp: session/update tool_call / stopReason (verified by the live turn)')
    expect(probe(report, 'C7').detail).to.equal('resume-id (session/load advertised)')
    expect(probe(report, 'C8').details).to.deep.include({reached: ['model', 'permissions'], dropped: []})
    expect(probe(report, 'C9').detail).to.match(/^one real turn called whoami/)
  })

  it('fails C2 for an agent that never answers initialize', async () => {
    const report = await check(fakeAcp('no-init', true))
    expect(probe(report, 'C2')).to.deep.include({status: 'FAIL'})
    expect(probe(report, 'C2').detail).to.match(/over acp: `initialize` unanswered within 8s$/)
  })

  it('warns on C2, naming the limitation, for an agent that ends only on SIGTERM', async () => {
    const report = await check(fakeAcp('linger', true))
    expect(probe(report, 'C2')).to.deep.include({status: 'WARN', limitation: 'single-turn=signalled (the agent ignores a closed stdin; agora ends each turn with SIGTERM to its process group)'})
    expect(report.verdict).to.equal('DRIVABLE WITH LIMITATIONS')
  })

  it('fails C7 for resume-id declared when the agent advertises neither session/load nor session/resume', async () => {
    const report = await check(fakeAcp('happy', false))
    expect(probe(report, 'C7')).to.deep.include({status: 'FAIL', detail: 'resume-id declared, but the agent advertises neither session/load nor session/resume — declare continuity none'})
  })

  it("fails C4 and C5 when the session calls leave agora's server out", async () => {
    const report = await check(fakeAcp('happy', true, {buildCommand: (turn) => ({argv: [FAKE_AGENT], env: {}, session: {...turn.session, mcpServers: []}})}))
    expect(probe(report, 'C4')).to.deep.include({status: 'FAIL', detail: "agora's MCP server (`" + `${bin}/agora-mcp` + "`) is not in the session's mcpServers — the plugin's buildCommand must pass turn.session on"})
    expect(probe(report, 'C5').status).to.equal('FAIL')
  })

  it('fails C8 for a model knob the session calls drop', async () => {
    const report = await check(fakeAcp('happy', true, {buildCommand: (turn) => ({argv: [FAKE_AGENT], env: {FAKE_ACP_LOAD: '1'}, session: turn.session})}))
    expect(probe(report, 'C8')).to.deep.include({status: 'FAIL'})
    expect(probe(report, 'C8').details).to.deep.include({dropped: ['model']})
  })
})
