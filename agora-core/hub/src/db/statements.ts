import type Database from 'better-sqlite3'

/** Prepared statements on the hub's one connection, prepared once per SQL text. */
export class Statements {
  private cache = new Map<string, Database.Statement>()
  private deferred: Array<() => void> = []
  /** Called after a rolled-back transaction, so in-memory mirrors can reload. */
  onRollback?: () => void

  /** One reusable transaction wrapper: `runner.immediate(fn)` runs fn inside BEGIN IMMEDIATE. */
  private readonly runner: Database.Transaction<(fn: () => unknown) => unknown>

  constructor(readonly sql: Database.Database) {
    this.runner = sql.transaction((fn: () => unknown) => fn())
  }

  prep(text: string): Database.Statement {
    let s = this.cache.get(text)
    if (!s) {
      s = this.sql.prepare(text)
      this.cache.set(text, s)
    }
    return s
  }

  /** Rows as arrays (better-sqlite3 raw mode): about half the cost of building row objects. */
  rawAll(text: string, ...params: unknown[]): unknown[][] {
    const key = `raw:${text}`
    let s = this.cache.get(key)
    if (!s) {
      s = this.sql.prepare(text).raw(true)
      this.cache.set(key, s)
    }
    return s.all(...params) as unknown[][]
  }

  get<T = Record<string, unknown>>(text: string, ...params: unknown[]): T | undefined {
    return this.prep(text).get(...params) as T | undefined
  }

  all<T = Record<string, unknown>>(text: string, ...params: unknown[]): T[] {
    return this.prep(text).all(...params) as T[]
  }

  run(text: string, ...params: unknown[]): Database.RunResult {
    return this.prep(text).run(...params)
  }

  /** Run `fn` in one IMMEDIATE transaction: validation before writes, all-or-nothing writes. */
  tx<T>(fn: () => T): T {
    if (this.sql.inTransaction) return fn()
    let result: T
    try {
      result = this.runner.immediate(fn) as T
    } catch (err) {
      this.deferred = []
      this.onRollback?.()
      throw err
    }
    this.flush()
    return result
  }

  /**
   * Run `fn` after the current transaction commits (now, when there is none). Wake-ups run in a
   * microtask: the caller's response is written first, so a sequential client is not kept
   * waiting on the fan-out, and nothing else runs in between.
   */
  defer(fn: () => void): void {
    if (this.sql.inTransaction) this.deferred.push(fn)
    else fn()
  }

  private flush(): void {
    const list = this.deferred
    if (list.length === 0) return
    this.deferred = []
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
}
