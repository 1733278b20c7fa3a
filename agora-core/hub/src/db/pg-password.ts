import {createRequire} from 'node:module'
import pg from 'pg'

/** The `pgpass` module (pg's own dependency, untyped): the password of the first matching ~/.pgpass line, or undefined. */
type PgPassLookup = (connection: {host?: unknown; port?: unknown; database?: unknown; user?: unknown}, done: (password: string | undefined) => void) => void
const pgPass = createRequire(import.meta.url)('pgpass') as PgPassLookup

/**
 * The password for a connection whose URL carries none and whose environment has no PGPASSWORD: the
 * matching line of ~/.pgpass (or $PGPASSFILE; ignored, with a warning, when group or world can read it),
 * as libpq reads it.
 */
export function passwordFromPgPass(connection: {host?: unknown; port?: unknown; database?: unknown; user?: unknown}): Promise<string | undefined> {
  return new Promise(resolve => pgPass(connection, resolve))
}

/**
 * pg 8.23 still reads ~/.pgpass itself, but prints a DeprecationWarning on every `agora up` that does, and the
 * README tells operators to keep the password there (out of argv). Handing pg the same lookup as its default
 * password keeps the order libpq uses (the URL's password, then PGPASSWORD, then ~/.pgpass) without the warning.
 */
export function readPgPassQuietly(): void {
  ;(pg.defaults as {password?: unknown}).password = passwordFromPgPass
}
