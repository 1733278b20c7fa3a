import {transportOf} from '@agora/contract'
import type {Probe} from '../types.js'
import {declarationOf} from './declaration-of.js'

/**
 * Continuity is declared, never sniffed; a session transport's declaration is held to what the
 * agent advertised in C2's `initialize` (session/load or session/resume for resume-id).
 */
export const c7Continuity: Probe = {
  id: 'C7',
  capability: 'continuity',
  needs: ['C0'],
  kind: 'structural',
  async run(ctx, earlier) {
    const decl = declarationOf(ctx)
    if (decl.continuity === 'none') {
      return {
        status: 'WARN',
        detail: 'none declared',
        limitation: "continuity=none (every turn boots fresh; the hub stays the seat's durable memory)",
      }
    }
    if (transportOf(decl) === 'argv') return {status: 'PASS', detail: decl.continuity}
    if (transportOf(decl) === 'http') return {status: 'PASS', detail: `${decl.continuity} (orca-state: GET /state/{sessionId} kept after each turn, imported with PUT into a replica that lost it)`}
    const facts = earlier.get('C2')?.details
    if (facts === undefined || facts.loadSession === undefined) return {status: 'PASS', detail: `${decl.continuity} (declared; C2 did not read the agent's capabilities)`}
    const advertised = [facts.loadSession === true ? 'session/load' : '', facts.resume === true ? 'session/resume' : ''].filter(Boolean)
    if (decl.continuity === 'resume-id' && advertised.length === 0) {
      return {status: 'FAIL', detail: 'resume-id declared, but the agent advertises neither session/load nor session/resume — declare continuity none'}
    }
    return {status: 'PASS', detail: `${decl.continuity} (${advertised.join(' and ') || 'nothing'} advertised)`}
  },
}
