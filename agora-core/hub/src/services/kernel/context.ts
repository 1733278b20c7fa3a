import {Bus} from './bus.js'
import {Budgets} from './budgets.js'
import type {BudgetBook} from './budget-book.js'
import {Cache} from './cache.js'
import {Presence} from '../presence/index.js'
import type {Storage} from '../../db/port.js'

// Every service imports `fail` from here; it lives in src/errors.ts, a leaf, so presence can use it too.
export {fail} from '../../errors.js'

export interface ResolvedOptions {
  db: string
  host: string
  port: number
  adminKey: string
  ratePerMinute: number
  /** fs and store writes per seat per minute, and their burst. */
  writeRatePerMinute: number
  writeBurst: number
  toCloseMinAge: number
  notifyDir: string | null
  voteSweepMs: number
  darkSweepMs: number
  now: () => number
  /** GET /admin/slow keeps requests at least this slow (ms); default 5000. */
  slowRequestMs?: number
  /** The built web desk served at /ui/ (routes/desk-ui.ts), or null. */
  uiDir?: string | null
}

/** Everything a service needs: options, the storage port, caches. */
export interface Ctx {
  opts: ResolvedOptions
  /** The storage port (async, SQLite or PostgreSQL): the only way a service reaches the database. */
  db: Storage
  cache: Cache
  bus: Bus
  /** Per-seat rate budgets: in memory (SQLite, one process) or in PostgreSQL (shared by every process). */
  budgets: BudgetBook
  now(): number
  /** The last authenticated call per seat (minimal presence). */
  lastSeen: Map<string, number>
  /** channel -> parsed channel:meta; dropped whenever that key is written. */
  metaCache: Map<string, Record<string, unknown>>
  /** hub_pauses rows, loaded lazily; dropped whenever a pause starts or ends. */
  pauseCache: Array<{since: number; until: number | null; reason: string; by: string}> | null
  presence: Presence
}

/**
 * `openStorage` builds the adapter; it is handed the hook that reloads the in-memory mirrors
 * after a rolled-back transaction (they may hold that transaction's writes).
 */
export function createCtx(opts: ResolvedOptions, openStorage: (onRollback: () => Promise<void>) => Storage): Ctx {
  const cache = new Cache(() => ctx.db)
  const ctx: Ctx = {
    opts,
    db: undefined as unknown as Storage,
    cache,
    bus: new Bus(),
    budgets: new Budgets(opts.ratePerMinute, opts.now, {perMinute: opts.writeRatePerMinute, burst: opts.writeBurst}),
    now: opts.now,
    lastSeen: new Map(),
    metaCache: new Map(),
    pauseCache: null,
    presence: undefined as unknown as Presence,
  }
  ctx.presence = new Presence(ctx)
  const reload = async (): Promise<void> => {
    ctx.metaCache.clear()
    ctx.pauseCache = null
    await cache.load()
  }
  ctx.db = openStorage(reload)
  return ctx
}

export function sanitize(text: string): string {
  // eslint-disable-next-line no-control-regex
  return text.replace(/[\u0000-\u001f\u007f]/g, ' ').trim()
}

/** Keep line breaks, collapse runs of blank lines, strip other control chars. */
export function sanitizeMultiline(text: string): string {
  // eslint-disable-next-line no-control-regex
  const cleaned = text.replace(/\r\n?/g, '\n').replace(/[\u0000-\u0009\u000b-\u001f\u007f]/g, ' ')
  return cleaned.replace(/\n{3,}/g, '\n\n').trim()
}
