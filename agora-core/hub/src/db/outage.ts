/**
 * Whether an error says the database server is out of reach (PostgreSQL down, restarting, refusing
 * connections, or the link cut), rather than that the request or the hub is wrong. 'before': no
 * statement reached the server, so nothing was written; 'during': the link went mid-statement, so a
 * commit may or may not have landed. Null for every other error.
 */
export function databaseOutage(err: unknown): 'before' | 'during' | null {
  const e = err as {code?: unknown; name?: unknown; message?: unknown} | null
  if (!e || typeof e !== 'object') return null
  const code = typeof e.code === 'string' ? e.code : ''
  const message = typeof e.message === 'string' ? e.message : ''
  // Node's socket errors on connect, and knex's pool giving up on acquiring a connection.
  if (['ECONNREFUSED', 'ENOTFOUND', 'EAI_AGAIN', 'EHOSTUNREACH', 'ENETUNREACH'].includes(code)) return 'before'
  if (e.name === 'KnexTimeoutError' || message.startsWith('Timeout acquiring a connection')) return 'before'
  // SQLSTATE 57P03 cannot_connect_now (starting up or shutting down), 53300 too_many_connections.
  if (code === '57P03' || code === '53300') return 'before'
  // SQLSTATE class 08 (connection exception), 57P01 admin_shutdown, 57P02 crash_shutdown; a reset socket.
  if (/^08/.test(code) || code === '57P01' || code === '57P02' || code === 'ECONNRESET' || code === 'EPIPE') return 'during'
  if (message.startsWith('Connection terminated')) return 'during'
  return null
}
