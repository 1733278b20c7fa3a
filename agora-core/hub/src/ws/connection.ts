import type {Duplex} from 'node:stream'
import type {WebSocket} from 'ws'
import {AgoraError, parseJsonLossless, stringifyWire} from '@agora/protocol'
import type {Ctx} from '../services/kernel/index.js'
import type {Principal} from '../services/channels/index.js'
import {activeHubBlock} from '../services/channels/index.js'
import {requireMember} from '../services/channels/index.js'
import type {StoredMessage} from '../services/messages/index.js'
import {fromRow} from '../services/messages/index.js'
import {buildEnvelope} from '../services/obligations/index.js'
import {postMessage} from '../services/posting/index.js'
import type {PostInput} from '../services/posting/index.js'
import {ack} from '../services/posting/index.js'
import {validate} from '../http/schemas.js'
import {mapError} from '../http/app.js'
import {frameTextViolation} from '../http/text.js'
import {SeqSet} from './seq-set.js'
import {Backlog} from './backlog.js'
import {FrameWriter, framePayload, textFrame} from './frame.js'
import {InboundGate} from './inbound-gate.js'

/** Live frames a connection may have written but not yet flushed to its peer. */
export const QUEUE_LIMIT = 1000

/**
 * Close code for a peer too slow to take its live frames: nothing is dropped silently; the
 * client reconnects at once and resumes with `since` (its per-channel resume point).
 */
export const OVERFLOW_CLOSE = 4408
export const OVERFLOW_REASON = 'send queue overflowed; reconnect at once and resume with since'

/** Every WS error frame's detail is cut to this many characters, so one frame stays small. */
export const ERROR_DETAIL_MAX = 1000

/** Fields of an envelope that differ between viewers; equal fields mean an identical frame. */
const VIEWER_FIELDS = ['body', 'escalated', 'effective_urgency', 'to_me', 'reply_to_me', 'redelivery', 'your_pending_asks'] as const

/**
 * One fan-out serializes, UTF-8 encodes and frames each distinct envelope once, not once per socket:
 * every socket is handed the same framed bytes (ws/frame.ts).
 */
const frameMemo = new WeakMap<StoredMessage, Map<string, Buffer>>()
const TEXT_FRAME = {binary: false}

function envelopeFrame(m: StoredMessage, envelope: Record<string, unknown>): Buffer {
  const key = VIEWER_FIELDS.map(f => (f === 'body' ? envelope.body === null : JSON.stringify(envelope[f]))).join('|')
  let byKey = frameMemo.get(m)
  if (!byKey) frameMemo.set(m, (byKey = new Map()))
  let bytes = byKey.get(key)
  if (bytes === undefined) {
    bytes = textFrame(Buffer.from(stringifyWire({type: 'envelope', envelope}), 'utf8'))
    byKey.set(key, bytes)
  }
  return bytes
}

/**
 * One authenticated socket (docs/protocol.md#websocket): identity fan-out, membership re-checked per delivery, own
 * messages never pushed, tombstones deduped by id. Each channel's sent seqs are tracked exactly
 * (SeqSet), so a backlog read after a live push still sends every seq below it, once.
 */
export class Connection {
  private sent = new Map<string, SeqSet>()
  private tombstones = new Set<string>()
  /** Live frames written but not yet flushed; the backlog is flow-controlled by Backlog instead. */
  private liveInflight = 0
  /** Envelopes are built asynchronously (they read the store) but written in the order admitted here. */
  private outbound: Promise<void> = Promise.resolve()
  /** Admitted frames not yet written: bounded like the socket queue. */
  private pending = 0
  private inbound: Promise<void> = Promise.resolve()
  private off: () => void
  private readonly backlog = new Backlog({
    read: async (channel, after, limit) => (await this.ctx.db.all<Record<string, unknown>>(
      'SELECT * FROM messages WHERE channel = ? AND seq > ? ORDER BY seq LIMIT ?', channel, after, limit)).map(fromRow),
    deliver: m => this.deliver(m, false),
    open: () => this.ws.readyState === this.ws.OPEN,
    fail: () => this.ws.close(1011, 'delivery failed; reconnect and catch up with since'),
  })

  private readonly writer: FrameWriter | null
  /** Stops reading the peer while its frames or their replies pile up (ws/inbound-gate.ts). */
  private readonly gate: InboundGate

