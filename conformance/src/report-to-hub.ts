import type {HarnessCheckReport} from './types.js'

/** The commons store key a report lands under; the web desk's Harness matrix reads every key with this prefix. */
export const reportKey = (harness: string, seat: string): string => `harness-check:${harness}:${seat}`

/**
 * `--report-to-hub`: store the report (the `--json` object) in commons' store as the checking
 * seat, so the operator's desk shows it. The seat's own key authenticates (it never leaves the
 * Authorization header); the hub's refusal is thrown with its detail.
 */
export async function reportToHub(url: string, seatKey: string, seat: string, report: HarnessCheckReport): Promise<string> {
  const key = reportKey(report.harness, seat)
  const res = await fetch(`${url.replace(/\/+$/, '')}/channels/commons/store/${encodeURIComponent(key)}`, {
    method: 'PUT',
    headers: {authorization: `Bearer ${seatKey}`, 'content-type': 'application/json'},
    body: JSON.stringify({value: {
      harness: report.harness, drivable: report.drivable, verdict: report.verdict, counts: report.counts,
      probes: report.probes.map(p => ({id: p.id, capability: p.capability, status: p.status})),
    }}),
    signal: AbortSignal.timeout(15_000),
  })
  if (!res.ok) {
    const body = (await res.json().catch(() => ({}))) as {detail?: unknown}
    throw new Error(`the hub refused the report (${res.status}): ${typeof body.detail === 'string' ? body.detail : JSON.stringify(body.detail)}`)
  }
  return key
}
