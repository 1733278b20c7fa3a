import type {Ctx} from '../kernel/index.js'
import {dataStamp, dataStampWith} from '../kernel/index.js'
import {perOwner} from '../../per-owner.js'

/**
 * The earliest hub time at which an answer computed now could read differently with no write in between:
 * a debt crossing its response window (`escalated`), an answered thread old enough for `to_close`, a grant
 * or a block expiring. Computations lower `until` as they meet such a clock edge (notBefore).
 */
export interface Horizon {until: number}

/** A millisecond early: the edge tests (`now - born - paused > window`) round, the bound must not. */
export function notBefore(h: Horizon | undefined, t: number): void {
  if (h && t - 0.001 < h.until) h.until = t - 0.001
}

/** Answers kept per hub: the latest one per (route, seat), by bytes (an /inbox of 800 envelopes is ~500 KB). */
const MEMO_MAX_BYTES = 48_000_000

interface Entry {stamp: string; generation: number; at: number; until: number; value: Buffer}
interface Memo {entries: Map<string, Entry>; bytes: number}

const memoOf = perOwner((_: object): Memo => ({entries: new Map(), bytes: 0}))

/**
 * What the memos of this process did so far: answers served from a memo, computed, and computed then kept.
 * Read by tests (a memo that never answers would pass every parity check) and by benches.
 */
export const memoCounts = {served: 0, computed: 0, kept: 0}


/**
 * The stamp again after a computation, with the clock edge every answer shares: the next expiry of a block
 * (in the same statement) or of a grant (from the mirror).
 */
async function stampAfter(ctx: Ctx, now: number, h: Horizon): Promise<string | null> {
  const r = await dataStampWith<{t: number | null}>(ctx, '(SELECT MIN(expires_at) FROM blocks WHERE lifted_at IS NULL AND expires_at > ?) AS t', now)
  if (!r) return null
  if (r.t != null) notBefore(h, Number(r.t))
  for (const rows of ctx.cache.grants.values()) for (const g of rows) if (g.revoked_at == null && g.expires_at > now) notBefore(h, g.expires_at)
  return r.stamp
}

/**
 * A seat's answer (`kind` names the route), reused while nothing it depends on can have moved: the same
 * database stamp, the same generation of the in-memory mirrors (kernel/cache.ts: a role, membership or
 * grant change bumps it, also one made after its row's commit), and a hub clock inside [computed, horizon).
 * The answer is kept only when stamp and generation did not move while it was computed, so a served answer
 * is byte for byte what a fresh computation would give (the parity test interleaves writes to prove it).
 * A seat polling /inbox or /owed on a quiet hub then costs one stamp read; any write anywhere costs the
 * full computation again, plus two stamp reads. On PostgreSQL the stamp is the snapshot (kernel/data-stamp.ts),
 * so another process's commit is seen at once; its effect on this process's mirrors arrives later, by NOTIFY,
 * and bumps the generation (cluster/attach.ts): an answer computed in between, with the old mirrors, is
 * kept at most until then, as long as a fresh computation would have given it too.
 */
export async function memoAnswer(ctx: Ctx, kind: string, viewer: string, compute: (h: Horizon) => Promise<Buffer>): Promise<Buffer> {
  const stamp = await dataStamp(ctx)
  if (stamp === null) {
    memoCounts.computed++
    return compute({until: Infinity})
  }
  const memo = memoOf(ctx.db)
  const key = `${kind}\u0000${viewer}`
  const generation = ctx.cache.generation
  const start = ctx.now()
  const hit = memo.entries.get(key)
  if (hit && hit.stamp === stamp && hit.generation === generation && start >= hit.at && start < hit.until) {
    memoCounts.served++
    return hit.value
  }
  const h: Horizon = {until: Infinity}
  memoCounts.computed++
  const value = await compute(h)
  const at = ctx.now()
  if (await stampAfter(ctx, start, h) !== stamp || ctx.cache.generation !== generation) return value
  memoCounts.kept++
  keep(memo, key, {stamp, generation, at, until: h.until, value})
  return value
}

function keep(memo: Memo, key: string, entry: Entry): void {
  const old = memo.entries.get(key)
  if (old) {
    memo.entries.delete(key)
    memo.bytes -= old.value.length
  }
  if (entry.value.length > MEMO_MAX_BYTES / 8) return
  while (memo.entries.size > 0 && memo.bytes + entry.value.length > MEMO_MAX_BYTES) {
    const [oldest, e] = memo.entries.entries().next().value as [string, Entry]
    memo.entries.delete(oldest)
    memo.bytes -= e.value.length
  }
  memo.entries.set(key, entry)
  memo.bytes += entry.value.length
}
