import type {Knex} from 'knex'
import Database from 'better-sqlite3'
import {existsSync, mkdirSync} from 'node:fs'
import {dirname} from 'node:path'
import {CodeMigrationSource, STEP_NAMES} from './migrations.js'

/** 'better-sqlite3' for a file path or ':memory:', 'pg' for a postgres:// URL (open-pg.ts). */
export const SUPPORTED_CLIENTS = ['better-sqlite3', 'pg'] as const

export interface OpenedDb {
  /** Only when migrations ran at open: a file already at the latest schema never loads knex. */
  knex?: Knex
  sql: Database.Database
  close(): Promise<void>
}

/**
 * knex owns configuration, schema and migrations; the hot paths run prepared statements on
 * the very same better-sqlite3 connection (pool of one), so `:memory:` works and writes never
 * interleave.
 */
export async function openDb(filename: string, client = 'better-sqlite3'): Promise<OpenedDb> {
  if (client !== 'better-sqlite3') {
    throw new Error(`database client '${client}' does not open a SQLite file; the hub runs on SQLite through 'better-sqlite3' or on PostgreSQL through 'pg' with db: postgres://user@host:5432/agora`)
  }
  if (filename !== ':memory:') mkdirSync(dirname(filename), {recursive: true})
  const current = filename !== ':memory:' && existsSync(filename) ? openCurrent(filename) : null
  if (current) return {sql: current, async close() { current.close() }}
  // knex (~10 MB of modules) is loaded only when there is a schema step to run.
  const knexFactory = (await import('knex')).default
  const knex = knexFactory({
    client,
    connection: {filename},
    useNullAsDefault: true,
    pool: {min: 1, max: 1},
  })
  let held: Database.Database
  try {
    const sql = (await knex.client.acquireConnection()) as Database.Database
    tune(sql)
    await knex.client.releaseConnection(sql)
    await knex.migrate.latest({migrationSource: new CodeMigrationSource(), tableName: 'knex_migrations'})
    held = (await knex.client.acquireConnection()) as Database.Database
  } catch (err) {
    // A refused migration must not leave knex's pool (its timers and the open file) behind.
    await knex.destroy()
    throw err
  }
  return {
    knex,
    sql: held,
    async close() {
      await knex.client.releaseConnection(held)
      await knex.destroy()
    },
  }
}

function tune(sql: Database.Database): void {
  sql.pragma('journal_mode = WAL')
  sql.pragma('synchronous = NORMAL')
  sql.pragma('busy_timeout = 5000')
  sql.pragma('foreign_keys = OFF')
}

/** The file opened directly when knex has already applied every step (and no unknown one); else null. */
function openCurrent(filename: string): Database.Database | null {
  const sql = new Database(filename)
  try {
    const done = sql.prepare("SELECT name FROM sqlite_master WHERE type = 'table' AND name = 'knex_migrations'").get()
      ? (sql.prepare('SELECT name FROM knex_migrations').all() as Array<{name: string}>).map(r => r.name) : []
    if (done.length === STEP_NAMES.length && STEP_NAMES.every(n => done.includes(n))) {
      tune(sql)
      return sql
    }
  } catch { /* an unreadable schema goes through knex, which reports it */ }
  sql.close()
  return null
}
