/**
 * Every hub connection's bounds: a connect that gets no answer gives up (a host that drops packets would
 * otherwise hold a request for the OS's two-minute TCP timeout), and TCP keepalive lets the kernel notice a
 * peer that vanished. A pooled session left idle inside a transaction for a minute (a process stopped
 * mid-request) is ended by the server, so the channel locks it holds cannot stall the other processes.
 */
export const PG_CONNECT_TIMEOUT_MS = 10_000
export const PG_IDLE_IN_TRANSACTION = '60s'
export const PG_SOCKET_BOUNDS = {connectionTimeoutMillis: PG_CONNECT_TIMEOUT_MS, keepAlive: true, keepAliveInitialDelayMillis: 10_000}