  /** `socket`: the one ws was upgraded on; with it, envelope frames skip ws's per-socket framing. */
  constructor(private readonly ctx: Ctx, readonly ws: WebSocket, private principal: Principal,
    private readonly queueLimit = QUEUE_LIMIT, socket?: Duplex) {
    this.writer = socket ? new FrameWriter(ws, socket) : null
    this.gate = new InboundGate(ws)
    this.off = ctx.bus.on(m => this.deliver(m, true))
    // Frames are handled one at a time, in arrival order: a client's posts keep their order.
    ws.on('message', (raw, isBinary) => {
      const text = isBinary ? '' : raw.toString('utf8')
      this.gate.hold(text.length)
      this.inbound = this.inbound.then(() => this.onFrame(text)).finally(() => this.gate.settle(text.length))
    })
    ws.on('close', () => this.off())
    ws.on('error', () => this.off())
  }

  get agent(): string {
    return this.principal.id
  }

  private frame(value: unknown, live = false): void {
    const text = stringifyWire(value)
    // Behind envelopes still being built, a reply frame waits its turn: frames leave in the order produced.
    if (this.pending === 0) this.sendText(text, live)
    else this.outbound = this.outbound.then(() => { this.sendText(text, live) })
  }

  /** False when the frame could not be queued: the socket is closing (overflow included). */
  private sendText(text: string, live: boolean): boolean {
    if (this.ws.readyState !== this.ws.OPEN) return false
    if (!live) {
      this.backlog.sending()
      this.gate.hold()
      this.ws.send(text, () => {
        this.backlog.flushed()
        this.gate.settle()
      })
      return true
    }
    if (this.liveInflight >= this.queueLimit) {
      this.ws.close(OVERFLOW_CLOSE, OVERFLOW_REASON)
      return false
    }
    this.liveInflight++
    this.ws.send(text, () => { this.liveInflight-- })
    return true
  }

  private seqs(channel: string): SeqSet {
    let set = this.sent.get(channel)
    if (!set) this.sent.set(channel, (set = new SeqSet()))
    return set
  }

  /**
   * Push one message to this viewer if the delivery rules allow it. The rules are decided here,
   * synchronously, in publish order (the seq is accounted for at once); the envelope is built
   * and written in the same order through `outbound`.
   */
  deliver(m: StoredMessage, live: boolean): void {
    const tomb = m.retracted_at != null
    if (tomb) {
      if (this.tombstones.has(m.id)) return
    } else if (m.sender === this.agent) {
      this.seqs(m.channel).add(m.seq) // accounted for: keeps the runs contiguous
      return
    }
    if (!this.ctx.cache.isMember(m.channel, this.agent)) return
    if (live && this.backlog.holds(m.channel, m.seq)) return // the backlog reader sends it, in order
    if (!tomb && this.seqs(m.channel).has(m.seq)) return
    if (this.ws.readyState !== this.ws.OPEN) return
    if (live && this.pending >= this.queueLimit) {
      this.ws.close(OVERFLOW_CLOSE, OVERFLOW_REASON)
      return
    }
    if (tomb) this.tombstones.add(m.id)
    this.seqs(m.channel).add(m.seq)
    if (!live) this.backlog.sending()
    this.pending++
    const envelope = buildEnvelope(this.ctx, m, this.agent)
    this.outbound = this.outbound.then(async () => {
      try {
        this.write(envelopeFrame(m, await envelope), live)
      } catch {
        if (!live) this.backlog.flushed()
        this.ws.close(1011, 'delivery failed; reconnect and catch up with since')
      } finally {
        this.pending--
      }
    })
  }

  /** Write an admitted envelope frame; backlog frames were counted as sending when admitted. */
  private write(frame: Buffer, live: boolean): void {
    if (this.ws.readyState !== this.ws.OPEN) {
      if (!live) this.backlog.flushed()
      return
    }
    if (!live) {
      this.send(frame, () => this.backlog.flushed())
      return
    }
    if (this.liveInflight >= this.queueLimit) {
      this.ws.close(OVERFLOW_CLOSE, OVERFLOW_REASON)
      return
    }
    this.liveInflight++
    this.send(frame, () => { this.liveInflight-- })
  }

  /** A framed envelope: straight to the socket when ws would write it unchanged, else its payload through ws. */
  private send(frame: Buffer, done: () => void): void {
    if (this.writer?.usable) this.writer.write(frame, done)
    else this.ws.send(framePayload(frame), TEXT_FRAME, done)
  }

