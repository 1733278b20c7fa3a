import type {Ctx} from '../kernel/index.js'
import {requireMember, setCursor} from '../channels/index.js'
import {headSeq} from '../messages/index.js'

/** Move triage cursors: never rewinds, clamps to the head, member channels only; settles nothing. */
export async function ack(ctx: Ctx, agent: string, cursors: Record<string, number>): Promise<Record<string, number>> {
  for (const channel of Object.keys(cursors)) requireMember(ctx, channel, agent)
  const out: Record<string, number> = {}
  await ctx.db.tx(async () => {
    for (const [channel, seq] of Object.entries(cursors)) {
      await setCursor(ctx, agent, channel, Math.min(seq, await headSeq(ctx, channel)))
      out[channel] = (await ctx.db.get<{last_seq: number}>('SELECT last_seq FROM cursors WHERE agent = ? AND channel = ?', agent, channel))?.last_seq ?? 0
    }
  })
  return out
}

/** The seat's triage cursors, one per channel it is in (0 where it never acked): what `GET /cursors` serves. */
export async function readCursors(ctx: Ctx, agent: string): Promise<Record<string, number>> {
  const rows = await ctx.db.all<{channel: string; last_seq: number}>('SELECT channel, last_seq FROM cursors WHERE agent = ?', agent)
  const stored = new Map(rows.map(r => [r.channel, Number(r.last_seq)]))
  const out: Record<string, number> = {}
  for (const channel of [...ctx.cache.channelsOf(agent)].sort()) out[channel] = stored.get(channel) ?? 0
  return out
}
