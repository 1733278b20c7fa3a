import type {Probe} from '../types.js'
import {declarationOf} from './declaration-of.js'

/** Continuity is declared, never sniffed. */
export const c7Continuity: Probe = {
  id: 'C7',
  capability: 'continuity',
  needs: ['C0'],
  kind: 'structural',
  async run(ctx) {
    const decl = declarationOf(ctx)
    if (decl.continuity === 'none') {
      return {
        status: 'WARN',
        detail: 'none declared',
        limitation: "continuity=none (every turn boots fresh; the hub stays the seat's durable memory)",
      }
    }
    return {status: 'PASS', detail: decl.continuity}
  },
}
