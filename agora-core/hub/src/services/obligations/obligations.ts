import type {Ctx} from '../kernel/index.js'
import type {StoredMessage} from '../messages/index.js'
import {repliesTo} from '../messages/index.js'
import {holdsChannelPower, reportedIn, reportsIn} from '../grants/index.js'
import {citesEvidence} from './evidence.js'

export interface Ask {
  id: string
  text: string
  assignee?: string
  to?: string[]
}

/** Everything every surface needs to know about one thread root (docs/protocol.md#discharge-and-closure), computed in ONE place. */
export interface ThreadState {
  asks: Ask[]
  replies: StoredMessage[]
  /** Ask ids not yet answered (ignores closure; surfaces show [] once closed). */
  pending: string[]
  declined: string[]
  discharged: boolean
  closed: boolean
  closedBy: string | null
  closedWithAuthority: boolean
  hasResolvedReply: boolean
}

export function isObligation(m: StoredMessage): boolean {
  return (m.status === 'open' || m.status === 'blocked') && m.retracted_at == null
}

export function asksOf(m: StoredMessage): Ask[] {
  if (m.status !== 'open' && m.status !== 'blocked') return []
  const asks = m.data?.asks
  return Array.isArray(asks) ? (asks as Ask[]) : []
}

function stringList(v: unknown): string[] {
  return Array.isArray(v) ? v.filter((x): x is string => typeof x === 'string') : []
}

export function answersOf(r: StoredMessage): string[] {
  return stringList(r.data?.answers)
}

/** Answers minus declines: what a reply answered in substance. */
export function substantiveAnswers(r: StoredMessage): string[] {
  const declines = new Set(stringList(r.data?.declines))
  return answersOf(r).filter(a => !declines.has(a))
}

/** ONE discharge rule: binary table when there are no asks, the canvass rule per ask otherwise. */
export function discharge(ctx: Ctx, m: StoredMessage, replies: StoredMessage[]): {discharged: boolean; pending: string[]; declined: string[]} {
  const others = replies.filter(r => r.sender !== m.sender)
  const fromOperator = ctx.cache.isOperator(m.sender)
  const asks = asksOf(m)
  const operatorSettled = fromOperator && others.some(r => ctx.cache.isOperator(r.sender) || isCompletionReport(ctx, m, asks, r))
  if (asks.length === 0) {
    let discharged: boolean
    if (fromOperator) discharged = operatorSettled
    else if (m.kind === 'system' && m.to.length) discharged = others.some(r => m.to.includes(r.sender))
    else if (m.to.length) discharged = false
    else discharged = others.length > 0
    return {discharged, pending: [], declined: []}
  }
  const answeredBy = new Map<string, Set<string>>()
  const substantive = new Set<string>()
  for (const r of others) {
    for (const id of answersOf(r)) {
      if (!answeredBy.has(id)) answeredBy.set(id, new Set())
      answeredBy.get(id)!.add(r.sender)
    }
    for (const id of substantiveAnswers(r)) substantive.add(id)
  }
  const pending: string[] = []
  const declined: string[] = []
  for (const ask of asks) {
    const by = answeredBy.get(ask.id) ?? new Set<string>()
    const answered = ask.to?.length ? ask.to.every(t => by.has(t)) : by.size > 0
    if (!answered) pending.push(ask.id)
    else if (!substantive.has(ask.id)) declined.push(ask.id)
  }
  const discharged = pending.length === 0 && (!fromOperator || operatorSettled)
  return {discharged, pending, declined}
}

/**
 * Does reply `r` settle operator message `m` as a completion report (docs/protocol.md#discharge-and-closure)? It is `resolved`, cites
 * evidence the hub verified, and comes from a seat `m` names or from a reporting delegate (judged
 * by the grant in force when `r` was posted).
 */
function isCompletionReport(ctx: Ctx, m: StoredMessage, asks: Ask[], r: StoredMessage): boolean {
  if (r.status !== 'resolved' || !citesEvidence(r.data)) return false
  const named = m.to.includes(r.sender) || asks.some(a => a.assignee === r.sender || (a.to ?? []).includes(r.sender))
  return named || reportedIn(ctx, r.sender, m.channel, r.created_at)
}