  private error(detail: unknown, status?: number, retryAfter?: number): void {
    let text = typeof detail === 'string' ? detail : JSON.stringify(detail)
    if (text.length > ERROR_DETAIL_MAX) {
      text = `${text.slice(0, ERROR_DETAIL_MAX - 1)}…`
      detail = text
    }
    this.frame({type: 'error', detail, ...(status ? {status} : {}), ...(status === 429 ? {retry_after: retryAfter ?? 1} : {})})
  }

  private async onFrame(text: string): Promise<void> {
    const refused = frameTextViolation(text)
    if (refused) return this.error([refused], 422)
    let msg: Record<string, unknown>
    let lossless: Record<string, unknown>
    try {
      msg = JSON.parse(text)
      lossless = parseJsonLossless(text) as Record<string, unknown>
      if (!msg || typeof msg !== 'object' || Array.isArray(msg)) throw new Error('not an object')
    } catch {
      return this.error('frames are JSON objects with a "type"; this one did not parse', 400)
    }
    const agent = this.ctx.cache.agents.get(this.agent)
    if (await activeHubBlock(this.ctx, this.agent) || !agent || agent.retired_at != null) {
      return this.error('you are blocked from this hub or retired; ask an operator', 403)
    }
    this.principal = {...this.principal, operator: agent.operator, agent}
    try {
      await this.handle(msg, lossless)
    } catch (err) {
      const e = mapError(err)
      this.error(e.detail, e.status, e.retryAfter)
    }
  }

  private async handle(msg: Record<string, unknown>, lossless: Record<string, unknown>): Promise<void> {
    switch (msg.type) {
      case 'ping':
        return this.frame({type: 'pong'})
      case 'subscribe':
        return this.subscribe(msg)
      case 'post': {
        const {type: _t, channel, ...rest} = msg
        if (typeof channel !== 'string') throw new AgoraError(422, [{loc: ['frame', 'channel'], msg: 'channel is required', type: 'missing'}])
        const input = validate('post', rest)
        if (lossless.data !== undefined) input.data = lossless.data as PostInput['data']
        const m = await postMessage(this.ctx, this.principal, channel, input)
        return this.frame({type: 'posted', id: m.id, seq: m.seq})
      }
      case 'presence':
        if (msg.state !== 'idle' && msg.state !== 'working') throw new AgoraError(400, 'presence state must be idle or working')
        this.ctx.presence.declare(this.agent, msg.state)
        return
      case 'ack': {
        const body = validate('ack', {cursors: msg.cursors})
        return this.frame({type: 'acked', acked: await ack(this.ctx, this.agent, body.cursors)})
      }
      default:
        throw new AgoraError(400, `unknown frame type '${String(msg.type)}'; use subscribe, post, presence, ack or ping`)
    }
  }

  /**
   * Membership per channel, one error frame for all refused ones, then the backlog (Backlog holds
   * the channel's live frames until its reader catches up). Pushes sent before this frame are in
   * the SeqSet and skipped; everything else after since is sent.
   */
  private async subscribe(msg: Record<string, unknown>): Promise<void> {
    const frame = validate('subscribe', msg)
    const channels = [...new Set(frame.channels)]
    const since: Record<string, number> = frame.since ?? {}
    const ok: string[] = []
    const refused: string[] = []
    for (const c of channels) {
      try {
        requireMember(this.ctx, c, this.agent)
        ok.push(c)
      } catch {
        refused.push(c)
      }
    }
    if (refused.length > 0) this.error(refusal(refused), 403)
    this.frame({type: 'subscribed', channels: ok})
    // Own keys only: a channel named like an Object method (constructor, toString) has no since unless sent.
    const starts: Array<[string, number]> = []
    for (const c of [...ok].sort()) {
      const seq = Object.hasOwn(since, c) ? since[c] : undefined
      if (seq !== undefined) starts.push([c, seq])
    }
    this.backlog.add(starts)
    await this.backlog.pump()
  }

  close(): void {
    this.off()
  }
}

/** One sentence for every channel a subscribe could not take, naming the first few. */
function refusal(channels: string[]): string {
  const shown = channels.slice(0, 10).map(c => JSON.stringify(c.length > 64 ? `${c.slice(0, 63)}…` : c))
  const more = channels.length > shown.length ? ` and ${channels.length - shown.length} more` : ''
  const noun = channels.length === 1 ? 'channel' : 'channels'
  return `not subscribed to ${channels.length} ${noun} (${shown.join(', ')}${more}): each is unknown or you are not a member; join it first`
}
