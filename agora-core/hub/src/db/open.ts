import knexFactory from 'knex'
import type {Knex} from 'knex'
import type Database from 'better-sqlite3'
import {mkdirSync} from 'node:fs'
import {dirname} from 'node:path'
import {CodeMigrationSource} from './migrations.js'

export const SUPPORTED_CLIENTS = ['better-sqlite3'] as const

export interface OpenedDb {
  knex: Knex
  sql: Database.Database
  close(): Promise<void>
}

/**
 * knex owns configuration, schema and migrations; the hot paths run prepared statements on
 * the very same better-sqlite3 connection (pool of one), so `:memory:` works and writes never
 * interleave.
 */
export async function openDb(filename: string, client = 'better-sqlite3'): Promise<OpenedDb> {
  if (!(SUPPORTED_CLIENTS as readonly string[]).includes(client)) {
    throw new Error(`database client '${client}' is not supported; the hub runs on SQLite through 'better-sqlite3'`)
  }
  if (filename !== ':memory:') mkdirSync(dirname(filename), {recursive: true})
  const knex = knexFactory({
    client,
    connection: {filename},
    useNullAsDefault: true,
    pool: {min: 1, max: 1},
  })
  const sql = (await knex.client.acquireConnection()) as Database.Database
  sql.pragma('journal_mode = WAL')
  sql.pragma('synchronous = NORMAL')
  sql.pragma('busy_timeout = 5000')
  sql.pragma('foreign_keys = OFF')
  await knex.client.releaseConnection(sql)
  await knex.migrate.latest({migrationSource: new CodeMigrationSource(), tableName: 'knex_migrations'})
  const held = (await knex.client.acquireConnection()) as Database.Database
  return {
    knex,
    sql: held,
    async close() {
      await knex.client.releaseConnection(held)
      await knex.destroy()
    },
  }
}
