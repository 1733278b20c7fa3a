import {expect} from 'chai'
import {chmodSync, mkdtempSync, rmSync, writeFileSync} from 'node:fs'
import {tmpdir} from 'node:os'
import {join} from 'node:path'
import {expectSchemaValid} from '../schema.js'
import {CLI_BIN, INSTALL_HINT, openWorld, realClisInstalled, wireLive, type World} from './environment.js'
import type {WiredHarness} from '../live/wiring.js'

type Report = {verdict: string; drivable: boolean; limitations: string[]; probes: Array<{id: string; status: string; detail: string}>}

async function checkJson(world: World, harness: string, flags: string[] = [], env: Record<string, string> = {}): Promise<{code: number; report: Report}> {
  const result = await world.run(['harness-check', harness, '--json', ...flags], env)
  let report: Report
  try {
    report = JSON.parse(result.stdout) as Report
  } catch {
    throw new Error(`harness-check printed no JSON (exit ${result.code}): ${result.stderr.slice(0, 500)}`)
  }
  expectSchemaValid(report)
  return {code: result.code, report}
}

const structural = (report: Report) => report.probes.filter((p) => ['C1', 'C2', 'C3', 'C4', 'C5', 'C6', 'C7', 'C8'].includes(p.id))
const failures = (report: Report) => report.probes.filter((p) => p.status === 'FAIL').map((p) => `${p.id}: ${p.detail}`)

describe('integration/real-clis', function () {
  this.timeout(300_000)

  describe('harnesses not on npm, against fixture binaries named like theirs', () => {
    let fixtureBin: string
    before(() => {
      fixtureBin = mkdtempSync(join(tmpdir(), 'agora-fixture-clis-'))
      for (const name of ['cursor-agent', 'abstractcode', 'abstractcode-tui']) {
        writeFileSync(join(fixtureBin, name), `#!/bin/sh\necho "${name} fixture 0.0.0"\n`)
        chmodSync(join(fixtureBin, name), 0o755)
      }
    })
    after(() => rmSync(fixtureBin, {recursive: true, force: true}))

    const expected: Array<[string, string, RegExp[]]> = [
      ['cursor', 'DRIVABLE WITH LIMITATIONS', [/^evidence=exit-code-only/]],
      ['abstractcode', 'DRIVABLE', []],
      ['abstractcode-tui', 'DRIVABLE WITH LIMITATIONS', [/^tool-reach=unverified/, /^identity=process-scoped/, /^evidence=exit-code-only/]],
    ]
    for (const [harness, verdict, limitations] of expected) {
      it(`gives ${harness} exactly its declared limitations in a workspace wired by agora setup`, async () => {
        const world = await openWorld(harness, [fixtureBin])
        try {
          const {code, report} = await checkJson(world, harness)
          expect(failures(report)).to.deep.equal([])
          expect(report.verdict).to.equal(verdict)
          expect(report.limitations).to.have.length(limitations.length)
          limitations.forEach((pattern, i) => expect(report.limitations[i]).to.match(pattern))
          expect(code).to.equal(0)
        } finally {
          await world.close()
        }
      })
    }
  })

  describe('the real CLIs from npm', function () {
    before(function () {
      if (!realClisInstalled()) {
        console.log(`      skipped: ${INSTALL_HINT}`)
        this.skip()
      }
    })

    for (const harness of ['codex', 'claude', 'opencode', 'pi']) {
      it(`judges ${harness} C1–C8 DRIVABLE in a workspace wired by agora setup, exit 0`, async () => {
        const world = await openWorld(harness, [CLI_BIN])
        try {
          const {code, report} = await checkJson(world, harness)
          expect(structural(report).filter((p) => p.status !== 'PASS').map((p) => `${p.id}: ${p.detail}`)).to.deep.equal([])
          expect(report.verdict).to.equal('DRIVABLE')
          const c10 = report.probes.find((p) => p.id === 'C10')
          // claude (PreToolUse), codex (PreToolUse on apply_patch), opencode (tool.execute.before) and pi (tool_call) carry the lease gate.
          expect(c10?.status, c10?.detail).to.equal('PASS')
          expect(code).to.equal(0)
        } finally {
          await world.close()
        }
      })
    }

    // Live worlds keep the hooks setup installs: a checked turn carries AGORA_TURN=check, so the async
    // re-wake listener a harness may wait for before -p exits ends at once instead of holding the turn 900 s.
    for (const harness of ['codex', 'claude', 'opencode', 'pi'] satisfies WiredHarness[]) {
      it(`passes C9 with one real ${harness} turn through agora-mcp, a real hub and the model stub, hooks installed`, async () => {
        const world = await openWorld(harness, [CLI_BIN])
        const live = await wireLive(world, harness)
        try {
          const {code, report} = await checkJson(world, harness, ['--live', '--live-timeout', '120', ...live.flags], live.env)
          const c9 = report.probes.find((p) => p.id === 'C9')
          expect(c9?.status, c9?.detail).to.equal('PASS')
          expect(c9?.detail).to.match(/^one real turn called whoami/)
          expect(report.probes.find((p) => p.id === 'C6')?.detail).to.contain('(verified by the live turn)')
          expect(live.stub.requests.filter((r) => r.reply?.kind === 'tool-call')).to.have.length.greaterThan(0)
          expect(live.stub.requests.some((r) => r.reply?.kind === 'final')).to.equal(true)
          expect(code).to.equal(0)
        } finally {
          await live.stub.close()
          await world.close()
        }
      })
    }
  })
})
