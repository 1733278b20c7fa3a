import {AsyncLocalStorage} from 'node:async_hooks'
import type Database from 'better-sqlite3'
import {Statements} from './statements.js'
import type {Dialect, Row, RunResult, Storage, TxScope} from './port.js'

interface Frame {
  deferred: Array<() => void>
  /** False once the transaction has committed or rolled back: a continuation it left behind is outside it. */
  open: boolean
}

/**
 * The SQLite adapter: better-sqlite3 is synchronous, so each call resolves at once. A
 * transaction holds the one connection across its awaits; a query from outside it waits for
 * the commit, so another request's write never lands inside (or is rolled back with) it.
 */
export class SqliteStorage implements Storage {
  readonly dialect: Dialect = 'sqlite'
  private readonly frames = new AsyncLocalStorage<Frame>()
  private held: Promise<void> | null = null

  /** The transaction the caller runs inside, if it is still open. */
  private frame(): Frame | undefined {
    const f = this.frames.getStore()
    return f?.open ? f : undefined
  }

  /**
   * `onRollback` reloads in-memory mirrors after a failed transaction. It runs before the
   * connection is released (its own reads go straight through), so no other request sees a
   * mirror holding a rolled-back write.
   */
  constructor(private readonly q: Statements, private readonly onRollback: () => void | Promise<void> = () => {}) {}

  async get<T = Row>(text: string, ...params: unknown[]): Promise<T | undefined> {
    if (this.held && !this.frame()) await this.idle()
    return this.q.get<T>(text, ...params)
  }

  async all<T = Row>(text: string, ...params: unknown[]): Promise<T[]> {
    if (this.held && !this.frame()) await this.idle()
    return this.q.all<T>(text, ...params)
  }

  async rows(text: string, ...params: unknown[]): Promise<unknown[][]> {
    if (this.held && !this.frame()) await this.idle()
    return this.q.rawAll(text, ...params)
  }

  async run(text: string, ...params: unknown[]): Promise<RunResult> {
    if (this.held && !this.frame()) await this.idle()
    return {changes: this.q.run(text, ...params).changes}
  }

  inTx(): boolean {
    return this.frame() !== undefined
  }

  /** `_scope` is moot here: SQLite has one writer at a time whatever the transaction touches. */
  async tx<T>(fn: () => Promise<T>, _scope?: TxScope): Promise<T> {
    if (this.frame()) return fn()
    // Check and take in one synchronous step: awaiting a helper here would let two waiters both see it free.
    while (this.held) await this.held
    let release!: () => void
    this.held = new Promise(resolve => { release = resolve })
    const frame: Frame = {deferred: [], open: true}
    const sql = this.q.sql
    try {
      sql.exec('BEGIN IMMEDIATE')
      let result: T
      try {
        result = await this.frames.run(frame, fn)
        sql.exec('COMMIT')
      } catch (err) {
        if (sql.inTransaction) sql.exec('ROLLBACK')
        frame.open = false
        const reload: Frame = {deferred: [], open: true}
        try {
          await this.frames.run(reload, this.onRollback)
        } finally {
          reload.open = false
        }
        throw err
      } finally {
        frame.open = false
      }
      flush(frame.deferred)
      return result
    } finally {
      this.held = null
      release()
      // Between transactions nothing needs the async context, so the frame store is switched off: on Node 20 an
      // enabled AsyncLocalStorage runs a JS promise hook for every promise the process makes (express, ws, ours).
      // The next transaction switches it back on in its run(); a continuation this one left behind finds its
      // frame closed (`open`), so it waits for that transaction like any outside query instead of joining it.
      if (!this.held) this.frames.disable()
    }
  }

  defer(fn: () => void): void {
    const frame = this.frame()
    if (frame) frame.deferred.push(fn)
    else fn()
  }

  /** Resolve when no transaction holds the connection (loops: a waiter may lose the race to another). */
  private async idle(): Promise<void> {
    while (this.held) await this.held
  }
}

/**
 * Post-commit work runs in a microtask queued at the commit, so it runs before the awaiting caller's
 * continuation: subscribers' pushes leave before the poster's HTTP answer. Answering first (the fan-out on
 * setImmediate) was tried and kept out: under load it tripled post→push p50 at 50 subscribers for no
 * throughput that the noise could show (docs/benchmarks.md, tenth session).
 */
export function flush(list: Array<() => void>): void {
  if (list.length === 0) return
  queueMicrotask(() => {
    for (const fn of list) {
      try {
        fn()
      } catch (err) {
        process.stderr.write(`agora hub: a post-commit wake-up failed: ${(err as Error).message}\n`)
      }
    }
  })
}

/** The adapter factory `createCtx` takes, over one open better-sqlite3 connection. */
export function sqliteStorage(sql: Database.Database): (onRollback: () => Promise<void>) => Storage {
  return onRollback => new SqliteStorage(new Statements(sql), onRollback)
}
