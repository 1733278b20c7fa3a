import {openDb} from './open.js'
import type {OpenedPg} from './open-pg.js'
import type {Storage} from './port.js'
import {SqliteStorage} from './sqlite-storage.js'
import {holdHubLock} from './sqlite-hub-lock.js'
import {Statements} from './statements.js'
import {redact, selectDb} from './target.js'

export interface OpenedStorage {
  /** What the hub reports as its database: the file path, or the URL with any password masked. */
  label: string
  /** The adapter factory createCtx takes; `onRollback` reloads the in-memory mirrors. */
  storage: (onRollback: () => Promise<void>) => Storage
  /** Set on PostgreSQL: the pool, for the cluster wiring (events, sweep leadership, shared budgets). */
  pg?: OpenedPg
  close(): Promise<void>
}

/**
 * Open (and migrate) the hub database named by `db`: a SQLite file or ':memory:', or a postgres:// URL.
 * `serve`: the hub itself opens it, so a SQLite file must not be served by another hub (sqlite-hub-lock.ts);
 * a reader beside a running hub (tests, tools) passes nothing.
 */
export async function openStorage(db: string, client?: string, options: {serve?: boolean} = {}): Promise<OpenedStorage> {
  const target = selectDb(db, client)
  if (target.kind === 'postgres') {
    // Loaded only here: a SQLite hub never loads pg.
    const {openPostgres} = await import('./open-pg.js')
    const pg = await openPostgres(target.url)
    return {label: redact(target.url), pg, storage: onRollback => pg.storage(onRollback), close: () => pg.close()}
  }
  const lock = options.serve && target.filename !== ':memory:' ? holdHubLock(target.filename) : null
  let opened: Awaited<ReturnType<typeof openDb>>
  try {
    opened = await openDb(target.filename)
  } catch (err) {
    lock?.release()
    throw err
  }
  return {
    label: db,
    storage: onRollback => new SqliteStorage(new Statements(opened.sql), onRollback),
    async close() {
      try { await opened.close() } finally { lock?.release() }
    },
  }
}
