import {redact} from './target.js'
import {PG_CONNECT_TIMEOUT_MS} from './pg-bounds.js'

/** The parts of a postgres:// URL a fix names; the libpq defaults where the URL leaves them out. */
function partsOf(url: string): {host: string; port: string; database: string; user: string} {
  try {
    const u = new URL(url)
    const user = decodeURIComponent(u.username) || 'postgres'
    return {host: u.hostname || 'localhost', port: u.port || '5432', database: decodeURIComponent(u.pathname.slice(1)) || user, user}
  } catch {
    return {host: 'HOST', port: '5432', database: 'DATABASE', user: 'USER'}
  }
}

/**
 * Why PostgreSQL refused a hub's connection, said as the fix: where the password goes, which role or
 * database to create, or that nothing listens there. One sentence: `<where>: <what it said>; <what to do>`.
 * An error this does not recognize keeps PostgreSQL's own words.
 */
export function pgConnectionAdvice(url: string, err: unknown): string {
  const {code, message} = (err ?? {}) as {code?: unknown; message?: unknown}
  const said = typeof message === 'string' ? message : String(err)
  const {host, port, database, user} = partsOf(url)
  const pgpassLine = `${host}:${port}:${database}:${user}:PASSWORD`
  let fix: string | null = null
  if (code === '28P01') {
    fix = `put ${user}'s password in ~/.pgpass as the line ${pgpassLine} (chmod 600) or in PGPASSWORD, then run it again`
  } else if (/client password must be a string|no password (was )?(supplied|provided)/i.test(said)) {
    fix = `PostgreSQL asked for ${user}'s password and none was found: put it in ~/.pgpass as the line ${pgpassLine} (chmod 600) or in PGPASSWORD, then run it again`
  } else if (code === '3D000') {
    fix = `create it first (createdb -O ${user} ${database}), or fix the database name in the URL`
  } else if (code === '28000' && /role .* does not exist/i.test(said)) {
    fix = `create the role first (createuser --pwprompt ${user}), or fix the user name in the URL`
  } else if (code === '28000') {
    fix = `allow ${user} from this host in the server's pg_hba.conf, then reload PostgreSQL`
  } else if (/^timeout expired$|Connection terminated due to connection timeout/i.test(said)) {
    fix = `${host}:${port} took the connection but sent nothing back in ${PG_CONNECT_TIMEOUT_MS / 1000} s: check that it is PostgreSQL (pg_isready -h ${host} -p ${port}) and that no firewall holds the packets`
  } else if (code === 'ECONNREFUSED') {
    fix = `nothing listens on ${host}:${port}: start PostgreSQL there, or fix the URL's host and port`
  }
  return `PostgreSQL at ${redact(url)}: ${said}${fix ? `; ${fix}` : ''}`
}
