import type {AgoraClient, Envelope, FsFile, FsListRow, Message, MessageRow, OwedReport, PostMessage, StoreEntry, StoreListRow} from '@agora/client'

import {withinBudget} from './budget.js'
import {GuardrailError, type ReplyCap} from './guards.js'
import type {AgentLogger} from './log.js'
import {threadOf} from './thread.js'

/** What the runner lends a context: the seat's client, its guardrails and its logger. */
export interface ContextDeps {
  client: AgoraClient
  seat: string
  replyCap: ReplyCap
  rateLimitRetries: number
  logger: AgentLogger
  signal: AbortSignal
  /** Told about every message this context posted, so thread roots follow our own replies. */
  onPosted: (posted: Message) => void
}

export interface ReplyOptions {
  status?: 'reply' | 'resolved' | 'blocked' | 'open'
  title?: string
  data?: Record<string, unknown>
  to?: string[]
  /** Reply even to an fyi or resolved message (etiquette refuses that by default). */
  force?: boolean
}

/** One call's worth of tools, scoped to the message being handled and to this seat. */
export class AgentContext {
  readonly message: Envelope
  readonly seat: string
  readonly channel: string
  /** Aborted when the handler times out or the runner stops: pass it to model calls. */
  readonly signal: AbortSignal
  /** The seat's client, for anything the context does not wrap (guardrails do not apply to it). */
  readonly client: AgoraClient
  readonly store: {
    get(key: string): Promise<StoreEntry>
    put(key: string, value: unknown, options?: {expectVersion?: number}): Promise<StoreEntry>
    list(): Promise<StoreListRow[]>
  }
  readonly fs: {
    read(path: string, options?: {version?: number}): Promise<FsFile>
    write(path: string, content: string, options?: {expectVersion?: number; description?: string}): Promise<FsFile>
    list(prefix?: string): Promise<FsListRow[]>
  }
  private readonly deps: ContextDeps

  constructor(message: Envelope, deps: ContextDeps) {
    this.message = message
    this.seat = deps.seat
    this.channel = message.channel
    this.signal = deps.signal
    this.client = deps.client
    this.deps = deps
    const {client} = deps
    const channel = message.channel
    this.store = {
      get: (key) => this.read(() => client.storeGet(channel, key)),
      put: (key, value, options) => this.write(`store ${key}`, () => client.storePut(channel, key, value, options)),
      list: () => this.read(() => client.storeList(channel)),
    }
    this.fs = {
      read: (path, options) => this.read(() => client.fsRead(channel, path, options)),
      write: (path, content, options = {}) => this.write(`fs ${path}`, () => client.fsWrite(channel, path, {
        content, ...(options.expectVersion === undefined ? {} : {expect_version: options.expectVersion}),
        ...(options.description === undefined ? {} : {description: options.description}),
      })),
      list: (prefix) => this.read(() => client.fsList(channel, {prefix})),
    }
  }

  /** The full body: inlined on the envelope, or fetched (a deliberate read, which records a receipt). */
  async body(): Promise<string> {
    return (await this.full()).body
  }

  /** The thread this message belongs to, root first, from the last 1000 messages of the channel. */
  async thread(): Promise<MessageRow[]> {
    const since = Math.max(0, this.message.seq - 1000)
    const rows = await this.read(() => this.deps.client.history(this.channel, {since, limit: 1000}))
    return threadOf(rows, this.message.id)
  }

  /** Ask ids on this message still pending and meant for this seat (named, or naming nobody). */
  async owedAsks(): Promise<string[]> {
    const pending = new Set(this.message.pending_asks ?? [])
    if (pending.size === 0) return []
    const asks = ((await this.full()).data?.asks ?? []) as Array<{id: string; to?: string[]}>
    return asks.filter((ask) => pending.has(ask.id) && (!ask.to?.length || ask.to.includes(this.seat))).map((ask) => ask.id)
  }

  /** What this seat owes across the hub (to_answer, to_consume, to_close). */
  async owed(): Promise<OwedReport> {
    return this.read(() => this.deps.client.owed())
  }

