import type {Ctx} from '../kernel/index.js'

/**
 * `channels_searched`: how many of the searched channels hold anything a search can find — a live message, or a
 * `decision:`, `claim:`, `work:` or file row. A channel holding only the hub's own posts (a `commons` nobody has
 * written in yet) is not counted, which is how the reference hub counts it (its vector 06: a seat in `commons`
 * and one room searched 1). Each channel is one indexed probe per table: the first row that qualifies ends it.
 */
export async function searchableChannels(ctx: Ctx, channels: string[]): Promise<number> {
  if (channels.length === 0) return 0
  const list = channels.map(() => '?').join(', ')
  const row = await ctx.db.get<{n: number}>(`SELECT COUNT(*) AS n FROM channels c WHERE c.name IN (${list}) AND (
      EXISTS (SELECT 1 FROM messages m WHERE m.channel = c.name AND m.kind = 'message' AND m.retracted_at IS NULL)
      OR EXISTS (SELECT 1 FROM store s WHERE s.channel = c.name AND (s.key LIKE 'decision:%' OR s.key LIKE 'claim:%' OR s.key LIKE 'work:%' OR s.key LIKE 'fs/%')))`,
  ...channels)
  return Number(row?.n ?? 0)
}
