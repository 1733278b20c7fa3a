// PostgreSQL entry points for the CLI, loaded on first use: a SQLite hub never loads `pg`.
import type * as PgSnapshot from './pg-snapshot.js'

type Snap = typeof PgSnapshot

export async function exportPostgres(...args: Parameters<Snap['exportPostgres']>): ReturnType<Snap['exportPostgres']> {
  return (await import('./pg-snapshot.js')).exportPostgres(...args)
}

export async function importPostgres(...args: Parameters<Snap['importPostgres']>): ReturnType<Snap['importPostgres']> {
  return (await import('./pg-snapshot.js')).importPostgres(...args)
}

export async function postgresHubsConnected(...args: Parameters<Snap['postgresHubsConnected']>): ReturnType<Snap['postgresHubsConnected']> {
  return (await import('./pg-snapshot.js')).postgresHubsConnected(...args)
}
