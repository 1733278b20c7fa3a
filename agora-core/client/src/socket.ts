import {EventEmitter} from 'node:events'

import {WebSocket} from 'ws'
import {SUBSCRIBE_CHANNELS_MAX} from '@agora/protocol'

import type {AgoraClient} from './client.js'
import {EnvelopeDedupe} from './dedupe.js'
import {ResumePoints} from './resume.js'
import {AgoraFrameError} from './errors.js'
import {checkFrame} from './frame-check.js'
import {WS_FRAME_BYTES_MAX, WS_HANDSHAKE_TIMEOUT_MS} from './limits.js'
import type {Envelope} from './wire.js'

/** The hub closes a socket whose live queue overflowed with this code; resume at once with since. */
export const OVERFLOW_CLOSE = 4408

/** Channels per subscribe frame: as many as the hub takes in one. */
export const SUBSCRIBE_CHUNK = SUBSCRIBE_CHANNELS_MAX

export interface AgoraSocketOptions {
  /** Used for the url, the seat key, `X-Agora-Client` and the REST `/inbox` sweep after a reconnect. */
  client: AgoraClient
  /** Channels to subscribe (backlog only; live delivery reaches every channel of the seat anyway). */
  channels?: string[]
  /** Per-channel exclusive `since` for the first subscribe; a channel without one gets no backlog. */
  since?: Record<string, number>
  /** Reconnect backoff: first delay, factor and ceiling. */
  backoff?: {initialMs?: number; factor?: number; maxMs?: number}
  /** Terminate and reconnect when nothing (not even a server ping) arrived for this long. */
  idleTimeoutMs?: number
  /** Drop and retry an upgrade the hub has not answered within this many ms. Default WS_HANDSHAKE_TIMEOUT_MS (15 s). */
  handshakeTimeoutMs?: number
  /** Send the key as `?token=` (default) or as an `Authorization: Bearer` header. */
  auth?: 'query' | 'header'
}

export interface AgoraSocketEvents {
  envelope: [Envelope]
  open: [{reconnect: boolean}]
  subscribed: [string[]]
  /** An error frame from the hub (the socket stays open) or a failed inbox sweep; dropped when nobody listens. */
  error: [Error & {status?: number}]
  /** The socket dropped; `willReconnect` false after close() or a bad key (4401). */
  disconnect: [{code: number; reason: string; willReconnect: boolean; delayMs: number}]
}

/**
 * The hub's push channel with at-least-once catch-up: dedupe by (channel, seq), reconnect with
 * backoff, and on every reconnect re-subscribe from the per-channel resume points and sweep REST
 * /inbox; a channel the sweep shows that the socket does not already stream gaplessly (one created
 * while offline, or one whose 100-envelope sweep window was full) is subscribed with since, which
 * the hub pages to exhaustion. See ResumePoints for when a point may move.
 */
export class AgoraSocket extends EventEmitter<AgoraSocketEvents> {
  private readonly options: AgoraSocketOptions
  private readonly dedupe = new EnvelopeDedupe()
  private readonly resume = new ResumePoints()
  private readonly channels: Set<string>
  private ws: WebSocket | undefined
  private closed = false
  private connects = 0
  private awaitingAccept = false
  private delayMs: number
  private retryTimer: NodeJS.Timeout | undefined
  private idleTimer: NodeJS.Timeout | undefined

  constructor(options: AgoraSocketOptions) {
    super()
    if (!options.client.apiKey) throw new Error('AgoraSocket needs a client with a seat API key')
    this.options = options
    this.channels = new Set(options.channels ?? [])
    this.dedupe.seed(options.since ?? {})
    this.resume.seed(options.since ?? {})
    this.delayMs = options.backoff?.initialMs ?? 500
  }

