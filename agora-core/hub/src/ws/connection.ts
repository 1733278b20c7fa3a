import type {WebSocket} from 'ws'
import {AgoraError, parseJsonLossless, stringifyWire} from '@agora/protocol'
import type {Ctx} from '../services/context.js'
import type {Principal} from '../services/agents.js'
import {activeHubBlock} from '../services/agents.js'
import {requireMember} from '../services/channels.js'
import type {StoredMessage} from '../services/messages.js'
import {fromRow} from '../services/messages.js'
import {buildEnvelope} from '../services/envelopes.js'
import {postMessage} from '../services/post.js'
import type {PostInput} from '../services/post.js'
import {ack} from '../services/ack.js'
import {validate} from '../http/schemas.js'
import {mapError} from '../http/app.js'

export const QUEUE_LIMIT = 1000

/** Fields of an envelope that differ between viewers; equal fields mean an identical frame. */
const VIEWER_FIELDS = ['body', 'escalated', 'effective_urgency', 'to_me', 'reply_to_me', 'redelivery', 'your_pending_asks'] as const

/** One fan-out serializes each distinct envelope once, not once per socket. */
const frameMemo = new WeakMap<StoredMessage, Map<string, string>>()

function envelopeFrame(m: StoredMessage, envelope: Record<string, unknown>): string {
  const key = VIEWER_FIELDS.map(f => (f === 'body' ? envelope.body === null : JSON.stringify(envelope[f]))).join('|')
  let byKey = frameMemo.get(m)
  if (!byKey) frameMemo.set(m, (byKey = new Map()))
  let text = byKey.get(key)
  if (text === undefined) {
    text = stringifyWire({type: 'envelope', envelope})
    byKey.set(key, text)
  }
  return text
}
const BACKLOG_PAGE = 500

/**
 * One authenticated socket (§3): identity fan-out, membership re-checked per delivery, own
 * messages never pushed, per-channel seq high-water dedupe, tombstones deduped by id.
 */
export class Connection {
  private sent = new Map<string, number>()
  private tombstones = new Set<string>()
  private inflight = 0
  private off: () => void

  constructor(private readonly ctx: Ctx, readonly ws: WebSocket, private principal: Principal) {
    this.off = ctx.bus.on(m => this.deliver(m, true))
    ws.on('message', (raw, isBinary) => this.onFrame(isBinary ? '' : raw.toString('utf8')))
    ws.on('close', () => this.off())
    ws.on('error', () => this.off())
  }

  get agent(): string {
    return this.principal.id
  }

  private frame(value: unknown, live = false): void {
    this.sendText(stringifyWire(value), live)
  }

  private sendText(text: string, live: boolean): void {
    if (this.ws.readyState !== this.ws.OPEN) return
    if (live && this.inflight >= QUEUE_LIMIT) return
    this.inflight++
    this.ws.send(text, () => { this.inflight-- })
  }

  /** Push one message to this viewer if the §3 delivery rules allow it. */
  deliver(m: StoredMessage, live: boolean): void {
    try {
      const tomb = m.retracted_at != null
      if (tomb) {
        if (this.tombstones.has(m.id)) return
      } else if (m.sender === this.agent) return
      if (!this.ctx.cache.isMember(m.channel, this.agent)) return
      if (!tomb) {
        if (m.seq <= (this.sent.get(m.channel) ?? 0)) return
        this.sent.set(m.channel, m.seq)
      } else this.tombstones.add(m.id)
      this.sendText(envelopeFrame(m, buildEnvelope(this.ctx, m, this.agent)), live)
    } catch {
      this.ws.close(1011, 'delivery failed; reconnect and catch up with since')
    }
  }

  private error(detail: unknown, status?: number, retryAfter?: number): void {
    this.frame({type: 'error', detail, ...(status ? {status} : {}), ...(status === 429 ? {retry_after: retryAfter ?? 1} : {})})
  }

  private onFrame(text: string): void {
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
    if (activeHubBlock(this.ctx, this.agent) || !agent || agent.retired_at != null) {
      return this.error('you are blocked from this hub or retired; ask an operator', 403)
    }
    this.principal = {...this.principal, operator: agent.operator, agent}
    try {
      this.handle(msg, lossless)
    } catch (err) {
      const e = mapError(err)
      this.error(e.detail, e.status, e.retryAfter)
    }
  }

  private handle(msg: Record<string, unknown>, lossless: Record<string, unknown>): void {
    switch (msg.type) {
      case 'ping':
        return this.frame({type: 'pong'})
      case 'subscribe':
        return this.subscribe(msg)
      case 'post': {
        const {type: _t, channel, ...rest} = msg
        if (typeof channel !== 'string') throw new AgoraError(422, [{loc: ['frame', 'channel'], msg: 'channel is required', type: 'missing'}])
        const input = validate<PostInput>('post', rest)
        if (lossless.data !== undefined) input.data = lossless.data as PostInput['data']
        const m = postMessage(this.ctx, this.principal, channel, input)
        return this.frame({type: 'posted', id: m.id, seq: m.seq})
      }
      case 'presence':
        if (msg.state !== 'idle' && msg.state !== 'working') throw new AgoraError(400, 'presence state must be idle or working')
        this.ctx.presence.declare(this.agent, msg.state)
        return
      case 'ack': {
        const body = validate<{cursors: Record<string, number>}>('ack', {cursors: msg.cursors})
        return this.frame({type: 'acked', acked: ack(this.ctx, this.agent, body.cursors)})
      }
      default:
        throw new AgoraError(400, `unknown frame type '${String(msg.type)}'; use subscribe, post, presence, ack or ping`)
    }
  }

  private subscribe(msg: Record<string, unknown>): void {
    const frame = validate<{channels: string[]; since?: Record<string, number>}>('subscribe', msg)
    const channels = frame.channels
    const since: Record<string, number> = frame.since ?? {}
    const ok: string[] = []
    for (const c of channels) {
      try {
        requireMember(this.ctx, c, this.agent)
        ok.push(c)
      } catch (err) {
        const e = mapError(err)
        this.error(e.detail, 403)
      }
    }
    this.frame({type: 'subscribed', channels: ok})
    for (const c of [...ok].sort()) {
      const from = since[c]
      if (from === undefined) continue
      let after = from
      for (;;) {
        const rows = this.ctx.q.all<Record<string, unknown>>('SELECT * FROM messages WHERE channel = ? AND seq > ? ORDER BY seq LIMIT ?',
          c, after, BACKLOG_PAGE)
        for (const r of rows) this.deliver(fromRow(r), false)
        if (rows.length < BACKLOG_PAGE) break
        after = rows[rows.length - 1].seq as number
      }
    }
  }

  close(): void {
    this.off()
  }
}
