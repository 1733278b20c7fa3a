import {AsyncLocalStorage} from 'node:async_hooks'
import {createHash} from 'node:crypto'
import type {Knex} from 'knex'
import type pg from 'pg'
import {flush} from './sqlite-storage.js'
import {PREPARED} from './port.js'
import type {Dialect, Row, RunResult, Storage, TxScope} from './port.js'

interface Frame {
  client: pg.Client
  deferred: Array<() => void>
  /** null: holds WRITE_LOCK exclusively; else the channels whose locks it holds (and WRITE_LOCK shared). */
  channels: Set<string> | null
  /** False once the transaction has committed or rolled back: a continuation it left behind is outside it. */
  open: boolean
}

/**
 * Every unscoped write transaction takes this transaction-scoped advisory lock first, exclusively,
 * on every hub process sharing the database: the services were written against SQLite's one
 * writer at a time (BEGIN IMMEDIATE), and this gives PostgreSQL the same guarantee across
 * processes, so a read-then-write inside a transaction (budgets, uniqueness checks, a system post
 * beside other writes) never interleaves with another. A channel-scoped transaction (a post: the
 * seq and chain of one channel) takes it SHARED plus that channel's lock, so posts to different
 * channels commit side by side while still waiting for, and keeping out, every unscoped writer.
 * Reads outside transactions run concurrently on the pool.
 */
export const WRITE_LOCK = 0x61676f7261 // 'agora'

/** First key of the two-int advisory locks, one per channel (the second key is hashtext(channel)). */
export const CHANNEL_LOCK_SPACE = 0x61676f72 // 'agor'

/** The statement that takes one channel's lock: a hash collision only makes two channels share a lock. */
export function channelLockSql(client: pg.Client, channel: string): string {
  return `SELECT pg_advisory_xact_lock(${CHANNEL_LOCK_SPACE}, hashtext(${client.escapeLiteral(channel)}))`
}

/**
 * The PostgreSQL adapter: knex owns the configuration, the pool and the migrations; queries run
 * on the pooled `pg` clients directly, with the port's `?` placeholders rewritten to `$n` once
 * per SQL text (knex.raw re-parses bindings on every call, which costs on the hot paths).
 * A transaction holds one pooled client, found by its callees through AsyncLocalStorage.
 */
export class PgStorage implements Storage {
  readonly dialect: Dialect = 'postgres'
  private readonly frames = new AsyncLocalStorage<Frame>()
  /** Transactions open in this process; at 0 the frame store is switched off (see tx's finally). */
  private opened = 0
  /** A pooled client kept between statements (release/acquire below); null while in use or after unpark. */
  private parked: pg.Client | null = null
  private closed = false

  constructor(private readonly knex: Knex, private readonly onRollback: () => void | Promise<void> = () => {}) {}

  async get<T = Row>(text: string, ...params: unknown[]): Promise<T | undefined> {
    return (await this.query(text, params, false)).rows[0] as T | undefined
  }

  async all<T = Row>(text: string, ...params: unknown[]): Promise<T[]> {
    return (await this.query(text, params, false)).rows as T[]
  }

  async rows(text: string, ...params: unknown[]): Promise<unknown[][]> {
    return (await this.query(text, params, true)).rows as unknown[][]
  }

  async run(text: string, ...params: unknown[]): Promise<RunResult> {
    // A lone write takes the write lock too, so it never lands between another transaction's read and write.
    if (!this.frame()) return this.tx(() => this.run(text, ...params))
    return {changes: (await this.query(text, params, false)).rowCount ?? 0}
  }

  inTx(): boolean {
    return this.frame() !== undefined
  }

  /** The transaction the caller runs inside, if it is still open. */
  private frame(): Frame | undefined {
    const f = this.frames.getStore()
    return f?.open ? f : undefined
  }

  async tx<T>(fn: () => Promise<T>, scope?: TxScope): Promise<T> {
    const outer = this.frame()
    if (outer) {
      await this.widen(outer, scope)
      return fn()
    }
    const client = await this.acquire()
    const frame: Frame = {client, deferred: [], channels: scope ? new Set([scope.channel]) : null, open: true}
    let broken: Error | undefined
    this.opened++
    try {
      // One round trip: BEGIN and the locks go as one simple-protocol query.
      await client.query(scope
        ? `BEGIN; SELECT pg_advisory_xact_lock_shared(${WRITE_LOCK}); ${channelLockSql(client, scope.channel)}`
        : `BEGIN; SELECT pg_advisory_xact_lock(${WRITE_LOCK})`)
      let result: T
      try {
        result = await this.frames.run(frame, fn)
        await client.query('COMMIT')
      } catch (err) {
        await client.query('ROLLBACK').catch((e: Error) => { broken = e })
        frame.open = false
        await Promise.resolve(this.onRollback()).catch((e: Error) => process.stderr.write(`agora hub: reloading after a rollback failed: ${e.message}\n`))
        throw err
      }
      frame.open = false
      flush(frame.deferred)
      return result
    } finally {
      frame.open = false
      // As in sqlite-storage.ts: with no transaction open nothing needs the async context, so the frame store is
      // switched off (on Node 20 an enabled AsyncLocalStorage runs a JS promise hook for every promise the process
      // makes and tags each with its store; perf on the post path showed that hook, and the megamorphic property
      // loads the tags cause, among the largest items the PostgreSQL path had and the SQLite path did not).
      // The next transaction's run() switches it back on; a continuation a closed one left behind finds `open` false.
      if (--this.opened === 0) this.frames.disable()
      await this.release(client, broken)
    }
  }

