import type {HarnessCheckReport} from './types.js'

/** The human report. */
export function renderText(report: HarnessCheckReport): string {
  const lines = [`agora harness-check — ${report.harness}`, '']
  for (const probe of report.probes) {
    lines.push(`  ${probe.id} ${probe.capability.padEnd(14)} ${probe.status.padEnd(4)} ${probe.detail}`)
    if (probe.limitation) lines.push(`       -> agora degrades: ${probe.limitation}`)
  }
  lines.push('')
  if (report.verdict === 'NOT DRIVABLE') {
    lines.push(`VERDICT: NOT DRIVABLE — unmet: ${report.unmet.join(', ')}`)
    lines.push("  This seat still works IN-SESSION wherever its framework can reach agora's tools.")
  } else if (report.verdict === 'DRIVABLE WITH LIMITATIONS') {
    lines.push(`VERDICT: DRIVABLE WITH LIMITATIONS — ${report.limitations.join('; ')}`)
  } else {
    lines.push('VERDICT: DRIVABLE')
  }
  const {pass, warn, fail, skip} = report.counts
  lines.push(`  ${pass} pass, ${warn} warn, ${fail} fail, ${skip} skipped`)
  return lines.join('\n')
}
