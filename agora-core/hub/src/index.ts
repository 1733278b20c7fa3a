import type {AddressInfo} from 'node:net'
import {SUPPORTED_CLIENTS} from './db/open.js'
import {DB_FORMS, selectDb} from './db/target.js'
import {openStorage} from './db/open-storage.js'
import {joinCluster} from './cluster/join.js'
import {PRESENCE_BEAT_MS} from './cluster/pg-presence.js'
import {isSweepLeader} from './cluster/attach.js'
import {createCtx} from './services/kernel/index.js'
import type {ResolvedOptions} from './services/kernel/index.js'
import {ensureCommons} from './services/channels/index.js'
import {createApp} from './http/app.js'
import {attachWs, PING_MS} from './ws/server.js'
import {QUEUE_LIMIT} from './ws/connection.js'
import {Scheduler} from './services/sweeps/index.js'
import type {SweepReport} from './services/sweeps/index.js'
import {startNotify} from './services/push/index.js'
import {HUB_VERSION} from './version.js'
import {CONNECTIONS_MAX, HEADERS_TIMEOUT_MS, IDLE_SOCKET_TIMEOUT_MS, KEEP_ALIVE_TIMEOUT_MS, REQUEST_TIMEOUT_MS,
  WRITE_BURST, WRITE_RATE_PER_MINUTE} from './limits.js'
import {createDoorServer} from './http/server.js'
import type {DoorOptions} from './http/server.js'

export {HUB_VERSION}
export type {SweepReport}
export {SUPPORTED_CLIENTS}
export {parseDbTarget} from './db/target.js'
export {exportPostgres, importPostgres, postgresHubsConnected} from './db/pg-lazy.js'

export interface HubOptions {
  /** SQLite file path, ':memory:', or a postgres:// URL. */
  db: string
  /** Default '127.0.0.1'. */
  host?: string
  /** Default 8765; 0 picks a free port. */
  port?: number
  adminKey: string
  /** Posting token bucket refill per minute (burst 20). Default 60. */
  ratePerMinute?: number
  /** fs and store writes per seat per minute (burst WRITE_BURST); each appends a ledger row. Default WRITE_RATE_PER_MINUTE. */
  writeRatePerMinute?: number
  /** Seconds a discharged thread waits before it shows in to_close. Default 300. */
  toCloseMinAge?: number
  /** Directory for per-agent notify files; null or '' disables them. Default null. */
  notifyDir?: string | null
  /** Vote sweep cadence in ms. Default 30000. */
  voteSweepMs?: number
  /** Dark watchdog cadence in ms. Default 300000. */
  darkSweepMs?: number
  /** Wall-clock budget of one sweep pass in ms; a pass that runs out resumes its seat walk next time. Default 2000. */
  sweepBudgetMs?: number
  /** Sweeps run only while this answers true (several hub processes on PostgreSQL: an advisory lock). Default: always. */
  isLeader?: () => Promise<boolean>
  /** Unix seconds (float); injectable clock for tests. */
  now?: () => number
  /** Database client: 'better-sqlite3' (a file path) or 'pg' (a postgres:// URL); read from `db` when absent. */
  client?: string
  /** WS keepalive ping interval in ms (a peer silent for one interval is terminated). Default 20000. */
  wsPingMs?: number
  /** Live WS frames in flight per connection before it is closed with 4408. Default 1000. */
  wsQueueLimit?: number
  /** A request's headers must arrive within this many ms. Default HEADERS_TIMEOUT_MS (limits.ts). */
  headersTimeoutMs?: number
  /** A whole request must arrive within this many ms (at least headersTimeoutMs). Default REQUEST_TIMEOUT_MS. */
  requestTimeoutMs?: number
  /** An idle keep-alive connection closes after this many ms. Default KEEP_ALIVE_TIMEOUT_MS. */
  keepAliveTimeoutMs?: number
  /** A socket with no request in flight and no traffic closes after this many ms (WS exempt). Default IDLE_SOCKET_TIMEOUT_MS. */
  idleSocketTimeoutMs?: number
  /** Open connections accepted; more get a 503 and are closed. Default CONNECTIONS_MAX. */
  connectionsMax?: number
  /** Requests at least this slow (ms) are kept in the ring GET /admin/slow serves. Default 5000. */
  slowRequestMs?: number
  /** The built web desk (`@agora/desk`'s `uiAssetsDir()`), served at /ui/; null or absent serves a 404 that says how to build it. */
  uiDir?: string | null
  /**
   * PostgreSQL only: this process's presence heartbeat in ms; its seats count on the other processes until
   * three beats pass without one (a killed process's seats go offline then). Default 10000. Refused on SQLite.
   */
  presenceBeatMs?: number
}