  /**
   * A nested transaction joins the outer one; when it asks for more than the outer holds (another
   * channel, or everything), the outer takes that lock too before going on. Nothing widens so today;
   * this keeps a future caller correct (PostgreSQL's deadlock detector would settle a crossing).
   */
  private async widen(frame: Frame, scope?: TxScope): Promise<void> {
    if (!frame.channels) return
    if (!scope) {
      await frame.client.query(`SELECT pg_advisory_xact_lock(${WRITE_LOCK})`)
      frame.channels = null
    } else if (!frame.channels.has(scope.channel)) {
      await frame.client.query(channelLockSql(frame.client, scope.channel))
      frame.channels.add(scope.channel)
    }
  }

  defer(fn: () => void): void {
    const frame = this.frame()
    if (frame) frame.deferred.push(fn)
    else fn()
  }

  private async query(text: string, params: unknown[], array: boolean): Promise<pg.QueryResult> {
    const name = text.startsWith(PREPARED) ? statementName(text) : undefined
    const config: pg.QueryArrayConfig | pg.QueryConfig = {
      text: dollarPlaceholders(text),
      values: params.map(p => p === undefined ? null : p),
      ...(array ? {rowMode: 'array' as const} : {}),
      ...(name ? {name} : {}),
    }
    const frame = this.frame()
    if (frame) return frame.client.query(config as pg.QueryConfig)
    const client = await this.acquire()
    let broken: Error | undefined
    try {
      return await client.query(config as pg.QueryConfig)
    } catch (err) {
      if (!(err as {code?: string}).code) broken = err as Error // no SQLSTATE: the connection itself failed
      throw err
    } finally {
      await this.release(client, broken)
    }
  }

  private async acquire(): Promise<pg.Client> {
    const parked = this.parked
    if (parked) {
      this.parked = null
      if (!disposed(parked)) return parked
      await this.knex.client.releaseConnection(parked) // ended or errored while parked: knex destroys it
    }
    return (await this.knex.client.acquireConnection()) as pg.Client
  }

  private async release(client: pg.Client, broken?: Error): Promise<void> {
    // A connection that failed mid-conversation is not handed to the next caller.
    if (broken) (client as unknown as {__knex__disposed?: Error}).__knex__disposed = broken
    // One healthy client stays parked here for the next statement: a knex pool round (tarn's acquire,
    // its timeout timer and promises, then release) costs more hub CPU than a short query's own work.
    if (!broken && !this.parked && !this.closed && !disposed(client)) {
      this.parked = client
      return
    }
    await this.knex.client.releaseConnection(client)
  }

  /** Hand the parked client back to the pool: call before destroying knex. Later statements go through the pool. */
  async unpark(): Promise<void> {
    this.closed = true
    const parked = this.parked
    this.parked = null
    if (parked) await this.knex.client.releaseConnection(parked)
  }
}

/** Knex marks a pooled pg client that emitted 'error' or 'end' (its pg dialect); it is destroyed on release. */
function disposed(client: pg.Client): boolean {
  return (client as unknown as {__knex__disposed?: unknown}).__knex__disposed !== undefined
}

const names = new Map<string, string>()

/** A PREPARED statement's name: a digest of its text, so one name never stands for two texts. */
function statementName(text: string): string {
  let name = names.get(text)
  if (name === undefined) names.set(text, name = `agora_${createHash('sha256').update(text).digest('hex').slice(0, 24)}`)
  return name
}

const rewritten = new Map<string, string>()

/** `?` → `$1, $2, …`, skipping quoted strings and identifiers; cached per SQL text. */
export function dollarPlaceholders(text: string): string {
  let out = rewritten.get(text)
  if (out !== undefined) return out
  out = ''
  let n = 0
  let quote: string | null = null
  for (const ch of text) {
    if (quote) {
      if (ch === quote) quote = null
    } else if (ch === "'" || ch === '"') {
      quote = ch
    } else if (ch === '?') {
      out += `$${++n}`
      continue
    }
    out += ch
  }
  if (rewritten.size < 10_000) rewritten.set(text, out)
  return out
}

/**
 * Results read as SQLite gives them: BIGINT and NUMERIC (COUNT, SUM) as JS numbers, booleans
 * (from comparisons) as 1/0, so services written once read the same values on both dialects.
 */
export function pgTypes(builtin: typeof pg.types): pg.CustomTypesConfig {
  return {
    getTypeParser: ((oid: number, format?: 'text' | 'binary') => {
      if (format === 'binary') return builtin.getTypeParser(oid, format)
      if (oid === 20 || oid === 1700) return (v: string) => Number(v)
      if (oid === 16) return (v: string) => (v === 't' ? 1 : 0)
      return builtin.getTypeParser(oid, format ?? 'text')
    }) as pg.CustomTypesConfig['getTypeParser'],
  }
}
