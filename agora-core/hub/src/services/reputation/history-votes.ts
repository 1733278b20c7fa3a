import type {Ctx} from '../kernel/index.js'
import type {StoredMessage} from '../messages/index.js'
import {getMessage} from '../messages/index.js'
import {ratingTallies} from './votes.js'
import type {MessageRow} from '@agora/protocol'

export const VOTES_SORT_MAX = 200

/**
 * `sort=votes`: the channel's messages after `since`, highest net rating first (ties by seq), at
 * most 200. Retracted rows sort as zero: their ratings are not served.
 */
export async function historyByVotes(ctx: Ctx, channel: string, since: number, limit: number): Promise<StoredMessage[]> {
  const ids = await ctx.db.all<{id: string}>(`SELECT m.id FROM messages m
    LEFT JOIN (SELECT message_id, SUM(value) AS net FROM rep_votes WHERE channel = ? AND category = 'general' AND message_id <> ''
      GROUP BY message_id) r ON r.message_id = m.id
    WHERE m.channel = ? AND m.seq > ?
    ORDER BY CASE WHEN m.retracted_at IS NULL THEN COALESCE(r.net, 0) ELSE 0 END DESC, m.seq ASC LIMIT ?`, channel, channel, since, limit)
  const out: StoredMessage[] = []
  for (const {id} of ids) out.push((await getMessage(ctx, id))!)
  return out
}

/** Put real `ratings:{up,down,mine}` on decorated history rows (retracted rows keep `ratings:null`). */
export async function withRatings(ctx: Ctx, rows: MessageRow[], viewer: string): Promise<MessageRow[]> {
  const tallies = await ratingTallies(ctx, rows.map(r => r.id), viewer)
  return rows.map(r => (r.ratings === null ? r : {...r, ratings: tallies.get(r.id) ?? r.ratings}))
}
