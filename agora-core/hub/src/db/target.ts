/** Where the hub's data lives, read from `--db` / AGORA_DB / the `db` option. */
export type DbTarget = {kind: 'sqlite'; filename: string} | {kind: 'postgres'; url: string}

export const DB_FORMS = "a SQLite file path (./agora.db), ':memory:', or a PostgreSQL URL (postgres://user@host:5432/agora)"

/**
 * A value with a URL scheme is a database URL, and only postgres:// and postgresql:// are
 * served; anything else with a scheme (mysql://, file:, `postgres:` without //) is refused
 * rather than taken as a relative path, which once created a directory named `postgres:`.
 */
export function parseDbTarget(value: string): DbTarget {
  const v = value.trim()
  if (!v) throw new Error(`no database given: pass ${DB_FORMS}`)
  if (v === ':memory:') return {kind: 'sqlite', filename: v}
  const scheme = /^([a-z][a-z0-9+.-]+):/i.exec(v)
  if (!scheme) return {kind: 'sqlite', filename: value}
  const name = scheme[0].slice(0, -1).toLowerCase() // scheme[0] is the whole match, '<scheme>:'
  if ((name === 'postgres' || name === 'postgresql') && v.startsWith(`${scheme[0]}//`)) {
    let url: URL
    try {
      url = new URL(v)
    } catch {
      throw new Error(`database URL '${redact(v)}' does not parse; write it as postgres://user@host:5432/agora`)
    }
    if (!url.hostname && !url.searchParams.get('host')) throw new Error(`database URL '${redact(v)}' names no host; write it as postgres://user@host:5432/agora`)
    if (url.pathname.length <= 1) throw new Error(`database URL '${redact(v)}' names no database; write it as postgres://user@host:5432/agora`)
    return {kind: 'postgres', url: v}
  }
  throw new Error(`database '${redact(v)}' is not supported: pass ${DB_FORMS}`)
}

/** The URL with any password masked, for messages and logs. */
export function redact(url: string): string {
  return url.replace(/^([a-z][a-z0-9+.-]*:\/\/[^:/@]*):[^@/]*@/i, '$1:***@')
}

/** The target of the hub's `db` option, checked against its `client` option when one is given. */
export function selectDb(db: string, client?: string): DbTarget {
  const target = parseDbTarget(db)
  const wanted = target.kind === 'postgres' ? 'pg' : 'better-sqlite3'
  if (client !== undefined && client !== wanted) {
    if (client !== 'pg' && client !== 'better-sqlite3') {
      throw new Error(`database client '${client}' is not supported: use 'better-sqlite3' with a SQLite file, or 'pg' with a postgres:// URL`)
    }
    throw new Error(`database client '${client}' does not match db '${redact(db)}': 'pg' takes a postgres:// URL, 'better-sqlite3' a SQLite file path`)
  }
  return target
}