  /**
   * Open the socket. Resolves once a connection is accepted (retrying transient failures with the
   * backoff); rejects when the hub refuses the key (4401 / HTTP 401) or close() is called first.
   */
  connect(): Promise<void> {
    return new Promise((resolve, reject) => {
      const cleanup = (): void => {
        this.off('open', onOpen)
        this.off('disconnect', onDrop)
      }
      const onOpen = (): void => {
        cleanup()
        resolve()
      }
      const onDrop = (info: {code: number; reason: string; willReconnect: boolean}): void => {
        if (info.willReconnect) return
        cleanup()
        reject(new Error(`websocket refused (${info.code}): ${info.reason || 'closed before it was accepted'}`))
      }
      this.on('open', onOpen)
      this.on('disconnect', onDrop)
      this.open()
    })
  }

  /** Per-channel highest seq delivered so far (seqs below it may still be on their way). */
  highWater(): Record<string, number> {
    return this.dedupe.highWater()
  }

  /** Per channel, a since below which everything was delivered: persist this to resume a new process. */
  resumePoints(): Record<string, number> {
    return this.resume.points()
  }

  get connected(): boolean {
    return this.ws?.readyState === WebSocket.OPEN
  }

  /** Add channels to the subscription (with optional since); sent now if connected. */
  subscribe(channels: string[], since: Record<string, number> = {}): void {
    for (const channel of channels) this.channels.add(channel)
    this.dedupe.seed(since)
    this.resume.seed(since)
    if (this.connected) this.sendSubscribe(channels, since)
  }

  /** Stop for good: no more reconnects, no more events. */
  close(): void {
    this.closed = true
    clearTimeout(this.retryTimer)
    clearTimeout(this.idleTimer)
    this.ws?.close(1000, 'client closed')
  }

  private open(): void {
    const {client} = this.options
    const base = client.url.replace(/^http/, 'ws')
    const headers: Record<string, string> = {'X-Agora-Client': client.clientVersion}
    let target = `${base}/ws`
    if (this.options.auth === 'header') headers.Authorization = `Bearer ${client.apiKey}`
    else target += `?token=${encodeURIComponent(client.apiKey ?? '')}`
    // A peer that accepts TCP but never answers the upgrade, or announces a giant frame, is cut, not waited on.
    const ws = new WebSocket(target, {headers, handshakeTimeout: this.options.handshakeTimeoutMs ?? WS_HANDSHAKE_TIMEOUT_MS, maxPayload: WS_FRAME_BYTES_MAX})
    this.ws = ws
    let refusedWith: number | undefined
    let refusedReason = ''
    ws.on('open', () => this.onOpen(ws))
    ws.on('message', (raw) => this.onFrame(raw.toString()))
    ws.on('ping', () => this.touch())
    // A close event always follows (reconnect happens there); the error names why, for the disconnect reason.
    ws.on('error', (error) => { refusedReason ||= error.message })
    // A hub that refuses the upgrade with an HTTP status instead of a close code: map 401/403.
    ws.on('unexpected-response', (_request, response) => {
      refusedWith = response.statusCode === 401 ? 4401 : response.statusCode === 403 ? 4403 : undefined
      refusedReason = `HTTP ${response.statusCode} on upgrade`
      ws.terminate()
    })
    ws.on('close', (code, reason) => this.onClose(ws, refusedWith ?? code, refusedReason || reason.toString()))
  }

  /** The upgrade succeeded, but a hub refuses a bad key right after it (4401); a ping proves acceptance. */
  private onOpen(ws: WebSocket): void {
    if (ws !== this.ws) return
    this.awaitingAccept = true
    this.touch()
    this.resume.reset()
    const since = this.resume.points()
    const channels = [...new Set([...this.channels, ...Object.keys(since)])]
    if (channels.length > 0) this.sendSubscribe(channels, since)
    ws.send(JSON.stringify({type: 'ping'}))
  }

  private onAccepted(): void {
    this.awaitingAccept = false
    const reconnect = this.connects > 0
    this.connects += 1
    this.delayMs = this.options.backoff?.initialMs ?? 500
    this.emit('open', {reconnect})
    if (reconnect) void this.sweep()
  }

