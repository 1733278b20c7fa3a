import type {Ctx} from '../kernel/index.js'
import {CATEGORIES} from './votes.js'
import type {RouteAnswer} from '@agora/protocol'

export const DEFAULT_DAILY_CAP = 50

/** The per-(rater, target, category, UTC day) counting cap, from meta `rating_daily_cap` (default 50). */
export async function dailyCap(ctx: Ctx): Promise<number> {
  const row = await ctx.db.get<{value: string}>(`SELECT value FROM meta WHERE key = 'rating_daily_cap'`)
  const n = row ? Number(row.value) : NaN
  return Number.isInteger(n) && n >= 0 ? n : DEFAULT_DAILY_CAP
}

interface Counted {channel: string; rater: string; target: string; category: string; value: number}
interface Cell {score: number; up: number; down: number; raters: Set<string>}

/**
 * The counted votes: within each (rater, target, category, UTC day) the earliest `cap` votes count;
 * later ones are stored but not counted. Counting runs over the whole hub (a vote either counts or
 * not), then keeps the channels asked for. Ratings on retracted messages never count.
 */
async function countedVotes(ctx: Ctx, channels: string[], cap: number, target: string | null): Promise<Counted[]> {
  if (channels.length === 0) return []
  const out: Counted[] = []
  const keep = new Set(channels)
  const rows = await ctx.db.all<Counted & {n: number}>(`SELECT channel, rater, target, category, value, n FROM (
      SELECT v.channel, v.rater, v.target, v.category, v.value,
        ROW_NUMBER() OVER (PARTITION BY v.rater, v.target, v.category, v.day ORDER BY v.created_at, v.channel, v.message_id) AS n
      FROM rep_votes v LEFT JOIN messages m ON m.id = v.message_id
      WHERE (v.message_id = '' OR m.retracted_at IS NULL) ${target === null ? '' : 'AND v.target = ?'}
    ) counted WHERE n <= ?`, ...(target === null ? [] : [target]), cap)
  for (const r of rows) if (keep.has(r.channel)) out.push(r)
  return out
}

/** The leaderboard rows: raw net per category, summed; sorted by score desc, raters desc, target asc. */
export async function leaderboard(ctx: Ctx, channels: string[], hubWide: boolean, target: string | null = null): Promise<RouteAnswer<'get /reputation'>['leaderboard']> {
  const votes = await countedVotes(ctx, channels, await dailyCap(ctx), target)
  const byTarget = new Map<string, {cells: Map<string, Cell>; raters: Set<string>; channels: Set<string>}>()
  for (const v of votes) {
    let t = byTarget.get(v.target)
    if (!t) byTarget.set(v.target, (t = {cells: new Map(CATEGORIES.map(c => [c, {score: 0, up: 0, down: 0, raters: new Set()}])), raters: new Set(), channels: new Set()}))
    const cell = t.cells.get(v.category)
    if (!cell) continue
    cell.score += v.value
    if (v.value > 0) cell.up++
    else cell.down++
    cell.raters.add(v.rater)
    t.raters.add(v.rater)
    t.channels.add(v.channel)
  }
  const rows = [...byTarget].map(([id, t]) => {
    let score = 0, up = 0, down = 0
    const breakdown: Record<string, {score: number; up: number; down: number; raters: number}> = {}
    for (const [cat, c] of t.cells) {
      score += c.score
      up += c.up
      down += c.down
      breakdown[cat] = {score: c.score, up: c.up, down: c.down, raters: c.raters.size}
    }
    return {target: id, score, raters: t.raters.size, votes: {up, down}, breakdown, ...(hubWide ? {channels: t.channels.size} : {})}
  })
  return rows.sort((a, b) => b.score - a.score || b.raters - a.raters || (a.target < b.target ? -1 : a.target > b.target ? 1 : 0))
}
