import type {Probe} from '../types.js'
import {declarationOf} from './declaration-of.js'

/** Evidence is declared, never sniffed; "verified" only when the live turn (C9) passed. */
export const c6Evidence: Probe = {
  id: 'C6',
  capability: 'evidence',
  needs: ['C0'],
  kind: 'structural',
  async run(ctx, earlier) {
    const decl = declarationOf(ctx)
    if (decl.evidence === null) {
      return {
        status: 'WARN',
        detail: 'no machine-readable turn stream',
        limitation: "evidence=exit-code-only (turns are judged by exit code plus the hub's own /owed record)",
      }
    }
    const summary = decl.evidence.summary
    if (!ctx.live) return {status: 'PASS', detail: `${summary} (pass --live to verify)`}
    const live = earlier.get('C9')
    if (live?.status === 'PASS') return {status: 'PASS', detail: `${summary} (verified by the live turn)`}
    if (live?.status === 'FAIL') return {status: 'WARN', detail: `${summary} (declared; not verified: the live turn failed, see C9)`}
    return {status: 'PASS', detail: `${summary} (declared; the live turn did not run)`}
  },
}
