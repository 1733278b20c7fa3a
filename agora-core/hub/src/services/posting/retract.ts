import type {Ctx} from '../kernel/index.js'
import {fail} from '../kernel/index.js'
import type {Principal} from '../channels/index.js'
import type {StoredMessage} from '../messages/index.js'
import {getMessage, selectMessages, wireMessage} from '../messages/index.js'
import {isObligation, threadState} from '../obligations/index.js'
import {mapInOrder} from '../kernel/index.js'
import type {RouteAnswer} from '@agora/protocol'

/**
 * Retract one message (docs/protocol.md#governance): the author or an operator; system and fs rows operators only.
 * Idempotent (the first retractor and time are kept). The stored bytes and hash stay, so the
 * ledger still verifies; every read surface serves the tombstone, and it is re-published.
 */
export async function retractMessage(ctx: Ctx, p: Principal, m: StoredMessage): Promise<StoredMessage> {
  if (m.retracted_at != null) return m
  if (m.kind !== 'message' && !p.operator) fail(403, 'system and fs records can be retracted by operators only')
  if (m.sender !== p.id && !p.operator) fail(403, `only the author (${m.sender}) or an operator can retract this message`)
  const at = ctx.now()
  await ctx.db.tx(async () => {
    await ctx.db.run('UPDATE messages SET retracted_at = ?, retracted_by = ? WHERE id = ? AND retracted_at IS NULL', at, p.id, m.id)
    await ctx.db.run('DELETE FROM message_dedupe WHERE message_id = ?', m.id)
    // A retracted reply may reopen its root: recompute the stored `closed` flag.
    const root = m.reply_to ? await getMessage(ctx, m.reply_to) : undefined
    if (root && isObligation(root)) await ctx.db.run('UPDATE messages SET closed = ? WHERE id = ?', (await threadState(ctx, root)).closed ? 1 : 0, root.id)
  })
  const gone = await getMessage(ctx, m.id) as StoredMessage
  ctx.bus.publish(gone)
  return gone
}

/** The message plus all transitive replies inside its channel, in seq order. */
async function trail(ctx: Ctx, root: StoredMessage): Promise<StoredMessage[]> {
  const out = [root]
  const queue = [root.id]
  while (queue.length) {
    const id = queue.shift() as string
    for (const r of await selectMessages(ctx, 'FROM messages WHERE reply_to = ? AND channel = ? ORDER BY seq', id, root.channel)) {
      out.push(r)
      queue.push(r.id)
    }
  }
  return out.sort((a, b) => a.seq - b.seq)
}

/**
 * Retract a thread, all or nothing (docs/protocol.md#governance): a non-operator is refused (403, nothing retracted)
 * when the trail holds anyone else's message. System and fs rows are skipped and counted.
 */
export async function retractThread(ctx: Ctx, p: Principal, root: StoredMessage): Promise<RouteAnswer<'post /channels/{c}/messages/{id}/retract_thread'>> {
  const all = await trail(ctx, root)
  const messages = all.filter(m => m.kind === 'message')
  if (!p.operator && messages.some(m => m.sender !== p.id)) {
    fail(403, 'this thread holds other seats\' messages; retract your own messages one by one, or ask an operator')
  }
  const already = messages.filter(m => m.retracted_at != null).length
  const at = ctx.now()
  const targets = messages.filter(m => m.retracted_at == null)
  await ctx.db.tx(async () => {
    for (const m of targets) {
      await ctx.db.run('UPDATE messages SET retracted_at = ?, retracted_by = ? WHERE id = ? AND retracted_at IS NULL', at, p.id, m.id)
      await ctx.db.run('DELETE FROM message_dedupe WHERE message_id = ?', m.id)
    }
    const parent = root.reply_to ? await getMessage(ctx, root.reply_to) : undefined
    if (parent && isObligation(parent)) await ctx.db.run('UPDATE messages SET closed = ? WHERE id = ?', (await threadState(ctx, parent)).closed ? 1 : 0, parent.id)
  })
  const served = await mapInOrder(messages, async m => await getMessage(ctx, m.id) as StoredMessage)
  for (const m of served) if (targets.some(t => t.id === m.id)) ctx.bus.publish(m)
  return {count: targets.length, already_retracted: already, skipped_non_messages: all.length - messages.length,
    messages: served.map(wireMessage)}
}
