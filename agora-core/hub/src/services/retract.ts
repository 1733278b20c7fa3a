import type {Ctx} from './context.js'
import {fail} from './context.js'
import type {Principal} from './agents.js'
import type {StoredMessage} from './messages.js'
import {getMessage} from './messages.js'
import {isObligation, threadState} from './obligations.js'

/**
 * Retract one message (§1.17): the author or an operator; system and fs rows operators only.
 * Idempotent (the first retractor and time are kept). The stored bytes and hash stay, so the
 * ledger still verifies; every read surface serves the tombstone, and it is re-published.
 */
export function retractMessage(ctx: Ctx, p: Principal, m: StoredMessage): StoredMessage {
  if (m.retracted_at != null) return m
  if (m.kind !== 'message' && !p.operator) fail(403, 'system and fs records can be retracted by operators only')
  if (m.sender !== p.id && !p.operator) fail(403, `only the author (${m.sender}) or an operator can retract this message`)
  const at = ctx.now()
  ctx.q.tx(() => {
    ctx.q.run('UPDATE messages SET retracted_at = ?, retracted_by = ? WHERE id = ? AND retracted_at IS NULL', at, p.id, m.id)
    ctx.q.run('DELETE FROM message_dedupe WHERE message_id = ?', m.id)
    // A retracted reply may reopen its root: recompute the stored `closed` flag.
    const root = m.reply_to ? getMessage(ctx, m.reply_to) : undefined
    if (root && isObligation(root)) ctx.q.run('UPDATE messages SET closed = ? WHERE id = ?', threadState(ctx, root).closed ? 1 : 0, root.id)
  })
  const gone = getMessage(ctx, m.id) as StoredMessage
  ctx.bus.publish(gone)
  return gone
}
