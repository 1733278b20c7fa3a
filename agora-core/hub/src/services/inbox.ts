import type {Ctx} from './context.js'
import type {StoredMessage} from './messages.js'
import {fromRow, isRead} from './messages.js'
import {buildEnvelope} from './envelopes.js'
import {addresseesOf, directiveDebts, isLiveAddressee, namesViewer, openObligations, repliedBy, threadState} from './debts.js'
import type {ThreadState} from './obligations.js'

export const INBOX_WINDOW = 100

/** §4.3: cursor window + unread criticals + pinned obligations + directive debts, sorted. */
export function computeInbox(ctx: Ctx, viewer: string): Record<string, unknown>[] {
  const picked = new Map<string, {m: StoredMessage; pinned: boolean; debt: boolean; state?: ThreadState}>()
  const cursors = new Map(ctx.q.all<{channel: string; last_seq: number}>('SELECT channel, last_seq FROM cursors WHERE agent = ?', viewer)
    .map(r => [r.channel, r.last_seq]))
  for (const channel of ctx.cache.channelsOf(viewer)) {
    const rows = ctx.q.all<Record<string, unknown>>(`SELECT * FROM messages WHERE channel = ? AND seq > ? AND sender != ?
      ORDER BY seq LIMIT ${INBOX_WINDOW}`, channel, cursors.get(channel) ?? 0, viewer)
    for (const r of rows) picked.set(r.id as string, {m: fromRow(r), pinned: false, debt: false})
  }
  const criticals = ctx.q.all<Record<string, unknown>>(`SELECT * FROM messages m WHERE critical = 1 AND retracted_at IS NULL
    AND sender != ? AND channel IN (SELECT channel FROM members WHERE agent_id = ?)
    AND NOT EXISTS (SELECT 1 FROM reads r WHERE r.message_id = m.id AND r.agent = ?)`, viewer, viewer, viewer)
  for (const r of criticals) if (!picked.has(r.id as string)) picked.set(r.id as string, {m: fromRow(r), pinned: false, debt: false})
  for (const m of openObligations(ctx, viewer)) {
    const state = threadState(ctx, m)
    if (!pinsObligation(ctx, m, state, viewer)) continue
    picked.set(m.id, {m, pinned: true, debt: false, state})
  }
  for (const d of directiveDebts(ctx, viewer)) picked.set(d.id, {m: d, pinned: true, debt: true})
  const envelopes = [...picked.values()].map(p =>
    buildEnvelope(ctx, p.m, viewer, {pinned: p.pinned, directiveDebt: p.debt, state: p.state}))
  envelopes.sort((a, b) =>
    Number(b.critical) - Number(a.critical) || Number(b.escalated) - Number(a.escalated) ||
    (a.created_at as number) - (b.created_at as number) || (a.seq as number) - (b.seq as number))
  return envelopes
}

/** Step 3 of §4.3: does this unclosed open/blocked message stay pinned for the viewer? */
export function pinsObligation(ctx: Ctx, m: StoredMessage, state: ThreadState, viewer: string): boolean {
  if (state.closed) return false
  const addressees = addresseesOf(m, state)
  const isAddressee = addressees.has(viewer)
  if (addressees.size > 0 && !isAddressee) {
    const someoneLive = [...addressees].some(a => isLiveAddressee(ctx, m.channel, a))
    if (someoneLive) return false
  }
  if (!isAddressee) return !isRead(ctx, m.id, viewer)
  if (repliedBy(state, viewer)) return false
  return namesViewer(m, state, viewer)
}

/** Long-poll: capture the wake-up BEFORE checking, re-check at least every 5 s until the deadline. */
export async function waitInbox(ctx: Ctx, viewer: string, waitSeconds: number, closed: () => boolean): Promise<Record<string, unknown>[]> {
  const deadline = Date.now() + waitSeconds * 1000
  for (;;) {
    if (closed()) return []
    const wake = ctx.bus.nextPost()
    const result = computeInbox(ctx, viewer)
    const left = deadline - Date.now()
    if (result.length > 0 || left <= 0 || closed()) return result
    await Promise.race([wake, new Promise(resolve => setTimeout(resolve, Math.min(left, 5000)))])
  }
}
