import type {Ctx} from '../kernel/index.js'
import {PREPARED} from '../../db/port.js'
import {perOwner} from '../../per-owner.js'

/** A window row whose serialized envelope is reused as is: only its sort keys were read. */
export interface Reused {id: string; sender: string; critical: boolean; created_at: number; seq: number; text: Buffer}

/**
 * What a cursor window is made of, read without materializing its rows: the cursor, how many rows it holds,
 * its last seq, and how many of them are retracted. Rows are never deleted and seqs never reused, a row's
 * columns never change except retracted_at (NULL once, then set for good), and cursors only move forward;
 * so two equal stamps of one (seat, channel) name the same rows in the same state. A stamp read before the
 * rows it is stored with can only be older than them, which makes the next comparison miss, never hit wrongly.
 */
export interface Stamp {acked: number; count: number; last: number; retracted: number}

interface Entry {stamp: Stamp; rows: Reused[]; operators: Array<[string, boolean]>; bytes: number}
interface WindowCache {entries: Map<string, Entry>; bytes: number}

/** Windows kept per hub, by bytes of envelope text they pin (the texts themselves are shared with inbox.ts's map). */
const CACHE_MAX_BYTES = 32_000_000
/** Channels per stamp statement: bounds the statement texts (one per count) the prepared cache holds. */
const STAMPS_PER_STATEMENT = 32

const cacheOf = perOwner((_: Ctx): WindowCache => ({entries: new Map(), bytes: 0}))

/** Each channel's window stamp, in one statement per 32 channels (an aggregate per window: no row is materialized). */
export async function windowStamps(ctx: Ctx, viewer: string, channels: string[], window: string): Promise<Map<string, Stamp>> {
  const out = new Map<string, Stamp>()
  for (let at = 0; at < channels.length; at += STAMPS_PER_STATEMENT) {
    const part = channels.slice(at, at + STAMPS_PER_STATEMENT)
    const sql = PREPARED + part.map((_, i) => `SELECT ${i} AS i, COALESCE((SELECT last_seq FROM cursors WHERE agent = ? AND channel = ?), 0) AS c,
      COUNT(*) AS n, COALESCE(MAX(w.seq), 0) AS s, COALESCE(SUM(CASE WHEN w.retracted_at IS NULL THEN 0 ELSE 1 END), 0) AS r
      FROM (SELECT seq, retracted_at ${window}) AS w`).join(' UNION ALL ')
    for (const [i, acked, count, last, retracted] of await ctx.db.rows(sql, ...part.flatMap(c => [viewer, c, c, viewer, c, viewer]))) {
      out.set(part[Number(i)] as string, {acked: Number(acked), count: Number(count), last: Number(last), retracted: Number(retracted)})
    }
  }
  return out
}

const keyOf = (viewer: string, channel: string): string => `${viewer}\u0000${channel}`

/** The window's reused rows when its stamp and every sender's operator role are as they were when it was kept. */
export function keptWindow(ctx: Ctx, viewer: string, channel: string, stamp: Stamp | undefined): Reused[] | undefined {
  const e = stamp && cacheOf(ctx).entries.get(keyOf(viewer, channel))
  if (!e || !stamp) return undefined
  const s = e.stamp
  if (s.acked !== stamp.acked || s.count !== stamp.count || s.last !== stamp.last || s.retracted !== stamp.retracted) return undefined
  for (const [sender, operator] of e.operators) if (ctx.cache.isOperator(sender) !== operator) return undefined
  return e.rows
}

/** Keep a window every row of which was reused (so none is an obligation), under the stamp read before its rows. */
export function keepWindow(ctx: Ctx, viewer: string, channel: string, stamp: Stamp, rows: Reused[]): void {
  const c = cacheOf(ctx)
  const key = keyOf(viewer, channel)
  const old = c.entries.get(key)
  if (old) {
    c.entries.delete(key)
    c.bytes -= old.bytes
  }
  const bytes = rows.reduce((n, r) => n + r.text.length, 0)
  if (bytes > CACHE_MAX_BYTES / 4) return
  while (c.entries.size > 0 && c.bytes + bytes > CACHE_MAX_BYTES) {
    const [oldest, entry] = c.entries.entries().next().value as [string, Entry]
    c.entries.delete(oldest)
    c.bytes -= entry.bytes
  }
  const operators = [...new Set(rows.map(r => r.sender))].map((s): [string, boolean] => [s, ctx.cache.isOperator(s)])
  c.entries.set(key, {stamp, rows, operators, bytes})
  c.bytes += bytes
}
