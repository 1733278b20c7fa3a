import type {Ctx} from '../context.js'

/** The section a message hit belongs to, from its status (the SQL both paths share). */
export const SECTION_SQL = `CASE WHEN m.status IN ('open', 'blocked') AND m.closed = 0 THEN 'open_threads'
    WHEN m.status = 'resolved' THEN 'decisions' ELSE 'messages' END`

export interface PageRow {id: string; section: string; total: number}

interface Candidate {id: string | null; created_at: number; rank: number; section: string | null}

const FIRST_BATCH = 64

/**
 * SQLite, sort=relevance, no vote filter: the page without ranking and numbering every match in SQL.
 * Hits come from FTS5's own `ORDER BY rank LIMIT k` (bm25 inside the engine, no join or window over
 * every match), filtered here by the membership and filter conditions; totals from one narrow COUNT
 * per section. The page is settled when each wanted section's candidates hold its whole count, or
 * its last needed row ranks strictly before the k-th candidate (so a tie at the cut can never hide a
 * row that belongs on the page). Otherwise (a boundary inside a tie, a section the first candidates
 * barely reach) this answers null and the caller runs the windowed query over every match: at most
 * one candidate pass and one count more than that query, never a growing series of passes.
 */
export async function rankedPage(ctx: Ctx, match: string, conds: string[], params: unknown[], sections: string[],
  offset: number, limit: number): Promise<PageRow[] | null> {
  const where = conds.join(' AND ')
  const need = offset + limit
  const k = Math.max(FIRST_BATCH, need * 4)
  // Every candidate comes back (LEFT JOIN, the filter as a column) so the k-th rank is known.
  const rows = await ctx.db.all<Candidate>(`SELECT m.id, m.created_at, f.rank AS rank, CASE WHEN ${where} THEN ${SECTION_SQL} END AS section
    FROM (SELECT rowid, rank FROM messages_fts WHERE messages_fts MATCH ? ORDER BY rank LIMIT ?) f
    LEFT JOIN messages m ON m.rowid = f.rowid`, ...params, match, k)
  const kth = rows.reduce((m, r) => Math.max(m, r.rank), -Infinity)
  const bySection = new Map<string, Candidate[]>(sections.map(s => [s, []]))
  for (const r of rows) if (r.section !== null && r.id !== null) bySection.get(r.section)?.push(r)
  for (const list of bySection.values()) list.sort((a, b) => a.rank - b.rank || b.created_at - a.created_at)
  let total: Map<string, number>
  if (rows.length < k) {
    // Every match is a candidate: the counts are exact as they stand.
    total = new Map([...bySection].map(([s, list]) => [s, list.length]))
  } else {
    // A tie across the cut is already visible here: skip the count and let the window settle it.
    if ([...bySection.values()].some(list => list.length >= need && list[need - 1].rank >= kth)) return null
    const counts = await ctx.db.all<{section: string; n: number}>(`SELECT section, COUNT(*) AS n FROM (
        SELECT ${SECTION_SQL} AS section FROM messages_fts f JOIN messages m ON m.rowid = f.rowid WHERE messages_fts MATCH ? AND ${where}
      ) h WHERE section IN (${sections.map(() => '?').join(', ')}) GROUP BY section`, match, ...params, ...sections)
    total = new Map(counts.map(c => [c.section, Number(c.n)]))
    const settled = [...total].every(([s, n]) => {
      const list = bySection.get(s)!
      return list.length >= n || (list.length >= need && list[need - 1].rank < kth)
    })
    if (!settled) return null
  }
  const out: PageRow[] = []
  for (const [s, list] of bySection) {
    for (const r of list.slice(offset, need)) out.push({id: r.id!, section: s, total: total.get(s) ?? 0})
  }
  return out
}
