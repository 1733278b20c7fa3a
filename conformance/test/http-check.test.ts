import {expect} from 'chai'
import {mcpBindingEnv, resolveDeclaration} from '@agora/contract'
import type {SeatBinding} from '@agora/contract'
import {orcaWorker} from '@agora/harness-orca'
import {checkHarness} from '../src/check.js'
import {presenceReader, realPorts} from '../src/ports.js'
import type {HarnessCheckReport} from '../src/types.js'
import {startHub} from '../../agora-core/mcp/test/helpers/hub.js'
import type {TestHub} from '../../agora-core/mcp/test/helpers/hub.js'
import {LAUNCH_ARGS} from '../../agora-core/mcp/test/helpers/process.js'
import {startFakeWorker} from '../../agora-core/transport/test/fixtures/fake-orca-worker.js'
import type {FakeWorker, FakeWorkerOptions} from '../../agora-core/transport/test/fixtures/fake-orca-worker.js'
import {targetOf} from './helpers.js'

describe('harness-check over the http transport (a fake Orca worker, a real hub and agora-mcp)', function () {
  this.timeout(90_000)
  let hub: TestHub
  let worker: FakeWorker | null = null
  let seat: SeatBinding
  before(async () => {
    hub = await startHub(['alice'])
    seat = {agentId: 'alice', url: hub.url, home: hub.home, about: 'alice'}
  })
  after(async () => { await hub.close() })
  afterEach(async () => { await worker?.close(); worker = null })

  const check = async (options: FakeWorkerOptions | null, live: boolean): Promise<HarnessCheckReport> => {
    worker = options ? await startFakeWorker(options) : null
    const decl = resolveDeclaration(orcaWorker({url: worker?.url ?? 'http://127.0.0.1:9'}))
    const env = {PATH: process.env.PATH ?? '/usr/bin:/bin', HOME: process.env.HOME ?? ''}
    return checkHarness({
      harness: decl.name, discovered: [targetOf(decl)], workspace: process.cwd(), seat,
      mcp: {command: process.execPath, args: LAUNCH_ARGS, env: mcpBindingEnv(seat)},
      agoraVersion: '0.1.0', env, ports: realPorts(env, presenceReader(hub.url, null)), live, knownSecrets: Object.values(hub.keys),
      timeouts: {probeMs: 8000, liveMs: 40_000},
    })
  }
  const probe = (report: HarnessCheckReport, id: string) => report.probes.find((p) => p.id === id)!

  it('passes C1–C9 against a conformant worker, C9 through one real POST /run that calls whoami', async () => {
    const report = await check({mode: 'tool'}, true)
    const notPass = report.probes.filter((p) => p.status !== 'PASS').map((p) => `${p.id} ${p.status}: ${p.detail}`)
    expect(notPass.filter((l) => !l.startsWith('C10')), JSON.stringify(notPass)).to.deep.equal([])
    expect(probe(report, 'C1').detail).to.match(/answers \/health \(runtime fake-orca, orca-harness\/v1\)/)
    expect(probe(report, 'C2').status).to.equal('PASS')
    expect(probe(report, 'C4').status).to.equal('PASS')
    expect(probe(report, 'C5').detail).to.include('seat id `alice` reaches the turn')
    expect(probe(report, 'C6').detail).to.include('ndjson: tool_call / result')
    expect(probe(report, 'C7').detail).to.include('state-file')
    expect(probe(report, 'C9').detail).to.match(/^one real turn called whoami/)
    expect(report.verdict).to.match(/^DRIVABLE/)
  })

  it('fails C1 when no worker answers at the declared URL', async () => {
    const report = await check(null, false)
    expect(probe(report, 'C1')).to.deep.include({status: 'FAIL'})
    expect(probe(report, 'C1').detail).to.match(/did not answer.*start the Orca worker/)
  })

  it('fails C2 for a worker that answers a malformed envelope with a 200 stream', async () => {
    const report = await check({broken: ['missing-field-200']}, false)
    expect(probe(report, 'C2')).to.deep.include({status: 'FAIL'})
    expect(probe(report, 'C2').detail).to.match(/answered 200, not 400 before a stream/)
  })
})