  private sendSubscribe(channels: string[], since: Record<string, number>): void {
    for (let i = 0; i < channels.length; i += SUBSCRIBE_CHUNK) {
      const chunk = channels.slice(i, i + SUBSCRIBE_CHUNK)
      const scoped: Record<string, number> = Object.fromEntries(chunk.flatMap((c) => {
        const seq = since[c]
        return seq === undefined ? [] : [[c, seq]]
      }))
      this.resume.subscribing(scoped)
      this.ws?.send(JSON.stringify({type: 'subscribe', channels: chunk, since: scoped}))
    }
  }

  /** One REST /inbox pass; channels it shows that the socket does not stream gaplessly get a since subscribe. */
  private async sweep(): Promise<void> {
    const ws = this.ws
    try {
      const oldest = new Map<string, number>()
      const swept: unknown = await this.options.client.inbox()
      if (!Array.isArray(swept)) throw new AgoraFrameError(`the hub at ${this.options.client.url} answered GET /inbox with something other than a list; the sweep was skipped`)
      for (const row of swept) {
        const checked = checkFrame({type: 'envelope', envelope: row})
        if (!('type' in checked) || checked.type !== 'envelope') continue
        const envelope = checked.envelope
        this.deliver(envelope)
        oldest.set(envelope.channel, Math.min(envelope.seq, oldest.get(envelope.channel) ?? Infinity))
      }
      if (ws !== this.ws || !this.connected) return // the next connection sweeps again
      const since = this.resume.catchUp(oldest)
      if (Object.keys(since).length > 0) this.sendSubscribe(Object.keys(since), since)
    } catch (error) {
      if (!this.closed) this.report(error as Error)
    }
  }

  private onFrame(text: string): void {
    this.touch()
    if (this.awaitingAccept) this.onAccepted()
    let parsed: unknown
    try {
      parsed = JSON.parse(text)
    } catch {
      return
    }
    const frame = checkFrame(parsed)
    if ('refused' in frame) {
      this.report(new AgoraFrameError(`the hub at ${this.options.client.url} sent a frame this client cannot read (${frame.refused}); it was dropped`))
    } else if (frame.type === 'envelope') {
      this.resume.received(frame.envelope.channel, frame.envelope.seq, frame.envelope.retracted === true)
      this.deliver(frame.envelope)
    } else if (frame.type === 'subscribed') {
      this.resume.subscribed(frame.channels)
      this.emit('subscribed', frame.channels)
    } else if (frame.type === 'error') {
      this.report(new AgoraFrameError(frame.detail, frame.status))
    }
  }

  /** Hub error frames are advisory (the socket stays open): never let an unheard one crash the process. */
  private report(error: Error & {status?: number}): void {
    if (this.listenerCount('error') > 0) this.emit('error', error)
  }

  private deliver(envelope: Envelope): void {
    if (this.closed) return
    if (this.dedupe.accept(envelope)) this.emit('envelope', envelope)
  }

  private touch(): void {
    clearTimeout(this.idleTimer)
    const idle = this.options.idleTimeoutMs ?? 60_000
    this.idleTimer = setTimeout(() => this.ws?.terminate(), idle)
    this.idleTimer.unref()
  }

  private onClose(ws: WebSocket, code: number, reason: string): void {
    if (ws !== this.ws) return
    this.awaitingAccept = false
    clearTimeout(this.idleTimer)
    const willReconnect = !this.closed && code !== 4401
    // an overflow close means "you fell behind", not "the hub is down": resume at once
    const delayMs = code === OVERFLOW_CLOSE ? 0 : this.delayMs
    this.emit('disconnect', {code, reason, willReconnect, delayMs})
    if (!willReconnect) return
    const {factor = 2, maxMs = 30_000} = this.options.backoff ?? {}
    if (code !== OVERFLOW_CLOSE) this.delayMs = Math.min(this.delayMs * factor, maxMs)
    this.retryTimer = setTimeout(() => this.open(), delayMs)
  }
}
