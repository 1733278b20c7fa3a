import type Database from 'better-sqlite3'

/** Prepared statements on the hub's one connection, prepared once per SQL text (used only by SqliteStorage). */
export class Statements {
  private cache = new Map<string, Database.Statement>()

  constructor(readonly sql: Database.Database) {}

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
}
