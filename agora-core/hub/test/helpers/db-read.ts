// Read a hub database from a test, whichever it runs on: a SQLite file (a second read-only
// connection) or a PostgreSQL URL (a short-lived client, closed before returning, so no suite
// is kept alive by it). Tests that check stored state use these, so they run under AGORA_TEST_DB=postgres too.
import Database from 'better-sqlite3'
import pg from 'pg'

/** True when the hub's database is a PostgreSQL URL rather than a SQLite file path. */
export function isPostgresTarget(target: string): boolean {
  return /^postgres(ql)?:\/\//.test(target)
}

/** `?` placeholders, as the hub's storage port writes them, numbered for PostgreSQL. */
function numbered(text: string): string {
  let n = 0
  return text.replace(/\?/g, () => `$${++n}`)
}

/** Run `fn` with a client on the PostgreSQL database at `url`, closed afterwards. */
export async function withPg<T>(url: string, fn: (c: pg.Client) => Promise<T>): Promise<T> {
  const c = new pg.Client({connectionString: url})
  await c.connect()
  try { return await fn(c) } finally { await c.end() }
}

/** Rows of one read-only statement (portable SQL with `?` placeholders) on either database. */
export async function readRows<T>(target: string, text: string, ...params: unknown[]): Promise<T[]> {
  if (isPostgresTarget(target)) return withPg(target, async (c) => (await c.query(numbered(text), params)).rows as T[])
  const db = new Database(target, {readonly: true, fileMustExist: true})
  try { return db.prepare(text).all(...params) as T[] } finally { db.close() }
}

/** Change rows behind the hub's back (a tamper test's outside edit) on either database; returns the rows changed. */
export async function editOutsideHub(target: string, text: string, ...params: unknown[]): Promise<number> {
  if (isPostgresTarget(target)) return withPg(target, async (c) => (await c.query(numbered(text), params)).rowCount ?? 0)
  const db = new Database(target, {fileMustExist: true})
  try { return db.prepare(text).run(...params).changes } finally { db.close() }
}
