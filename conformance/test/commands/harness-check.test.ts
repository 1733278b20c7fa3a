import {expect} from 'chai'
import {mkdtempSync, rmSync} from 'node:fs'
import {tmpdir} from 'node:os'
import {join} from 'node:path'
import {FIXTURES, FIXTURE_PLUGINS, fixtureBinDir} from '../helpers.js'
import {agora} from '../cli.js'
import {expectSchemaValid} from '../schema.js'

describe('commands/harness-check', function () {
  this.timeout(180_000)
  let bin: string
  let data: string
  let workspace: string
  let env: Record<string, string>

  before(async () => {
    bin = fixtureBinDir()
    data = mkdtempSync(join(tmpdir(), 'agora-data-'))
    workspace = mkdtempSync(join(tmpdir(), 'agora-ws-'))
    env = {
      PATH: `${bin}:${process.env.PATH ?? ''}`,
      HOME: workspace,
      AGORA_DATA_DIR: data,
      AGORA_HOME: join(workspace, '.agora-home'),
      AGORA_CACHE_DIR: join(data, 'cache'),
      AGORA_CONFIG_DIR: join(data, 'config'),
    }
    for (const dir of [FIXTURE_PLUGINS.perfect, FIXTURE_PLUGINS.noEvidence, FIXTURE_PLUGINS.hanging, FIXTURE_PLUGINS.bearerLeaker]) {
      const linked = await agora(['plugins', 'link', '--no-install', join(FIXTURES, dir)], env, workspace)
      expect(linked.code, linked.stderr).to.equal(0)
    }
  })
  after(() => {
    for (const dir of [bin, data, workspace]) rmSync(dir, {recursive: true, force: true})
  })

  const checkJson = async (args: string[]) => {
    const result = await agora(['harness-check', ...args, '--json'], env, workspace)
    const report = JSON.parse(result.stdout)
    expectSchemaValid(report)
    return {code: result.code, report}
  }

  it('judges a linked perfect plugin DRIVABLE with exit 0', async () => {
    const {code, report} = await checkJson(['fx-perfect'])
    expect(report).to.deep.include({harness: 'fx-perfect', verdict: 'DRIVABLE', drivable: true})
    expect(report.probes[0].detail).to.match(/\(link\)/)
    expect(code).to.equal(0)
  })

  it('judges a linked plugin without evidence DRIVABLE WITH LIMITATIONS with exit 0', async () => {
    const {code, report} = await checkJson(['fx-no-evidence'])
    expect(report.verdict).to.equal('DRIVABLE WITH LIMITATIONS')
    expect(code).to.equal(0)
  })

  it('fails C2 with the injected probe timeout and exits 1', async () => {
    const {code, report} = await checkJson(['fx-hanging', '--probe-timeout', '1'])
    expect(report.probes.find((p: {id: string}) => p.id === 'C2').status).to.equal('FAIL')
    expect(code).to.equal(1)
  })

  it('exits 1 for a bearer leaker', async () => {
    const {code, report} = await checkJson(['fx-bearer-leaker'])
    expect(report.unmet).to.deep.equal(['identity'])
    expect(code).to.equal(1)
  })

  it('answers NOT DRIVABLE with exit 1 for a harness nobody declares, in text and JSON', async () => {
    const text = await agora(['harness-check', 'nosuch'], env, workspace)
    expect(text.stdout).to.contain('VERDICT: NOT DRIVABLE — unmet: declared')
    expect(text.code).to.equal(1)
    const {code, report} = await checkJson(['nosuch'])
    expect(report.verdict).to.equal('NOT DRIVABLE')
    expect(code).to.equal(1)
  })

  it('answers to the alias `harness check` too', async () => {
    const result = await agora(['harness', 'check', 'fx-perfect', '--json'], env, workspace)
    const report = JSON.parse(result.stdout)
    expectSchemaValid(report)
    expect(report.verdict).to.equal('DRIVABLE')
    expect(result.code).to.equal(0)
  })

  it('refuses --model without --live instead of accepting and dropping it', async () => {
    const result = await agora(['harness-check', 'fx-perfect', '--model', 'm'], env, workspace)
    expect(result.code).to.equal(2)
    expect(result.stderr).to.contain('--live')
  })

  it('uses --as for the seat and --workspace for the folder', async () => {
    const other = mkdtempSync(join(tmpdir(), 'agora-ws2-'))
    const {report} = await checkJson(['fx-perfect', '--as', 'seat-x', '--workspace', other])
    expect(report.probes.find((p: {id: string}) => p.id === 'C5').detail).to.contain('`seat-x`')
    rmSync(other, {recursive: true, force: true})
  })
})
