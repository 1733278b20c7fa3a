import type {Ctx} from '../kernel/index.js'
import type {StoredMessage} from '../messages/index.js'
import {getMessage, isRead, jsonValues, readSet, recordRead, selectMessages, wireMessage} from '../messages/index.js'
import {isObligation, threadState} from './obligations.js'
import {mapInOrder} from '../kernel/index.js'
import type {MessageRow} from '@agora/protocol'

/** History row: Message + pending_asks, has_resolved_reply, closed, closed_by, ratings, read. */
export async function decorate(ctx: Ctx, rows: StoredMessage[], viewer: string): Promise<MessageRow[]> {
  if (rows.length === 0) return []
  const ids = JSON.stringify(rows.map(r => r.id))
  const resolved = new Set((await ctx.db.rows(`SELECT DISTINCT reply_to FROM messages WHERE reply_to IN (${jsonValues(ctx)})
    AND status = 'resolved' AND retracted_at IS NULL`, ids)).map(r => r[0] as string))
  const read = await readSet(ctx, viewer, rows.map(r => r.id))
  return mapInOrder(rows, async m => {
    const base = wireMessage(m)
    if (m.retracted_at != null) {
      return {...base, pending_asks: null, has_resolved_reply: null, closed: null, closed_by: null, ratings: null, read: null}
    }
    let pending: string[] = []
    let closed = false
    let closedBy: string | null = null
    if (isObligation(m)) {
      const s = await threadState(ctx, m)
      pending = s.closed ? [] : s.pending
      closed = s.closed
      closedBy = s.closedBy
    }
    return {...base, pending_asks: pending, has_resolved_reply: resolved.has(m.id), closed, closed_by: closedBy,
      ratings: {up: 0, down: 0, mine: 0}, read: m.sender === viewer ? null : read.has(m.id)}
  })
}

export async function history(ctx: Ctx, channel: string, since: number, limit: number): Promise<StoredMessage[]> {
  return selectMessages(ctx, 'FROM messages WHERE channel = ? AND seq > ? ORDER BY seq LIMIT ?', channel, since, limit)
}

/** Read a message: it plus up to 5 unread ancestors (oldest first), recording receipts for all. */
export async function readWithAncestors(ctx: Ctx, m: StoredMessage, viewer: string): Promise<StoredMessage[]> {
  const chain: StoredMessage[] = []
  let cur = m.reply_to
  while (cur && chain.length < 5) {
    const a = await getMessage(ctx, cur)
    if (!a || a.channel !== m.channel || a.sender === viewer || await isRead(ctx, a.id, viewer)) break
    chain.push(a)
    cur = a.reply_to
  }
  const out = [...chain.reverse(), m]
  await ctx.db.tx(async () => {
    for (const x of out) await recordRead(ctx, x.id, viewer)
  })
  return out
}
