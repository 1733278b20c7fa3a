/**
 * The storage port every hub service calls. Two adapters implement it: SQLite (better-sqlite3,
 * the embedded default) and PostgreSQL (knex + pg). SQL text uses `?` placeholders and the
 * portable subset both dialects run (`ON CONFLICT … DO NOTHING`, partial indexes, `RETURNING`);
 * anything dialect-specific branches on `dialect` with a comment saying why.
 */
export type Dialect = 'sqlite' | 'postgres'

export type Row = Record<string, unknown>

/**
 * Prefix a hot read's text with this to keep it prepared: PostgreSQL then parses and plans it once per
 * pooled connection instead of on every call (planning the /owed and /inbox statements cost ~2 ms each).
 * SQLite ignores it (a comment; its adapter caches every statement by text already). Only for statements
 * whose texts are few (not ones built with a variable number of placeholders per call).
 */
export const PREPARED = '/* agora:prepared */ '

/**
 * What a transaction promises to write: `{channel}` says it reads and writes only that channel's
 * chain (plus single-statement upserts elsewhere), so on PostgreSQL it runs beside transactions
 * on other channels instead of behind every write in the database. No scope: anything.
 */
export interface TxScope {
  channel: string
}

export interface RunResult {
  /** Rows inserted, updated or deleted by the statement. */
  changes: number
}

export interface Storage {
  readonly dialect: Dialect
  get<T = Row>(text: string, ...params: unknown[]): Promise<T | undefined>
  all<T = Row>(text: string, ...params: unknown[]): Promise<T[]>
  /** Rows as arrays, in column order: cheaper than row objects on the hot read paths. */
  rows(text: string, ...params: unknown[]): Promise<unknown[][]>
  run(text: string, ...params: unknown[]): Promise<RunResult>
  /**
   * Run `fn` in one all-or-nothing transaction. Every query issued while `fn` runs (by any
   * callee, found through async context) joins it; a nested `tx` joins the outer one. Nothing
   * else writes in between: SQLite holds its one connection, PostgreSQL a pooled client.
   * With a `scope`, only writers to the same scope (and unscoped ones) are kept out.
   */
  tx<T>(fn: () => Promise<T>, scope?: TxScope): Promise<T>
  /** True while the caller runs inside `tx`. */
  inTx(): boolean
  /** Run `fn` after the current transaction commits (at once when there is none); dropped on rollback. */
  defer(fn: () => void): void
}
