import type {Ctx} from './context.js'
import type {StoredMessage} from './messages.js'
import {readSet, selectMessages, sendersOf} from './messages.js'
import {buildEnvelope} from './envelopes.js'
import {addresseesOf, directiveDebts, isLiveAddressee, namesViewer, openObligations, repliedBy, withStates} from './debts.js'
import type {ThreadState} from './obligations.js'

export const INBOX_WINDOW = 100

/** §4.3: cursor window + unread criticals + pinned obligations + directive debts, sorted. */
export function computeInbox(ctx: Ctx, viewer: string): Record<string, unknown>[] {
  const picked = new Map<string, {m: StoredMessage; pinned: boolean; debt: boolean; state?: ThreadState}>()
  const cursors = new Map(ctx.q.all<{channel: string; last_seq: number}>('SELECT channel, last_seq FROM cursors WHERE agent = ?', viewer)
    .map(r => [r.channel, r.last_seq]))
  for (const channel of ctx.cache.channelsOf(viewer)) {
    const rows = selectMessages(ctx, `FROM messages WHERE channel = ? AND seq > ? AND sender != ?
      ORDER BY seq LIMIT ${INBOX_WINDOW}`, channel, cursors.get(channel) ?? 0, viewer)
    for (const m of rows) picked.set(m.id, {m, pinned: false, debt: false})
  }
  const criticals = selectMessages(ctx, `FROM messages m WHERE m.critical = 1 AND m.retracted_at IS NULL
    AND m.sender != ? AND m.channel IN (SELECT channel FROM members WHERE agent_id = ?)
    AND NOT EXISTS (SELECT 1 FROM reads r WHERE r.message_id = m.id AND r.agent = ?)`, viewer, viewer, viewer)
  for (const m of criticals) if (!picked.has(m.id)) picked.set(m.id, {m, pinned: false, debt: false})
  const open = withStates(ctx, openObligations(ctx, viewer))
  const reads = readSet(ctx, viewer, open.map(o => o.m.id))
  for (const {m, state} of open) {
    if (!pinsObligation(ctx, m, state, viewer, reads.has(m.id))) continue
    picked.set(m.id, {m, pinned: true, debt: false, state})
  }
  for (const d of directiveDebts(ctx, viewer)) picked.set(d.id, {m: d, pinned: true, debt: true})
  const all = [...picked.values()]
  const parents = sendersOf(ctx, all.filter(p => p.m.reply_to).map(p => p.m.reply_to as string))
  const pinnedRead = readSet(ctx, viewer, all.filter(p => p.pinned).map(p => p.m.id))
  const envelopes = all.map(p => buildEnvelope(ctx, p.m, viewer, {pinned: p.pinned, directiveDebt: p.debt, state: p.state,
    parentSender: p.m.reply_to ? (parents.get(p.m.reply_to) ?? null) : null, read: pinnedRead.has(p.m.id)}))
  envelopes.sort((a, b) =>
    Number(b.critical) - Number(a.critical) || Number(b.escalated) - Number(a.escalated) ||
    (a.created_at as number) - (b.created_at as number) || (a.seq as number) - (b.seq as number))
  return envelopes
}

/** Step 3 of §4.3: does this unclosed open/blocked message stay pinned for the viewer? */
export function pinsObligation(ctx: Ctx, m: StoredMessage, state: ThreadState, viewer: string, read: boolean): boolean {
  if (state.closed) return false
  const addressees = addresseesOf(m, state)
  const isAddressee = addressees.has(viewer)
  if (addressees.size > 0 && !isAddressee) {
    const someoneLive = [...addressees].some(a => isLiveAddressee(ctx, m.channel, a))
    if (someoneLive) return false
  }
  if (!isAddressee) return !read
  if (repliedBy(state, viewer)) return false
  return namesViewer(m, state, viewer)
}

/** Long-poll: capture the wake-up BEFORE checking, re-check at least every 5 s until the deadline. */
export async function waitInbox(ctx: Ctx, viewer: string, waitSeconds: number, closed: () => boolean): Promise<Record<string, unknown>[]> {
  const deadline = Date.now() + waitSeconds * 1000
  for (;;) {
    if (closed() || ctx.bus.closing) return []
    const wake = ctx.bus.nextPost()
    const result = computeInbox(ctx, viewer)
    const left = deadline - Date.now()
    if (result.length > 0 || left <= 0 || closed()) return result
    let timer: NodeJS.Timeout | undefined
    await Promise.race([wake, new Promise(resolve => { timer = setTimeout(resolve, Math.min(left, 5000)) })])
    clearTimeout(timer)
  }
}
