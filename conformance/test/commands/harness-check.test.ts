import {expect} from 'chai'
import {mkdtempSync, rmSync} from 'node:fs'
import {createServer, type AddressInfo} from 'node:net'
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

  it('checks several names in one run, printing a matrix and exiting 1 when any is not drivable', async () => {
    const text = await agora(['harness-check', 'fx-perfect', 'fx-bearer-leaker'], env, workspace)
    expect(text.stdout).to.match(/\n {2}fx-perfect +DRIVABLE +\d/)
    expect(text.stdout).to.match(/ {2}fx-bearer-leaker {2}NOT DRIVABLE .* unmet: identity/)
    expect(text.stdout.trimEnd().split('\n').at(-1)).to.equal('1 of 2 drivable; exit 1')
    expect(text.code).to.equal(1)
    const json = await agora(['harness-check', 'fx-perfect', 'fx-no-evidence', '--json'], env, workspace)
    const matrix = JSON.parse(json.stdout) as {drivable: boolean; reports: Array<{harness: string}>}
    for (const report of matrix.reports) expectSchemaValid(report)
    expect(matrix.reports.map((report) => report.harness)).to.deep.equal(['fx-perfect', 'fx-no-evidence'])
    expect(matrix.drivable).to.equal(true)
    expect(json.code).to.equal(0)
  })

  it('checks every active harness with --all, the bundled ones and the linked ones', async () => {
    const result = await agora(['harness-check', '--all', '--json', '--probe-timeout', '1'], env, workspace)
    const matrix = JSON.parse(result.stdout) as {drivable: boolean; reports: Array<{harness: string; drivable: boolean}>}
    const names = matrix.reports.map((report) => report.harness)
    expect(names).to.include.members(['codex', 'claude', 'fx-perfect', 'fx-hanging', 'fx-bearer-leaker'])
    expect(matrix.reports.find((report) => report.harness === 'fx-perfect')?.drivable).to.equal(true)
    expect(matrix.drivable).to.equal(false)
    expect(result.code).to.equal(1)
  })

  it('refuses --all beside names, no name at all, and an unknown flag, naming what to run', async () => {
    const both = await agora(['harness-check', 'fx-perfect', '--all'], env, workspace)
    expect(both.code).to.equal(2)
    expect(both.stderr).to.contain('agora harness-check --all')
    const none = await agora(['harness-check'], env, workspace)
    expect(none.code).to.equal(2)
    expect(none.stderr).to.contain('agora harness list')
    const typo = await agora(['harness-check', 'fx-perfect', '--jsonn'], env, workspace)
    expect(typo.code).to.equal(2)
    expect(typo.stderr).to.contain('Nonexistent flag: --jsonn')
  })

  it('refuses --report-to-hub without --as, and for an --as seat whose key is not cached, naming the fix for each', async () => {
    const noSeat = await agora(['harness-check', 'fx-perfect', '--report-to-hub'], env, workspace)
    expect(noSeat.code).to.equal(2)
    expect(noSeat.stderr).to.contain('name one with --as')
    const uncached = await agora(['harness-check', 'fx-perfect', '--report-to-hub', '--as', 'nokey', '--url', 'http://127.0.0.1:9'], env, workspace)
    expect(uncached.code).to.equal(2)
    expect(uncached.stderr.replace(/\s*\n\s*›?\s*/g, ' ')).to.contain('agora register nokey')
    expect(uncached.stderr).to.not.contain('name one with --as')
  })

  it('fails --live with exit 1 when no hub answers, without running the turn', async () => {
    const closed = createServer()
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve))
    const port = (closed.address() as AddressInfo).port
    await new Promise((resolve) => closed.close(resolve))
    const {code, report} = await checkJson(['fx-perfect', '--live', '--url', `http://127.0.0.1:${port}`])
    const c9 = report.probes.find((p: {id: string}) => p.id === 'C9')
    expect(c9.status, c9.detail).to.equal('FAIL')
    expect(c9.detail).to.equal(`no hub answers at http://127.0.0.1:${port} (ECONNREFUSED): start one with \`agora up\`, or pass --url <hub>`)
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
