import type {Ctx} from './context.js'
import {PREPARED} from '../../db/port.js'

/**
 * The stamp as one SELECT column, `stamp`, per dialect.
 *
 * SQLite: the count of rows this connection has changed since it opened (every insert, update and delete,
 * trigger writes included, rolled-back ones too) and `data_version` (bumped by a commit from any other
 * connection on the file).
 *
 * PostgreSQL: the statement's MVCC snapshot, `pg_current_snapshot()` (xmin:xmax:in-progress xids, sorted).
 * What a READ COMMITTED statement sees is fixed by its snapshot, and the snapshot by which writing
 * transactions had ended when it was taken: one ended since removes its xid from the list or, if it began
 * at or past xmax, moves xmax (one past the newest ended xid, cluster-wide). Read-only transactions (this
 * statement included) get no xid and never move it. So the set of ended transactions only grows, and two
 * equal snapshots mean none ended in between: every statement run after the first and before the second,
 * on any pooled connection, saw exactly the same rows. Commits in other databases of the cluster and an
 * autovacuum's ANALYZE move it too, which costs a recomputation, never a stale answer; VACUUM does not.
 * Writes by other hub processes are covered the moment they commit; their effect on this process's
 * mirrors lands later (NOTIFY) and is what Cache.generation is checked for.
 */
function stampColumn(ctx: Ctx): string {
  return ctx.db.dialect === 'sqlite'
    ? "total_changes() || ':' || (SELECT data_version FROM pragma_data_version) AS stamp"
    : 'pg_current_snapshot()::text AS stamp'
}

/**
 * What the database holds, as one string that changes whenever any of it may have (stampColumn says how).
 * Null inside a transaction (its writes may still roll back): a cache keyed by this stamp computes afresh then.
 */
export async function dataStamp(ctx: Ctx): Promise<string | null> {
  return (await dataStampWith(ctx, ''))?.stamp ?? null
}

/**
 * The stamp and `columns` (more SELECT columns, `?` bound to `params`) read by one statement, so on
 * PostgreSQL they come from the same snapshot; null inside a transaction.
 */
export async function dataStampWith<T extends object>(ctx: Ctx, columns: string, ...params: unknown[]): Promise<(T & {stamp: string}) | null> {
  if (ctx.db.inTx()) return null
  const r = await ctx.db.get<T & {stamp: string}>(`${PREPARED}SELECT ${stampColumn(ctx)}${columns ? `, ${columns}` : ''}`, ...params)
  return r ? {...r, stamp: String(r.stamp)} : null
}
