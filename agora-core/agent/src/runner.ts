import {AgoraSocket, Inbox, type AgoraClient, type Envelope} from '@agora/client'

import {AgentContext} from './context.js'
import {loadCursors, saveCursors} from './cursor-file.js'
import {GuardrailError, ReplyCap, ThreadTurnCap} from './guards.js'
import type {ResolvedAgentOptions} from './options.js'
import {SeqLedger} from './seq-ledger.js'
import {skipReason} from './triage.js'

/** A message whose handler threw or timed out: left unacked, so a restart offers it again. */
export interface HandlerFailure {
  channel: string
  seq: number
  id: string
  sender: string
  kind: 'error' | 'timeout'
  error: string
  at: number
}

/**
 * The loop: envelopes from the socket (live, backlog, reconnect sweep) and the start-up /inbox
 * sweep pass one (channel, seq) gate into a queue; one handler runs at a time, so each channel
 * is handled in order; a message is acked only after its handler settled.
 */
export class AgentRunner {
  readonly seat: string
  readonly failures: HandlerFailure[] = []
  /** Resolves once stop() finished: in-flight handler settled or timed out, cursor saved. */
  readonly done: Promise<void>
  private handledCount = 0
  private readonly options: ResolvedAgentOptions
  private readonly client: AgoraClient
  private readonly inbox: Inbox
  private readonly replyCap: ReplyCap
  private readonly threadCap: ThreadTurnCap
  private ledger = new SeqLedger()
  private socket: AgoraSocket | undefined
  private loop: Promise<void> = Promise.resolve()
  private stopping = false
  private stopped: Promise<void> | undefined
  private finish!: () => void

  constructor(options: ResolvedAgentOptions, client: AgoraClient) {
    this.options = options
    this.seat = options.seat
    this.client = client
    this.inbox = new Inbox({client})
    this.replyCap = new ReplyCap(options.replyCap.max, options.replyCap.windowMs)
    this.threadCap = new ThreadTurnCap(options.threadTurnCap)
    this.done = new Promise((resolve) => { this.finish = resolve })
  }

  /** Messages whose handler settled (or was refused by a guardrail) since start. */
  get handled(): number {
    return this.handledCount
  }

  /** Resume from the saved cursor, offer what is owed first, then follow the socket. */
  async start(): Promise<void> {
    const {cursorFile, url, seat, logger} = this.options
    const me = await this.client.whoami()
    if (me.id !== seat) throw new Error(`the key runAgent was given speaks as ${me.id}, not ${seat}; unset AGORA_API_KEY or pass seat: '${me.id}'`)
    const loaded = cursorFile ? loadCursors(cursorFile, url, seat) : {cursors: {}}
    if (loaded.mismatch) logger({level: 'warn', event: 'cursor-ignored', detail: loaded.mismatch})
    this.ledger = new SeqLedger(loaded.cursors)
    const since: Record<string, number> = {}
    for (const row of (await this.client.listChannels()).filter((c) => c.member)) since[row.name] = loaded.cursors[row.name]?.acked ?? row.last_seq
    const owed = new Set((await this.client.owed({reception: true})).to_answer.map((row) => row.id))
    const swept = (await this.client.inbox()).sort((a, b) =>
      Number(owed.has(b.id)) - Number(owed.has(a.id)) || a.channel.localeCompare(b.channel) || a.seq - b.seq)
    for (const envelope of swept) this.gate(envelope)
    const socket = new AgoraSocket({client: this.client, channels: Object.keys(since), since, backoff: this.options.reconnect})
    this.socket = socket
    socket.on('envelope', (envelope) => this.gate(envelope))
    socket.on('error', (error) => logger({level: 'warn', event: 'hub-error', status: error.status, detail: error.message}))
    socket.on('open', ({reconnect}) => { if (reconnect) logger({level: 'info', event: 'reconnected', seat}) })
    socket.on('disconnect', ({code, willReconnect, delayMs}) => {
      if (this.stopping) return
      logger({level: willReconnect ? 'info' : 'error', event: 'disconnected', code, reconnect_ms: willReconnect ? delayMs : undefined})
      if (!willReconnect) void this.stop()
    })
    await socket.connect()
    logger({level: 'info', event: 'ready', seat, hub: url, channels: Object.keys(since).length, owed: owed.size, queued: this.inbox.size})
    this.loop = this.run()
  }

  /** Stop taking messages, let the in-flight handler settle (or time out), ack, save the cursor. */
  stop(): Promise<void> {
    this.stopped ??= this.shutdown()
    return this.stopped
  }

