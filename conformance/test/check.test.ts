import {expect} from 'chai'
import {rmSync} from 'node:fs'
import {mcpBindingEnv} from '@agora/contract'
import {checkHarness, pickHarness} from '../src/check.js'
import {presenceReader, realPorts} from '../src/ports.js'
import {renderJson} from '../src/render-json.js'
import {exitCodeOf} from '../src/verdict.js'
import type {HarnessCheckReport, HarnessUnderTest} from '../src/types.js'
import {FIXTURE_PLUGINS, SEAT, fixtureBinDir, loadFixture} from './helpers.js'
import {expectSchemaValid} from './schema.js'
import {the} from '../../test/helpers/present.js'

describe('check', () => {
  let bin: string
  let discovered: HarnessUnderTest[]
  before(async () => {
    bin = fixtureBinDir()
    discovered = await Promise.all(Object.values(FIXTURE_PLUGINS).map((dir) => loadFixture(dir)))
  })
  after(() => rmSync(bin, {recursive: true, force: true}))

  const check = async (harness: string): Promise<HarnessCheckReport> => {
    const env = {PATH: `${bin}:/usr/bin:/bin`}
    const report = await checkHarness({
      harness, discovered, workspace: bin, seat: SEAT,
      mcp: {command: `${bin}/agora-mcp`, args: [], env: mcpBindingEnv(SEAT)},
      agoraVersion: '0.1.0', env, ports: realPorts(env, presenceReader(SEAT.url, null)),
      timeouts: {probeMs: 500},
    })
    expectSchemaValid(JSON.parse(renderJson(report)))
    return report
  }
  const status = (report: HarnessCheckReport, id: string) => report.probes.find((p) => p.id === id)?.status

  it('judges the perfect fixture DRIVABLE with exit 0', async () => {
    const report = await check('fx-perfect')
    expect(report.verdict).to.equal('DRIVABLE')
    expect(report.probes.map((p) => `${p.id}:${p.status}`)).to.deep.equal(['C0:PASS', 'C1:PASS', 'C2:PASS', 'C3:PASS', 'C4:PASS', 'C5:PASS', 'C8:PASS', 'C10:SKIP', 'C6:PASS', 'C7:PASS', 'C9:SKIP'])
    expect(report.probes.find((p) => p.id === 'C10')?.detail, 'no pre-tool hook: reported, not a limitation').to.match(/^not declared: the declaration names no pre-tool gate/)
    expect(exitCodeOf(report)).to.equal(0)
  })

  it('judges a harness without evidence DRIVABLE WITH LIMITATIONS (evidence=exit-code-only)', async () => {
    const report = await check('fx-no-evidence')
    expect(report.verdict).to.equal('DRIVABLE WITH LIMITATIONS')
    expect(report.limitations).to.have.length(1)
    expect(report.limitations[0]).to.match(/^evidence=exit-code-only/)
    expect(exitCodeOf(report)).to.equal(0)
  })

  it('judges process-scoped identity DRIVABLE WITH LIMITATIONS with C5 WARN', async () => {
    const report = await check('fx-process-identity')
    expect(status(report, 'C5')).to.equal('WARN')
    expect(report.limitations[0]).to.match(/^identity=process-scoped/)
    expect(exitCodeOf(report)).to.equal(0)
  })

  it('fails C8 for a dropped knob and names it as a limitation, still exit 0', async () => {
    const report = await check('fx-knob-dropper')
    expect(status(report, 'C8')).to.equal('FAIL')
    expect(report.verdict).to.equal('DRIVABLE WITH LIMITATIONS')
    expect(report.limitations[0]).to.match(/^knobs: model accepted and dropped/)
    expect(exitCodeOf(report)).to.equal(0)
  })

  it('fails C5 for a bearer in the turn and is NOT DRIVABLE', async () => {
    const report = await check('fx-bearer-leaker')
    expect(status(report, 'C5')).to.equal('FAIL')
    expect(report.unmet).to.deep.equal(['identity'])
    expect(exitCodeOf(report)).to.equal(1)
  })

  it('fails C2 when the probe argv outlives the injected timeout', async () => {
    const report = await check('fx-hanging')
    expect(status(report, 'C2')).to.equal('FAIL')
    expect(report.probes.find((p) => p.id === 'C2')?.detail).to.contain('did not terminate')
    expect(report.unmet).to.deep.equal(['single-turn'])
    expect(exitCodeOf(report)).to.equal(1)
  })

  it('fails C1 and skips C2 when the binary is missing', async () => {
    const report = await check('fx-missing-binary')
    expect(status(report, 'C1')).to.equal('FAIL')
    expect(status(report, 'C2')).to.equal('SKIP')
    expect(report.unmet).to.deep.equal(['binary'])
    expect(exitCodeOf(report)).to.equal(1)
  })

  it('is NOT DRIVABLE for a declared hard unmet item and names it', async () => {
    const report = await check('fx-hard-unmet')
    expect(report.verdict).to.equal('NOT DRIVABLE')
    expect(report.unmet).to.include('tool-reach')
    expect(report.probes.find((p) => p.id === 'C4')?.detail).to.match(/^declared unmet/)
  })

  it('warns that a declared unmet item whose probe passes is stale', async () => {
    const report = await check('fx-stale-unmet')
    const c7 = report.probes.find((p) => p.id === 'C7')
    expect(c7?.status).to.equal('WARN')
    expect(c7?.detail).to.match(/^stale: remove from unmet/)
    expect(report.verdict).to.equal('DRIVABLE')
  })

  it('reports a crashing buildCommand as probe crashes and still runs the later probes', async () => {
    const report = await check('fx-crashing')
    for (const id of ['C4', 'C5', 'C8']) expect(report.probes.find((p) => p.id === id)?.detail).to.match(/^probe crashed: fixture buildCommand exploded/)
    expect(status(report, 'C6')).to.equal('PASS')
    expect(status(report, 'C7')).to.equal('PASS')
    expect(report.verdict).to.equal('NOT DRIVABLE')
  })

  it('is NOT DRIVABLE with exit 1 for a harness no plugin declares (the reference said DRIVABLE)', async () => {
    const report = await check('nosuch')
    expect(report.probes[0]).to.include({id: 'C0', status: 'FAIL'})
    expect(report.unmet).to.deep.equal(['declared'])
    expect(exitCodeOf(report)).to.equal(1)
  })

  describe('pickHarness', () => {
    it('prefers the active declaration of a name over an invalid or shadowed one', () => {
      const good = the(discovered, 0)
      const invalid = {...good, valid: false, declaration: null, active: false, problems: ['x']}
      expect(pickHarness(good.name, [invalid, good])).to.equal(good)
      expect(pickHarness(good.name, [invalid])).to.equal(invalid)
      expect(pickHarness('nosuch', [good])).to.equal(null)
    })
  })
})
