import type {Ctx} from '../kernel/index.js'
import {computeOwed} from '../obligations/index.js'
import {liveRows} from './rows.js'
import {parseValue} from '../store/index.js'
import type {StoreRow} from '../store/index.js'
import {toPlain} from '@agora/protocol'
import {rulings, unacknowledged} from './rulings.js'
import type {RouteAnswer} from '@agora/protocol'

/**
 * GET /desk (operator or reporting delegate): everything waiting on the operator's desk, computed on
 * read: the caller's own /owed rows (operator asks land on reporting delegates too), claims that wait
 * on the caller, `queue:` rows in the caller's rooms, and rulings the caller has not acknowledged.
 */
export async function desk(ctx: Ctx, viewer: string): Promise<RouteAnswer<'get /desk'>> {
  const now = ctx.now()
  const rooms = ctx.cache.channelsOf(viewer).filter(c => c !== 'hub-alerts').sort()
  const owed = await computeOwed(ctx, viewer)
  const rows = await liveRows(ctx, rooms, now)
  const queue = rooms.length === 0 ? [] : (await ctx.db.all<StoreRow>(`SELECT * FROM store WHERE channel IN (${rooms.map(() => '?').join(', ')})
    AND key >= 'queue:' AND key < 'queue;' ORDER BY channel, key`, ...rooms))
    .map(r => ({channel: r.channel, key: r.key, value: toPlain(parseValue(r)), version: r.version, updated_by: r.updated_by, updated_at: r.updated_at}))
  const unacked: Array<{channel: string; key: string}> = []
  for (const c of rooms) {
    const list = await rulings(ctx, c)
    for (const k of await unacknowledged(ctx, c, viewer, list)) unacked.push({channel: c, key: k})
  }
  return {
    agent_id: viewer,
    to_answer: owed.to_answer, to_close: owed.to_close,
    waiting_on_you: rows.filter(r => r.needs_from.includes(viewer)).map(r => ({channel: r.channel, key: r.key, holder: r.holder, status: r.status, idle_s: r.idle_s})),
    queue,
    unacknowledged_rulings: unacked,
    counts: {to_answer: (owed.to_answer as unknown[]).length, to_close: (owed.to_close as unknown[]).length,
      waiting_on_you: rows.filter(r => r.needs_from.includes(viewer)).length, queue: queue.length, unacknowledged_rulings: unacked.length},
    computed_at: now,
  }
}