  private async shutdown(): Promise<void> {
    this.stopping = true
    this.inbox.close()
    await this.loop
    await this.ack([])
    this.socket?.close()
    this.options.logger({level: 'info', event: 'stopped', seat: this.seat, handled: this.handledCount, failed: this.failures.length, unhandled: this.inbox.size})
    this.finish()
  }

  /** The exactly-once gate every path goes through. */
  private gate(envelope: Envelope): void {
    if (this.stopping) return
    if (this.ledger.accept(envelope)) this.inbox.push(envelope)
  }

  private async run(): Promise<void> {
    while (!this.stopping) {
      const envelope = await this.inbox.next(1000)
      if (envelope && !this.stopping) await this.dispatch(envelope)
    }
  }

  private async dispatch(message: Envelope): Promise<void> {
    const {logger} = this.options
    const where = {channel: message.channel, seq: message.seq, sender: message.sender}
    const skip = skipReason(message, this.options)
    if (skip) {
      logger({level: 'debug', event: 'skipped', ...where, reason: skip})
      return this.ack([message])
    }
    const root = this.threadCap.root(message.id, message.reply_to)
    try {
      if (this.replyCap.remaining(message.sender) === 0) throw new GuardrailError('reply-cap', this.replyCap.explain(message.sender))
      this.threadCap.take(root)
    } catch (error) {
      const guard = (error as GuardrailError).guard
      logger({level: 'warn', event: 'refused', guard, ...where, detail: `${(error as Error).message}; not calling the handler`})
      return this.ack([message])
    }
    const outcome = await this.invoke(message)
    if (outcome === 'ok') {
      this.handledCount += 1
      logger({level: 'info', event: 'handled', ...where})
      return this.ack([message])
    }
    if (outcome instanceof GuardrailError && outcome.guard !== 'cancelled') {
      this.handledCount += 1
      if (outcome.guard !== 'reply-cap') logger({level: 'warn', event: 'refused', guard: outcome.guard, ...where, detail: outcome.message})
      return this.ack([message])
    }
    const kind = outcome === 'timeout' ? 'timeout' : 'error'
    const error = outcome === 'timeout'
      ? `the handler did not settle within handlerTimeoutMs ${this.options.handlerTimeoutMs}; ctx.signal was aborted and the message left unacked`
      : outcome instanceof Error ? outcome.message : String(outcome)
    this.failures.push({...where, id: message.id, kind, error, at: Date.now()})
    logger({level: 'error', event: 'failed', ...where, kind, detail: `${error} (not acked: a restart offers it again)`})
    this.save()
  }

  /** Run the handler against the timeout; 'ok', 'timeout', or what it threw. */
  private async invoke(message: Envelope): Promise<'ok' | 'timeout' | unknown> {
    const controller = new AbortController()
    const ctx = new AgentContext(message, {
      client: this.client, seat: this.seat, replyCap: this.replyCap, rateLimitRetries: this.options.rateLimitRetries,
      logger: this.options.logger, signal: controller.signal,
      onPosted: (posted) => { this.threadCap.root(posted.id, posted.reply_to) },
    })
    let timer: NodeJS.Timeout | undefined
    const timeout = new Promise<'timeout'>((resolve) => { timer = setTimeout(() => resolve('timeout'), this.options.handlerTimeoutMs) })
    try {
      const outcome = await Promise.race([Promise.resolve().then(() => this.options.handler(message, ctx)).then(() => 'ok' as const), timeout])
      if (outcome === 'timeout') controller.abort(new Error('handler timed out'))
      return outcome
    } catch (error) {
      controller.abort(error)
      return error
    } finally {
      clearTimeout(timer)
    }
  }

  /** Ack what was handled (the Inbox holds each cursor below anything failed or still queued), then save. */
  private async ack(handled: Envelope[]): Promise<void> {
    for (const envelope of handled) this.ledger.markHandled(envelope.channel, envelope.seq)
    try {
      const sent = await this.inbox.ack(handled)
      for (const [channel, cursor] of Object.entries(sent)) this.ledger.markAcked(channel, cursor)
    } catch (error) {
      this.options.logger({level: 'warn', event: 'ack-failed', detail: `${(error as Error).message}; the cursor is sent again with the next ack`})
    }
    this.save()
  }

  private save(): void {
    const {cursorFile, url, seat, logger} = this.options
    if (!cursorFile) return
    try {
      saveCursors(cursorFile, url, seat, this.ledger.snapshot())
    } catch (error) {
      logger({level: 'warn', event: 'cursor-unsaved', detail: `${cursorFile}: ${(error as Error).message}`})
    }
  }
}
