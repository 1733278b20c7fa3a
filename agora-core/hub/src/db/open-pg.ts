import type {Knex} from 'knex'
import pg from 'pg'
import {CodeMigrationSource} from './migrations.js'
import {schemaForPostgres} from './dialect-sql.js'
import {PgStorage, pgTypes} from './pg-storage.js'
export {PG_CONNECT_TIMEOUT_MS}
import {pgConnectionAdvice} from './pg-advice.js'
import {PG_CONNECT_TIMEOUT_MS, PG_IDLE_IN_TRANSACTION, PG_SOCKET_BOUNDS as bounds} from './pg-bounds.js'
import {readPgPassQuietly} from './pg-password.js'
import {randomUUID} from 'node:crypto'
import {installTriggers} from '../cluster/triggers.js'

export interface OpenedPg {
  knex: Knex
  url: string
  /** This process's mark on its writes, so its own change events come back to it as already seen. */
  origin: string
  /** The storage port on this database; `onRollback` reloads in-memory mirrors. */
  storage(onRollback?: () => void | Promise<void>): PgStorage
  /** A client outside the pool, for LISTEN and session advisory locks; the caller ends it. */
  dedicated(): Promise<pg.Client>
  close(): Promise<void>
}

/** The advisory lock key every hub process takes while migrating (an arbitrary constant: 'agoramig'). */
const MIGRATION_LOCK = 0x61676f72616d6967n.toString()

/** Pool size per hub process: enough for concurrent reads while one transaction waits on the write lock. */
export const PG_POOL_MAX = 10


/** Connect through knex (pg driver), run every migration step (translated for PostgreSQL), hand back the pool. */
export async function openPostgres(url: string): Promise<OpenedPg> {
  readPgPassQuietly()
  const types = pgTypes(pg.types)
  const origin = randomUUID()
  const knexFactory = (await import('knex')).default
  const knex = knexFactory({
    client: 'pg',
    connection: {connectionString: url, types, application_name: 'agora-hub', ...bounds} as Knex.PgConnectionConfig,
    pool: {
      min: 1, max: PG_POOL_MAX,
      afterCreate(conn: pg.Client, done: (err: Error | null, conn: pg.Client) => void) {
        conn.query("SELECT set_config('agora.origin', $1, false), set_config('idle_in_transaction_session_timeout', $2, false)",
          [origin, PG_IDLE_IN_TRANSACTION]).then(() => done(null, conn), (err: Error) => done(err, conn))
      },
    },
    acquireConnectionTimeout: 30_000,
  })
  try {
    // Several processes may start at once on a fresh database: knex's own migration lock lives in a table
    // it must first create, so two first runs race on CREATE TABLE. One session advisory lock, held on a
    // client outside the pool while migrating, lets one process migrate and the others then find it done.
    const gate = new pg.Client({connectionString: url, types, application_name: 'agora-hub-migrate', ...bounds})
    await gate.connect()
    try {
      await gate.query('SELECT pg_advisory_lock($1)', [MIGRATION_LOCK])
      await knex.migrate.latest({migrationSource: new CodeMigrationSource(schemaForPostgres), tableName: 'knex_migrations'})
      await installTriggers(knex)
    } finally {
      await gate.end()
    }
  } catch (err) {
    await knex.destroy()
    throw new Error(pgConnectionAdvice(url, err))
  }
  const storages: PgStorage[] = []
  return {
    knex, url, origin,
    storage: (onRollback?: () => void | Promise<void>) => {
      const storage = new PgStorage(knex, onRollback)
      storages.push(storage)
      return storage
    },
    async dedicated() {
      const client = new pg.Client({connectionString: url, types, application_name: 'agora-hub', ...bounds})
      await client.connect()
      return client
    },
    async close() {
      for (const storage of storages) await storage.unpark()
      await knex.destroy()
    },
  }
}
