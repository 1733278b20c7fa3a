import type {HarnessDeclaration} from '@agora/contract'
import type {ProbeResult} from './types.js'

/**
 * Reconciles a probe with what the harness declared unmet: a failing probe of a declared item is
 * the expected degrade (said so, still counted), a passing one means the declaration is stale.
 */
export function applyDeclaredUnmet(decl: HarnessDeclaration | null, result: ProbeResult): ProbeResult {
  if (decl === null || !(decl.unmet as readonly string[]).includes(result.capability)) return result
  if (result.status === 'PASS') {
    return {...result, status: 'WARN', detail: `stale: remove from unmet — ${result.capability} passes (${result.detail})`}
  }
  if (result.status === 'FAIL' && !result.detail.startsWith('declared unmet')) {
    return {...result, detail: `declared unmet: ${result.detail}`}
  }
  return result
}