  /** Reply in this message's thread. Refuses an fyi or resolved message unless `force`. */
  async reply(body: string, options: ReplyOptions = {}): Promise<Message> {
    this.etiquette('reply', options.force)
    const {force: _force, status = 'reply', ...rest} = options
    return this.post(this.channel, {...rest, body, status, reply_to: this.message.id})
  }

  /** Reply that answers the asks owed here (all of owedAsks() unless `asks` names some). */
  async answer(body: string, options: {asks?: string[]; status?: 'reply' | 'resolved'} = {}): Promise<Message> {
    const answers = options.asks ?? await this.owedAsks()
    if (answers.length === 0) {
      throw new GuardrailError('etiquette', `${this.channel}#${this.message.seq} has no pending ask for ${this.seat} to answer; use ctx.reply for a plain reply`)
    }
    return this.reply(body, {status: options.status ?? 'reply', data: {answers}})
  }

  /** Decline the asks owed here on the record (discharges them like an answer). */
  async decline(reason: string, options: {asks?: string[]} = {}): Promise<Message> {
    const declines = options.asks ?? await this.owedAsks()
    if (declines.length === 0) {
      throw new GuardrailError('etiquette', `${this.channel}#${this.message.seq} has no pending ask for ${this.seat} to decline`)
    }
    return this.reply(reason, {data: {declines}})
  }

  /** Ask a question in this thread, addressed to the sender unless `to` says otherwise. */
  async ask(text: string, options: {to?: string[]; title?: string; id?: string} = {}): Promise<Message> {
    const to = options.to ?? [this.message.sender]
    return this.post(this.channel, {
      body: text, status: 'open', reply_to: this.message.id, to, asks: [{id: options.id ?? 'q1', text: text.slice(0, 500), to}],
      ...(options.title ? {title: options.title} : {}),
    })
  }

  /** Settle the consumption of answers to this seat's asks (default: this message) on the record. */
  async consume(refs: string[] = [this.message.id], body = ''): Promise<Message> {
    return this.post(this.channel, {body, status: 'fyi', consumes: refs})
  }

  /** Post anywhere this seat is a member; counts against the reply cap toward this message's sender. */
  async post(channel: string, message: PostMessage): Promise<Message> {
    return this.write(`post ${channel}`, () => this.deps.client.postMessage(channel, message), true)
  }

  /** DM a peer; counts against the reply cap toward this message's sender. */
  async dm(peer: string, message: PostMessage): Promise<Message> {
    return this.write(`dm ${peer}`, () => this.deps.client.postDm(peer, message), true)
  }

  private async full(): Promise<{body: string; data: Record<string, unknown> | null}> {
    if (this.message.body !== null) return {body: this.message.body, data: this.message.data}
    const chain = await this.read(() => this.deps.client.readMessage(this.channel, this.message.id))
    const self = chain.find((m) => m.id === this.message.id) ?? chain.at(-1)
    return {body: self?.body ?? this.message.body ?? '', data: (self?.data as Record<string, unknown> | null) ?? this.message.data}
  }

  private etiquette(what: string, force = false): void {
    if (force || (this.message.status !== 'fyi' && this.message.status !== 'resolved')) return
    throw new GuardrailError('etiquette', `not sending a ${what} to ${this.channel}#${this.message.seq}: it is ${this.message.status} and asks for nothing (ack and end); pass {force: true} to reply anyway`)
  }

  private live(): void {
    if (this.signal.aborted) throw new GuardrailError('cancelled', `the handler for ${this.channel}#${this.message.seq} was cancelled (timed out or the runner stopped); nothing more is sent for it`)
  }

  private async read<T>(call: () => Promise<T>): Promise<T> {
    this.live()
    return call()
  }

  private async write<T>(what: string, send: () => Promise<T>, posts = false): Promise<T> {
    this.live()
    if (posts) {
      try {
        this.deps.replyCap.take(this.message.sender)
      } catch (error) {
        this.deps.logger({level: 'warn', event: 'refused', guard: 'reply-cap', peer: this.message.sender, channel: this.channel, seq: this.message.seq, detail: (error as Error).message})
        throw error
      }
    }
    const result = await withinBudget(send, {retries: this.deps.rateLimitRetries, logger: this.deps.logger, signal: this.signal, what})
    if (posts) this.deps.onPosted(result as Message)
    return result
  }
}
