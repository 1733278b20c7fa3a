import {plain, type Paint} from './colour.js'
import type {HarnessCheckReport} from './types.js'

const KIND = {PASS: 'pass', WARN: 'warn', FAIL: 'fail', SKIP: 'skip'} as const

/** The human report; `paint` colours the status words and the verdict (plain unless the terminal wants colour). */
export function renderText(report: HarnessCheckReport, paint: Paint = plain): string {
  const lines = [`agora harness-check — ${report.harness}`, '']
  for (const probe of report.probes) {
    // the status column stays aligned for a three-character id (C10)
    lines.push(`  ${probe.id} ${probe.capability.padEnd(16 - probe.id.length)} ${paint(KIND[probe.status], probe.status.padEnd(4))} ${probe.detail}`)
    if (probe.limitation) lines.push(`       -> agora degrades: ${probe.limitation}`)
  }
  lines.push('')
  if (report.verdict === 'NOT DRIVABLE') {
    lines.push(paint('fail', `VERDICT: NOT DRIVABLE — unmet: ${report.unmet.join(', ')}`))
    lines.push("  This seat still works IN-SESSION wherever its framework can reach agora's tools.")
  } else if (report.verdict === 'DRIVABLE WITH LIMITATIONS') {
    lines.push(paint('warn', `VERDICT: DRIVABLE WITH LIMITATIONS — ${report.limitations.join('; ')}`))
  } else {
    lines.push(paint('pass', 'VERDICT: DRIVABLE'))
  }
  const {pass, warn, fail, skip} = report.counts
  lines.push(`  ${pass} pass, ${warn} warn, ${fail} fail, ${skip} skipped`)
  return lines.join('\n')
}
