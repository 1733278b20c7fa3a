import type {Ctx} from './context.js'
import type {StoredMessage} from './messages.js'
import {getMessage, isRead, wireMessage} from './messages.js'
import {asksNaming, isObligation, pendingAskNames, threadState} from './obligations.js'
import type {ThreadState} from './obligations.js'
import {pausedOverlap} from './pause.js'
import {slaMinutes} from './store.js'

export const INLINE_ANY = 1200
export const INLINE_TO_ME = 4096

export interface EnvelopeOptions {
  /** The message is pinned for the viewer as an obligation or directive debt. */
  pinned?: boolean
  /** The message is a directive debt the viewer owes (escalates like an obligation). */
  directiveDebt?: boolean
  state?: ThreadState
}

/** Seconds a debt has been waiting, minus time the hub spent paused. */
export function debtAge(ctx: Ctx, born: number, now = ctx.now()): number {
  return now - born - pausedOverlap(ctx, born, now)
}

/**
 * THE envelope builder (§4.1–4.2): /inbox, WS push and notify lines all call this, so the
 * viewer-specific flags and the inlining decision can never drift between surfaces.
 */
export function buildEnvelope(ctx: Ctx, m: StoredMessage, viewer: string, o: EnvelopeOptions = {}): Record<string, unknown> {
  const base = wireMessage(m)
  const gone = m.retracted_at != null
  const state = !gone && isObligation(m) ? (o.state ?? threadState(ctx, m)) : undefined
  const pending = state && !state.closed ? state.pending : []
  const toMe = !gone && (m.to.includes(viewer) || (state !== undefined && !state.closed && pendingAskNames(state, viewer)))
  const pendingSet = new Set(pending)
  const addressed = m.to.length > 0 || (state?.asks ?? []).some(a => pendingSet.has(a.id) && ((a.to?.length ?? 0) > 0 || !!a.assignee))
  const parent = m.reply_to ? getMessage(ctx, m.reply_to) : undefined
  const replyToMe = parent?.sender === viewer
  const body = base.body as string
  const bodyBytes = Buffer.byteLength(body)
  const redelivery = !!o.pinned && isRead(ctx, m.id, viewer)
  const owesIt = (state !== undefined && !state.closed && m.sender !== viewer) || !!o.directiveDebt
  const ageLimit = slaMinutes(ctx, m.channel) * 60
  const escalated = !gone && !m.critical && m.urgency !== 'interrupt' && owesIt && debtAge(ctx, m.created_at) > ageLimit
  const inline = !redelivery && (m.critical || ((toMe || replyToMe) && bodyBytes <= INLINE_TO_ME) || bodyBytes <= INLINE_ANY)
  const data = (base.data as Record<string, unknown> | null) ?? null
  const asks = state?.asks ?? []
  return {
    ...base,
    body: inline ? body : null,
    data: inline ? data : null,
    effective_urgency: m.critical || escalated ? 'interrupt' : m.urgency,
    escalated,
    to_me: toMe,
    addressed,
    from_operator: ctx.cache.isOperator(m.sender),
    reply_to_me: replyToMe,
    body_bytes: bodyBytes,
    pending_asks: pending,
    your_pending_asks: state && !state.closed ? asksNaming(state, viewer) : [],
    ask_progress: asks.length ? `${asks.length - (state?.pending.length ?? 0)}/${asks.length}` : '',
    declined_asks: state?.declined ?? [],
    has_resolved_reply: state?.hasResolvedReply ?? false,
    redelivery,
    attachments: Array.isArray(data?.attachments) ? data.attachments : [],
    signature: typeof data?.signature === 'string' ? data.signature : null,
    verified_by: null,
  }
}
