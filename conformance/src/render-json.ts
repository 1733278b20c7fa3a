import type {HarnessCheckReport} from './types.js'

/** The --json report: exactly the report object, indented, with a stable key order. */
export function renderJson(report: HarnessCheckReport): string {
  const ordered: HarnessCheckReport = {
    harness: report.harness,
    drivable: report.drivable,
    verdict: report.verdict,
    unmet: report.unmet,
    limitations: report.limitations,
    probes: report.probes.map((p) => ({
      id: p.id, capability: p.capability, status: p.status, detail: p.detail, limitation: p.limitation,
      ...(p.details ? {details: p.details} : {}),
    })),
    counts: report.counts,
  }
  return JSON.stringify(ordered, null, 2)
}
