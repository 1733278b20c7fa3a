import type {Ctx} from './context.js'

/** The two counters of a SQLite stamp, as one statement (callers may add columns to read in the same step). */
export const DATA_STAMP_SQL = 'SELECT total_changes() AS c, (SELECT data_version FROM pragma_data_version) AS v'

/**
 * What the database holds, as one string that changes whenever any of it may have: SQLite's count of rows
 * this connection has changed since it opened (every insert, update and delete, trigger writes included,
 * rolled-back ones too) and `data_version` (bumped by a commit from any other connection on the file).
 * Null on PostgreSQL (other processes write through other connections and refresh this process's mirrors
 * by NOTIFY some time after their commit) and inside a transaction (its writes may still roll back): a
 * cache keyed by this stamp computes afresh then.
 */
export async function dataStamp(ctx: Ctx): Promise<string | null> {
  if (ctx.db.dialect !== 'sqlite' || ctx.db.inTx()) return null
  const r = await ctx.db.get<{c: number; v: number}>(DATA_STAMP_SQL)
  return r ? `${r.c}:${r.v}` : null
}
