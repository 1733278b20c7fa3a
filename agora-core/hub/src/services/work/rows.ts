import {toPlain} from '@agora/protocol'
import type {LiveWorkRow} from '@agora/protocol'
import type {Ctx} from '../kernel/index.js'
import {parseValue, slaMinutes} from '../store/index.js'
import type {StoreRow} from '../store/index.js'
import {debtAge} from '../obligations/index.js'
import {isFinished, isTerminal, needsFrom, statusWord} from '../sweeps/index.js'

/** A claim with no cadence counts as stale after a day without a receipt. */
export const CLAIM_STALE_DEFAULT_MINUTES = 24 * 60

/** The row as the wire carries it (@agora/protocol). */
export type LiveRow = LiveWorkRow

/**
 * Live (not finished) claim: and phase: rows in the given rooms, as the board, desk and supervise show them.
 * Parked rows (blocked, on hold …) are listed but never stale: they wait on purpose.
 */
export async function liveRows(ctx: Ctx, channels: string[], now: number): Promise<LiveRow[]> {
  if (channels.length === 0) return []
  const rows = await ctx.db.all<StoreRow>(`SELECT * FROM store WHERE channel IN (${channels.map(() => '?').join(', ')})
    AND ((key >= 'claim:' AND key < 'claim;') OR (key >= 'phase:' AND key < 'phase;')) ORDER BY channel, key`, ...channels)
  const out: LiveRow[] = []
  for (const r of rows) {
    const v = toPlain(parseValue(r)) as Record<string, unknown> | null
    if (!v || typeof v !== 'object' || Array.isArray(v) || isFinished(v)) continue
    const kind = r.key.startsWith('claim:') ? 'claim' : 'phase'
    const holder = kind === 'claim' ? (typeof v.owner === 'string' ? v.owner : null) : (typeof v.steward === 'string' ? v.steward : null)
    const cadence = typeof v.cadence_minutes === 'number' && v.cadence_minutes > 0 ? v.cadence_minutes : CLAIM_STALE_DEFAULT_MINUTES
    const idle = await debtAge(ctx, r.updated_at, now)
    const next = [v.next_step, v.next, v.current].find(x => typeof x === 'string') as string | undefined
    out.push({channel: r.channel, key: r.key, kind, holder, status: statusWord(v), version: r.version, updated_at: r.updated_at,
      idle_s: Math.round(idle), stale: !isTerminal(v) && idle > cadence * 60, needs_from: needsFrom(v), next_step: next ?? null})
  }
  return out
}

export {slaMinutes}
