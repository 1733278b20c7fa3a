import {HARD_ITEMS} from '@agora/contract'
import {ExitCode} from '@agora/command'
import type {HarnessCheckReport, ProbeResult, VerdictWord} from './types.js'

/**
 * Capabilities whose FAIL blocks driving: the contract's hard items, agora's own runtime, the
 * binary, and the declaration itself (an unknown or invalid harness is not drivable; the
 * reference let it through as DRIVABLE). C9 runs only under --live, and a live turn that failed
 * (or had no hub to reach) is a failed gate, not an exit 0 a CI job would pass on.
 */
export const BLOCKING: readonly string[] = [...HARD_ITEMS, 'agora-runtime', 'binary', 'declared', 'live-turn']

/** NOT DRIVABLE wins; else any named limitation makes it WITH LIMITATIONS; else DRIVABLE. */
export function judge(harness: string, probes: ProbeResult[]): HarnessCheckReport {
  const unmet = [...new Set(probes.filter((p) => p.status === 'FAIL' && BLOCKING.includes(p.capability)).map((p) => p.capability))]
  const limitations = probes.map((p) => p.limitation).filter((l): l is string => typeof l === 'string' && l !== '')
  const verdict: VerdictWord = unmet.length > 0 ? 'NOT DRIVABLE' : limitations.length > 0 ? 'DRIVABLE WITH LIMITATIONS' : 'DRIVABLE'
  const count = (status: ProbeResult['status']) => probes.filter((p) => p.status === status).length
  return {
    harness,
    drivable: unmet.length === 0,
    verdict,
    unmet,
    limitations,
    probes,
    counts: {pass: count('PASS'), warn: count('WARN'), fail: count('FAIL'), skip: count('SKIP')},
  }
}

/** 0 when drivable (possibly with limitations), 1 when not. */
export function exitCodeOf(report: HarnessCheckReport): 0 | 1 {
  return report.drivable ? ExitCode.Ok : ExitCode.Failed
}
