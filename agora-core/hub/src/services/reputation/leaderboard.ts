import type {Ctx} from '../kernel/index.js'
import {collapseVotes} from './collapse.js'
import type {CountedVote} from './collapse.js'
import type {RouteAnswer} from '@agora/protocol'

export const DEFAULT_DAILY_CAP = 50

/** The per-(rater, target, category, UTC day) counting cap, from meta `rating_daily_cap` (default 50). */
export async function dailyCap(ctx: Ctx): Promise<number> {
  const row = await ctx.db.get<{value: string}>(`SELECT value FROM meta WHERE key = 'rating_daily_cap'`)
  const n = row ? Number(row.value) : NaN
  return Number.isInteger(n) && n >= 0 ? n : DEFAULT_DAILY_CAP
}

/**
 * The counted votes: within each (rater, target, category, UTC day) the earliest `cap` votes count;
 * later ones are stored but not counted. Counting runs over the whole hub (a vote either counts or
 * not), then keeps the channels asked for. Ratings on retracted messages never count.
 */
async function countedVotes(ctx: Ctx, channels: string[], cap: number, target: string | null): Promise<CountedVote[]> {
  if (channels.length === 0) return []
  const out: CountedVote[] = []
  const keep = new Set(channels)
  const rows = await ctx.db.all<CountedVote & {n: number}>(`SELECT channel, rater, target, category, value, n FROM (
      SELECT v.channel, v.rater, v.target, v.category, v.value,
        ROW_NUMBER() OVER (PARTITION BY v.rater, v.target, v.category, v.day ORDER BY v.created_at, v.channel, v.message_id) AS n
      FROM rep_votes v LEFT JOIN messages m ON m.id = v.message_id
      WHERE (v.message_id = '' OR m.retracted_at IS NULL) ${target === null ? '' : 'AND v.target = ?'}
    ) counted WHERE n <= ?`, ...(target === null ? [] : [target]), cap)
  for (const r of rows) if (keep.has(r.channel)) out.push(r)
  return out
}

/**
 * The leaderboard rows: the cap picks which votes count, then each rater's counted votes on a target
 * in a category collapse to one voice (collapse.ts); sorted by score desc, raters desc, target asc.
 */
export async function leaderboard(ctx: Ctx, channels: string[], hubWide: boolean, target: string | null = null): Promise<RouteAnswer<'get /reputation'>['leaderboard']> {
  return collapseVotes(await countedVotes(ctx, channels, await dailyCap(ctx), target), hubWide)
}