export interface Hub {
  url: string
  port: number
  adminKey: string
  db: string
  /** Run the vote sweep once now; returns how many results it published. */
  sweepVotes(): Promise<number>
  /** Run the dark watchdog once now; returns the seats it alerted about. */
  sweepDark(): Promise<string[]>
  /** Run every sweep once now (or the named ones), one pass under the scheduler; returns what each did. */
  runSweeps(only?: string[]): Promise<SweepReport>
  close(): Promise<void>
}

const KNOWN = new Set(['db', 'host', 'port', 'adminKey', 'ratePerMinute', 'writeRatePerMinute', 'toCloseMinAge', 'notifyDir', 'voteSweepMs', 'darkSweepMs', 'now', 'client',
  'wsPingMs', 'wsQueueLimit', 'headersTimeoutMs', 'requestTimeoutMs', 'keepAliveTimeoutMs', 'idleSocketTimeoutMs', 'connectionsMax',
  'slowRequestMs', 'uiDir', 'sweepBudgetMs', 'isLeader', 'presenceBeatMs'])

function positive(name: string, v: number | undefined, def: number, allowZero = false): number {
  const x = v ?? def
  if (typeof x !== 'number' || !Number.isFinite(x) || x < 0 || (!allowZero && x === 0)) {
    throw new Error(`hub option '${name}' must be a ${allowZero ? 'non-negative' : 'positive'} number, got ${String(v)}`)
  }
  return x
}

function resolveDoor(o: HubOptions, positive: (name: string, v: number | undefined, def: number) => number): DoorOptions {
  const door = {
    headersTimeoutMs: positive('headersTimeoutMs', o.headersTimeoutMs, HEADERS_TIMEOUT_MS),
    requestTimeoutMs: positive('requestTimeoutMs', o.requestTimeoutMs, REQUEST_TIMEOUT_MS),
    keepAliveTimeoutMs: positive('keepAliveTimeoutMs', o.keepAliveTimeoutMs, KEEP_ALIVE_TIMEOUT_MS),
    idleSocketTimeoutMs: positive('idleSocketTimeoutMs', o.idleSocketTimeoutMs, IDLE_SOCKET_TIMEOUT_MS),
    connectionsMax: positive('connectionsMax', o.connectionsMax, CONNECTIONS_MAX),
  }
  if (door.requestTimeoutMs < door.headersTimeoutMs) {
    throw new Error(`hub option 'requestTimeoutMs' (${door.requestTimeoutMs}) must be at least 'headersTimeoutMs' (${door.headersTimeoutMs})`)
  }
  if (!Number.isInteger(door.connectionsMax)) throw new Error(`hub option 'connectionsMax' must be a whole number, got ${door.connectionsMax}`)
  return door
}

function resolve(o: HubOptions): ResolvedOptions & {door: DoorOptions} {
  for (const k of Object.keys(o)) {
    if (!KNOWN.has(k)) throw new Error(`unknown hub option '${k}'; supported: ${[...KNOWN].join(', ')}`)
  }
  if (!o.db) throw new Error(`hub option 'db' is required: ${DB_FORMS}`)
  selectDb(o.db, o.client)
  if (!o.adminKey) throw new Error("hub option 'adminKey' is required")
  const port = o.port ?? 8765
  if (!Number.isInteger(port) || port < 0 || port > 65535) throw new Error(`hub option 'port' must be 0-65535, got ${port}`)
  return {
    db: o.db, host: o.host ?? '127.0.0.1', port, adminKey: o.adminKey,
    ratePerMinute: positive('ratePerMinute', o.ratePerMinute, 60),
    writeRatePerMinute: positive('writeRatePerMinute', o.writeRatePerMinute, WRITE_RATE_PER_MINUTE),
    writeBurst: WRITE_BURST,
    toCloseMinAge: positive('toCloseMinAge', o.toCloseMinAge, 300, true),
    notifyDir: o.notifyDir ? o.notifyDir : null,
    voteSweepMs: positive('voteSweepMs', o.voteSweepMs, 30_000),
    darkSweepMs: positive('darkSweepMs', o.darkSweepMs, 300_000),
    now: o.now ?? (() => Date.now() / 1000),
    slowRequestMs: positive('slowRequestMs', o.slowRequestMs, 5000, true),
    door: resolveDoor(o, positive),
    uiDir: o.uiDir || null,
  }
}

