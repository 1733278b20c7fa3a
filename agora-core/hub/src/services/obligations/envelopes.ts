import type {Ctx} from '../kernel/index.js'
import type {StoredMessage} from '../messages/index.js'
import {getMessage, isRead, wireMessage} from '../messages/index.js'
import {asksNaming, inheritsFromOperator, isObligation, pendingAskNames, threadState} from './obligations.js'
import type {ThreadState} from './obligations.js'
import {overlapOf, pausedOverlap, pauses} from '../kernel/index.js'
import {channelMeta, slaOf} from '../store/index.js'
import {notBefore} from './answer-memo.js'
import type {Horizon} from './answer-memo.js'

export const INLINE_ANY = 1200
export const INLINE_TO_ME = 4096

export interface EnvelopeOptions {
  /** The message is pinned for the viewer as an obligation or directive debt. */
  pinned?: boolean
  /** The message is a directive debt the viewer owes (escalates like an obligation). */
  directiveDebt?: boolean
  state?: ThreadState
  /** Preloaded parent sender (null: no parent) and read receipt, when the caller batched them. */
  parentSender?: string | null
  read?: boolean
  /** Lowered to the instant this envelope would escalate (an answer memo's time bound, answer-memo.ts). */
  horizon?: Horizon
}

interface Shared {
  base: Record<string, unknown>
  state: ThreadState | undefined
  parentSender: string | null
  bodyBytes: number
}

/**
 * Viewer-independent parts, computed once per message object (one fan-out reuses them). The
 * promise is memoized, so the sockets of one fan-out, which all ask at once, share one read.
 */
const sharedMemo = new WeakMap<StoredMessage, Promise<Shared>>()

function shared(ctx: Ctx, m: StoredMessage, o: EnvelopeOptions): Promise<Shared> {
  let s = sharedMemo.get(m)
  if (!s) {
    s = computeShared(ctx, m, o)
    sharedMemo.set(m, s)
    // A failed read is not memoized: the next viewer tries again.
    s.catch(() => sharedMemo.delete(m))
  }
  return s
}

async function computeShared(ctx: Ctx, m: StoredMessage, o: EnvelopeOptions): Promise<Shared> {
  const state = m.retracted_at == null && isObligation(m) ? (o.state ?? await threadState(ctx, m)) : undefined
  const parentSender = o.parentSender !== undefined ? o.parentSender : m.reply_to ? ((await getMessage(ctx, m.reply_to))?.sender ?? null) : null
  return sharedOf(m, state, parentSender)
}

function sharedOf(m: StoredMessage, state: ThreadState | undefined, parentSender: string | null): Shared {
  const base = wireMessage(m)
  return {base, state, parentSender, bodyBytes: Buffer.byteLength(base.body as string)}
}

/**
 * The shared parts without the memo when the caller handed in all a read would fetch (the thread state of an
 * obligation, the parent's sender): /inbox renders each row object once, so memoizing its ~800 fresh rows per
 * call only cost a promise, a catch handler and a WeakMap entry each, and weak entries are slow to collect.
 */
function sharedInPlace(m: StoredMessage, o: EnvelopeOptions): Shared | undefined {
  if (o.parentSender === undefined) return undefined
  const obligation = m.retracted_at == null && isObligation(m)
  if (obligation && o.state === undefined) return undefined
  return sharedOf(m, obligation ? o.state : undefined, o.parentSender)
}

/** Seconds a debt has been waiting, minus time the hub spent paused. */
export async function debtAge(ctx: Ctx, born: number, now = ctx.now()): Promise<number> {
  return now - born - await pausedOverlap(ctx, born, now)
}

/**
 * THE envelope builder (docs/protocol.md#envelopes): /inbox, WS push and notify lines all call this, so the
 * viewer-specific flags and the inlining decision can never drift between surfaces.
 */
export async function buildEnvelope(ctx: Ctx, m: StoredMessage, viewer: string, o: EnvelopeOptions = {}): Promise<Record<string, unknown>> {
  const {base, state, parentSender, bodyBytes} = sharedInPlace(m, o) ?? await shared(ctx, m, o)
  const gone = m.retracted_at != null
  const pending = state && !state.closed ? state.pending : []
  const toMe = !gone && (m.to.includes(viewer) || (state !== undefined && !state.closed && pendingAskNames(state, viewer)) ||
    (state !== undefined && inheritsFromOperator(ctx, m, viewer)))
  const addressed = m.to.length > 0 || (state?.asks ?? []).some(a => pending.includes(a.id) && ((a.to?.length ?? 0) > 0 || !!a.assignee))
  const replyToMe = parentSender === viewer
  const body = base.body as string
  const redelivery = !!o.pinned && (o.read ?? await isRead(ctx, m.id, viewer))
  const owesIt = (state !== undefined && !state.closed && m.sender !== viewer) || !!o.directiveDebt
  let escalated = false
  if (!gone && !m.critical && m.urgency !== 'interrupt' && owesIt) {
    // Warm memos are read without an await: /inbox builds hundreds of envelopes per call.
    const list = ctx.pauseCache ?? await pauses(ctx)
    const meta = ctx.metaCache.get(m.channel) ?? await channelMeta(ctx, m.channel)
    const now = ctx.now()
    const waited = now - m.created_at - overlapOf(list, m.created_at, now), window = slaOf(meta) * 60
    escalated = waited > window
    if (!escalated) notBefore(o.horizon, now + (window - waited))
  }
  const inline = !redelivery && (m.critical || ((toMe || replyToMe) && bodyBytes <= INLINE_TO_ME) || bodyBytes <= INLINE_ANY)
  const data = (base.data as Record<string, unknown> | null) ?? null
  const asks = state?.asks ?? []
  // An explicit literal, not `{...base, body, data}`: overriding spread keys drops V8 into a slow path.
  return {
    id: m.id, channel: m.channel, seq: m.seq, sender: m.sender, kind: m.kind, status: base.status, urgency: m.urgency,
    critical: m.critical, downgraded: m.downgraded, to: m.to, title: base.title,
    body: inline ? body : null,
    data: inline ? data : null,
    reply_to: m.reply_to, created_at: m.created_at, retracted: gone, retracted_at: m.retracted_at,
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