/**
 * The reply that closes `m` with authority: a `resolved` from the asker, an operator, or a
 * ruling/operational delegate scoped here; or, on an operator's message, a reporting delegate's
 * `resolved` carrying `settled_by` and verified evidence.
 */
export function authoritativeResolution(ctx: Ctx, m: StoredMessage, replies: StoredMessage[]): StoredMessage | undefined {
  return replies.find(r => r.status === 'resolved' && (r.sender === m.sender || ctx.cache.isOperator(r.sender) ||
    holdsChannelPower(ctx, r.sender, m.channel, ['ruling', 'operational']) ||
    (!!r.data?.settled_by && ctx.cache.isOperator(m.sender) && citesEvidence(r.data) && reportedIn(ctx, r.sender, m.channel, r.created_at))))
}

/** Does `viewer` inherit `m` as a reporting delegate: an operator's message in a channel the viewer's grant reaches? */
export function inheritsFromOperator(ctx: Ctx, m: StoredMessage, viewer: string): boolean {
  return m.sender !== viewer && ctx.cache.isOperator(m.sender) && reportsIn(ctx, viewer, m.channel)
}

/** ONE closure rule: discharged, or resolved with authority. */
export function closed(ctx: Ctx, m: StoredMessage, replies: StoredMessage[], discharged?: boolean): {closed: boolean; closedBy: string | null; withAuthority: boolean} {
  const resolution = authoritativeResolution(ctx, m, replies)
  if (resolution) return {closed: true, closedBy: resolution.sender, withAuthority: true}
  return {closed: discharged ?? discharge(ctx, m, replies).discharged, closedBy: null, withAuthority: false}
}

/** The thread's state, reading its replies unless the caller already has them. */
export async function threadState(ctx: Ctx, m: StoredMessage, replies?: StoredMessage[]): Promise<ThreadState> {
  return threadStateOf(ctx, m, replies ?? await repliesTo(ctx, m.id))
}

/** The closure engine proper: synchronous, from the root and its replies (grants come from the cache). */
export function threadStateOf(ctx: Ctx, m: StoredMessage, replies: StoredMessage[]): ThreadState {
  const d = discharge(ctx, m, replies)
  // The one closure rule, handed the discharge above so it is not worked out twice.
  const c = closed(ctx, m, replies, d.discharged)
  return {
    asks: asksOf(m), replies, pending: d.pending, declined: d.declined, discharged: d.discharged,
    closed: c.closed, closedBy: c.closedBy, closedWithAuthority: c.withAuthority,
    hasResolvedReply: replies.some(r => r.status === 'resolved'),
  }
}

/** Pending asks that name `viewer` through `to` (assignee does not count). */
export function asksNaming(state: ThreadState, viewer: string): string[] {
  // `includes`, not a Set: a thread has a few asks, and both run once per row of every /owed and /inbox.
  return state.asks.filter(a => state.pending.includes(a.id) && (a.to ?? []).includes(viewer)).map(a => a.id).sort()
}

/** Does a still-pending ask name `viewer` (to or assignee)? */
export function pendingAskNames(state: ThreadState, viewer: string): boolean {
  return state.asks.some(a => state.pending.includes(a.id) && ((a.to ?? []).includes(viewer) || a.assignee === viewer))
}

/** Keep the `closed` column (which drives the open-obligation index) in step after a reply. */
export async function refreshClosed(ctx: Ctx, rootId: string, root?: StoredMessage): Promise<void> {
  const m = root ?? undefined
  if (!m || !isObligation(m)) return
  const state = await threadState(ctx, m)
  await ctx.db.run('UPDATE messages SET closed = ? WHERE id = ?', state.closed ? 1 : 0, rootId)
}

/** A directive debt D obliges `viewer` (docs/protocol.md#discharge-and-closure) — the message-level test, before clearing. */
export function isDirectiveFor(ctx: Ctx, d: StoredMessage, viewer: string, parentSender: string | null): boolean {
  if (d.kind !== 'message' || d.retracted_at != null || d.sender === viewer) return false
  if (d.status !== 'reply' && d.status !== 'fyi') return false
  if (!d.to.includes(viewer) && !inheritsFromOperator(ctx, d, viewer)) return false
  if (answersOf(d).length > 0) return false
  if (ctx.cache.isOperator(d.sender)) return true
  return d.status === 'reply' && parentSender !== viewer
}
