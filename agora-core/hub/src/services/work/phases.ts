import {toPlain} from '@agora/protocol'
import type {Ctx} from '../kernel/index.js'
import {parseValue} from '../store/index.js'
import type {StoreRow} from '../store/index.js'
import {isTerminal, statusWord} from '../sweeps/index.js'

export interface Phase {channel: string; key: string; track: string; value: Record<string, unknown>; version: number; updated_by: string; updated_at: number}

/** Open `phase:` rows (status not terminal) in the given rooms, by room then key. */
export async function openPhases(ctx: Ctx, channels: string[]): Promise<Phase[]> {
  if (channels.length === 0) return []
  const rows = await ctx.db.all<StoreRow>(`SELECT * FROM store WHERE channel IN (${channels.map(() => '?').join(', ')})
    AND key >= 'phase:' AND key < 'phase;' ORDER BY channel, key`, ...channels)
  const out: Phase[] = []
  for (const r of rows) {
    const v = toPlain(parseValue(r))
    if (!v || typeof v !== 'object' || Array.isArray(v) || isTerminal(v as Record<string, unknown>)) continue
    out.push({channel: r.channel, key: r.key, track: r.key.slice('phase:'.length), value: v as Record<string, unknown>,
      version: r.version, updated_by: r.updated_by, updated_at: r.updated_at})
  }
  return out
}

/** One line per open phase for the digest: `phase:<track> — <status> (steward <id>) next: <next>`. */
export function phaseLine(p: Phase): string {
  const v = p.value
  const status = statusWord(v) || 'open'
  const steward = typeof v.steward === 'string' ? ` (steward ${v.steward})` : ''
  const next = typeof v.next === 'string' ? v.next : typeof v.next_step === 'string' ? v.next_step : typeof v.current === 'string' ? v.current : ''
  return `${p.key} — ${status}${steward}${next ? ` next: ${next}` : ''}`
}
