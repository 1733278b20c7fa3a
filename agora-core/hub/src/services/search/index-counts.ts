import type {Ctx} from '../kernel/index.js'

/** Below this many index matches the join is cheap and this path is not worth its extra statements. */
export const INDEX_COUNT_MIN = 200

/** The FTS5 match set, for `rowid IN (…)`: one ephemeral index, built only if a candidate row asks. */
const MATCHES = 'SELECT rowid FROM messages_fts WHERE messages_fts MATCH ?'

/**
 * Per-section totals of a SQLite FTS5 match read from the index instead of joining every match to
 * `messages` (the join was most of the COUNT on a word most messages hold: ~0.5 µs a match). Exact only
 * when nothing but membership filters the search and every channel holding an indexed message is searched:
 * the index holds exactly the live human messages (its triggers add them on insert and drop them at
 * retraction), so the index count is the searched count. The two small sections are counted from their
 * own partial indexes, probing each candidate against the match set (`+` keeps the planner from driving
 * the probe by rowid, which is the join again). Null when any condition fails: the caller joins.
 */
export async function indexCounts(ctx: Ctx, match: string, channels: string[]): Promise<Map<string, number> | null> {
  // Scope first: a seat outside some room with messages (most seats on a real hub) pays one indexed probe
  // here, not a count of every match it cannot use (measured: the count first made those seats' searches
  // 8–28 % dearer than joining alone).
  const outside = await ctx.db.get(`SELECT 1 AS hit FROM channels c WHERE c.name NOT IN (${channels.map(() => '?').join(', ')})
    AND EXISTS (SELECT 1 FROM messages m WHERE m.channel = c.name AND m.kind = 'message' AND m.retracted_at IS NULL) LIMIT 1`, ...channels)
  if (outside) return null
  const all = await ctx.db.get<{n: number}>('SELECT COUNT(*) AS n FROM messages_fts WHERE messages_fts MATCH ?', match)
  const total = Number(all?.n ?? 0)
  // No match at all needs no join (a relaxed retry's first pass often ends here).
  if (total === 0) return new Map([['open_threads', 0], ['decisions', 0], ['messages', 0]])
  if (total < INDEX_COUNT_MIN) return null
  const open = await ctx.db.get<{n: number}>(`SELECT COUNT(*) AS n FROM messages m INDEXED BY messages_obligations
    WHERE m.status IN ('open','blocked') AND m.retracted_at IS NULL AND m.closed = 0 AND m.kind = 'message' AND +m.rowid IN (${MATCHES})`, match)
  const decided = await ctx.db.get<{n: number}>(`SELECT COUNT(*) AS n FROM messages m INDEXED BY messages_resolved
    WHERE m.status = 'resolved' AND m.retracted_at IS NULL AND m.kind = 'message' AND +m.rowid IN (${MATCHES})`, match)
  const openThreads = Number(open?.n ?? 0), decisions = Number(decided?.n ?? 0)
  return new Map([['open_threads', openThreads], ['decisions', decisions], ['messages', total - openThreads - decisions]])
}