/** Start a hub: open and migrate the database, serve HTTP + `/ws`, run the vote sweep. */
export async function createHub(options: HubOptions): Promise<Hub> {
  const opts = resolve(options)
  const wsOptions = {
    pingMs: positive('wsPingMs', options.wsPingMs, PING_MS),
    queueLimit: positive('wsQueueLimit', options.wsQueueLimit, QUEUE_LIMIT),
  }
  const sweepBudgetMs = positive('sweepBudgetMs', options.sweepBudgetMs, 2000)
  if (options.isLeader !== undefined && typeof options.isLeader !== 'function') throw new Error("hub option 'isLeader' must be an async function answering true or false")
  const presenceBeatMs = options.presenceBeatMs === undefined ? undefined : positive('presenceBeatMs', options.presenceBeatMs, PRESENCE_BEAT_MS)
  const db = await openStorage(opts.db, options.client, {serve: true})
  if (presenceBeatMs !== undefined && !db.pg) {
    await db.close()
    throw new Error("hub option 'presenceBeatMs' applies to hub processes sharing PostgreSQL; a SQLite hub is one process and keeps presence in memory, drop the option")
  }
  const ctx = createCtx(opts, db.storage)
  // PostgreSQL: shared budgets and presence, other processes' events, sweep leadership (cluster/join.ts); SQLite: nothing.
  const cluster = await joinCluster(ctx, db, presenceBeatMs)
  await ctx.cache.load()
  await ctx.db.tx(async () => {
    await ensureCommons(ctx)
    const boot = ctx.now()
    for (const key of ['directive_debt_epoch', 'operator_ask_rule_epoch', 'operator_asks_rule_epoch', 'canvass_rule_epoch',
      'peer_addressed_rule_epoch', 'closure_rule_epoch']) {
      await ctx.db.run('INSERT INTO meta (key, value) VALUES (?, ?) ON CONFLICT DO NOTHING', key, String(boot))
    }
  })
  const notify = opts.notifyDir ? startNotify(ctx, opts.notifyDir) : null
  const server = createDoorServer(createApp(ctx), opts.door)
  const ws = attachWs(ctx, server, wsOptions)
  try {
    await new Promise<void>((ok, fail) => {
      server.once('error', fail)
      server.listen(opts.port, opts.host, () => ok())
    })
  } catch (err) {
    await cluster?.stop()
    await db.close()
    throw err
  }
  const port = (server.address() as AddressInfo).port
  // Only the process holding the sweep lock sweeps (always true on SQLite); a caller's isLeader narrows it further.
  const callerLeader = options.isLeader
  const scheduler = new Scheduler(ctx, {
    isLeader: async () => (await isSweepLeader(ctx)) && (callerLeader ? await callerLeader() : true),
    voteSweepMs: opts.voteSweepMs, darkSweepMs: opts.darkSweepMs,
    budgetMs: sweepBudgetMs,
  })
  scheduler.start()
  let closing: Promise<void> | null = null
  const host = opts.host.includes(':') ? `[${opts.host}]` : opts.host
  return {
    url: `http://${host}:${port}`, port, adminKey: opts.adminKey, db: db.label,
    async sweepVotes() {
      const r = (await scheduler.run({only: ['votes']})).results.votes
      return typeof r === 'number' ? r : 0
    },
    async sweepDark() {
      const r = (await scheduler.run({only: ['dark']})).results.dark
      return Array.isArray(r) ? r as string[] : []
    },
    runSweeps(only?: string[]) {
      return scheduler.run(only ? {only} : {})
    },
    async close() {
      closing ??= (async () => {
        scheduler.stop()
        ws.close()
        notify?.stop()
        const done = new Promise<void>(ok => server.close(() => ok()))
        server.closeAllConnections()
        ctx.bus.closing = true
        ctx.bus.wakeAll()
        await done
        await cluster?.stop()
        await db.close()
      })()
      return closing
    },
  }
}
