import {expect} from 'chai'
import {runOrcaChecks} from '../../src/orca/run-checks.js'
import {startFakeWorker} from '../../../agora-core/transport/test/fixtures/fake-orca-worker.js'
import type {Broken, FakeWorker} from '../../../agora-core/transport/test/fixtures/fake-orca-worker.js'
import {serveFixture} from '../../../plugins/plugin-drive/test/fixtures/orca-serve.js'
import {agora} from '../cli.js'

const failing = (report: Awaited<ReturnType<typeof runOrcaChecks>>) => report.checks.filter((c) => c.status !== 'PASS').map((c) => `${c.id} ${c.status}: ${c.detail}`)

describe('agora orca-check (O1–O15)', function () {
  this.timeout(60_000)
  let worker: FakeWorker | null = null
  afterEach(async () => { await worker?.close(); worker = null })

  it('passes all 15 against the fake worker written from the protocol README, stateless', async () => {
    worker = await startFakeWorker({mode: 'echo'})
    const report = await runOrcaChecks(worker.url)
    expect(failing(report)).to.deep.equal([])
    expect(report).to.include({conformant: true, pass: 15, fail: 0})
    expect(report.checks.find((c) => c.id === 'O13')!.detail).to.match(/^stateless/)
  })

  it('passes all 15 against a stateful fake worker with declared models, round-tripping state byte for byte', async () => {
    worker = await startFakeWorker({mode: 'echo', stateful: true, models: ['anthropic:claude-sonnet-4-5']})
    const report = await runOrcaChecks(worker.url)
    expect(failing(report)).to.deep.equal([])
    expect(report.checks.find((c) => c.id === 'O13')!.detail).to.match(/^imported with 200; GET returns the same/)
    expect(report.checks.find((c) => c.id === 'O15')!.detail).to.include('/models 200 (fake-orca)')
  })

  it('passes all 15 against agora serve orca', async () => {
    const {server} = await serveFixture()
    try {
      const report = await runOrcaChecks(server.url)
      expect(failing(report)).to.deep.equal([])
    } finally {
      await server.close()
    }
  })

  const broken: Array<[Broken, string, boolean?]> = [
    ['health-protocol', 'O2'], ['health-instance', 'O3'], ['no-healthz', 'O4'], ['bad-json-200', 'O5'], ['missing-field-200', 'O6'],
    ['not-ndjson', 'O7'], ['no-terminal', 'O9'], ['two-terminals', 'O9'], ['line-after-terminal', 'O10'], ['state-500', 'O13', true],
    ['state-roundtrip', 'O13', true], ['no-state-cap', 'O14', true], ['unknown-route-200', 'O15'], ['dies-on-disconnect', 'O11'],
  ]
  for (const [flag, id, stateful] of broken) {
    it(`fails ${id} by name against a worker that breaks it (${flag})`, async () => {
      worker = await startFakeWorker({mode: 'echo', broken: [flag], stateful: stateful === true})
      const report = await runOrcaChecks(worker.url)
      expect(report.conformant).to.equal(false)
      expect(report.checks.find((c) => c.id === id)!.status, JSON.stringify(report.checks.find((c) => c.id === id))).to.equal('FAIL')
    })
  }

  it('prints text and --json from the CLI, exit 0 when conformant and 1 when not, 2 for a bad URL', async () => {
    worker = await startFakeWorker({mode: 'echo'})
    const env = {PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', NO_COLOR: '1'}
    const text = await agora(['orca-check', worker.url], env, process.cwd())
    expect(text.code, text.stderr).to.equal(0)
    expect(text.stdout).to.include('VERDICT: CONFORMANT (orca-harness/v1)').and.include('15 pass, 0 fail, 0 skipped')
    const json = JSON.parse((await agora(['orca-check', worker.url, '--json'], env, process.cwd())).stdout)
    expect(json).to.include({conformant: true, pass: 15})
    await worker.close()
    worker = await startFakeWorker({mode: 'echo', broken: ['no-healthz']})
    expect((await agora(['orca-check', worker.url], env, process.cwd())).code).to.equal(1)
    expect((await agora(['orca-check', 'not-a-url'], env, process.cwd())).code).to.equal(2)
  })
})
