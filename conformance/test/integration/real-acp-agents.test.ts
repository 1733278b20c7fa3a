import {expect} from 'chai'
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

const probe = (report: Report, id: string) => report.probes.find((p) => p.id === id)

/** The limitation each real ACP agent shows on C1–C8 (codex-acp 0.16.0 ignores a closed stdin). */
const EXPECTED: Array<[WiredHarness, string[]]> = [
  ['claude-acp', []],
  ['codex-acp', ['C2']],
  ['gemini', []],
]

describe('integration/real ACP agents from npm', function () {
  this.timeout(300_000)
  before(function () {
    if (!realClisInstalled()) {
      console.log(`      skipped: ${INSTALL_HINT}`)
      this.skip()
    }
  })

  for (const [harness, warned] of EXPECTED) {
    it(`judges ${harness} C1–C8 drivable and passes a live C9: one real session/prompt through agora-mcp, a real hub and the model stub`, async () => {
      const world = await openWorld(harness, [CLI_BIN])
      const live = await wireLive(world, harness)
      try {
        const {code, report} = await checkJson(world, harness, ['--live', '--live-timeout', '120', ...live.flags], live.env)
        // C10 (the lease gate) is SKIP: no ACP agent here has a pre-tool hook; it never blocks a verdict.
        expect(probe(report, 'C10')?.status).to.equal('SKIP')
        const notPass = report.probes.filter((p) => p.id !== 'C0' && p.id !== 'C10' && p.status !== 'PASS')
        expect(notPass.map((p) => `${p.id}: ${p.detail}`).filter((line) => !warned.some((id) => line.startsWith(`${id}:`)))).to.deep.equal([])
        expect(notPass.map((p) => `${p.id} ${p.status}`)).to.deep.equal(warned.map((id) => `${id} WARN`))
        expect(probe(report, 'C2')?.detail).to.match(/^`initialize` answered by /)
        expect(probe(report, 'C4')?.detail).to.equal("agora's stdio MCP server is in the session's mcpServers (session/new)")
        expect(probe(report, 'C7')?.detail).to.match(/^resume-id \(session\/load/)
        expect(probe(report, 'C9')?.detail).to.match(/^one real turn called whoami/)
        expect(probe(report, 'C6')?.detail).to.equal('acp: session/update tool_call / stopReason (verified by the live turn)')
        expect(live.stub.requests.some((r) => r.reply?.kind === 'final')).to.equal(true)
        expect(report.drivable).to.equal(true)
        expect(code).to.equal(0)
      } finally {
        await live.stub.close()
        await world.close()
      }
    })
  }
})
