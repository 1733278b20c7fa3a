import type {Ctx} from '../kernel/index.js'
import {SECTION_SQL} from './messages-page.js'
import type {SectionPicker} from './messages-page.js'
import type {KnownCounts} from './scope-counts.js'

/** The fewest best-ranked matches a candidate pass keeps (a page of 50 sits inside ties of up to ~230 rows in the bench's words). */
export const CANDIDATES_MIN = 256
/** Past this depth (offset + limit) a page is cut by the plain statement. */
export const CANDIDATE_DEPTH_MAX = 500

/**
 * The best `k` matches of a SQLite FTS5 search by bm25 alone (ties by rowid), for a seat in every room that holds
 * a message (so every match is in scope). Ranking every match is the floor of a relevance page; what this skips is
 * joining every match to its messages row for the tie-breaking columns (created_at, id) and the section: only the
 * candidates are joined. `ORDER BY rank, rowid` keeps FTS5 from sorting by rank itself, which measured slower.
 */
export interface Candidates {
  /** Per section, its candidates in page order: rank, then newest, then id, as the plain statement orders them. */
  bySection: Map<string, Array<{id: string; rank: number}>>
  /** The rank of the k-th candidate: a match that is not a candidate ranks there or after (null: every match is one). */
  cut: number | null
}

export async function rankedCandidates(ctx: Ctx, match: string, k: number): Promise<Candidates> {
  const best = await ctx.db.rows(`SELECT rowid, rank FROM (SELECT rowid, rank FROM messages_fts WHERE messages_fts MATCH ?)
    ORDER BY rank, rowid DESC LIMIT ?`, match, k) as Array<[number, number]>
  const rankOf = new Map(best.map(([rowid, rank]) => [rowid, rank]))
  // SQLite orders the ties (newest first, then id by its own collation); a stable sort by rank then gives the full order.
  const rows = await ctx.db.all<{r: number; id: string; section: string}>(`SELECT m.rowid AS r, m.id AS id, ${SECTION_SQL} AS section
    FROM messages m WHERE m.rowid IN (SELECT value FROM json_each(?)) ORDER BY m.created_at DESC, m.id DESC`, JSON.stringify([...rankOf.keys()]))
  const ranked = rows.map(r => ({id: r.id, section: r.section, rank: rankOf.get(r.r)!})).sort((a, b) => a.rank - b.rank)
  const bySection = new Map<string, Array<{id: string; rank: number}>>()
  for (const r of ranked) {
    const list = bySection.get(r.section) ?? []
    if (list.length === 0) bySection.set(r.section, list)
    list.push({id: r.id, rank: r.rank})
  }
  return {bySection, cut: best.length < k ? null : best[best.length - 1]![1]}
}

/**
 * A section's page from the candidates, or null when they cannot settle it. They can when the section's last
 * needed candidate ranks strictly before the cut (every other match ranks at the cut or after, so none can come
 * before it), or when the candidates hold all of the section's matches.
 */
export function candidatePage(c: Candidates, section: string, total: number, offset: number, limit: number): string[] | null {
  const list = c.bySection.get(section) ?? []
  const need = Math.min(total, offset + limit)
  if (list.length < need) return null
  const settled = c.cut === null || list.length >= total || (need > 0 && list[need - 1]!.rank < c.cut)
  return settled ? list.slice(offset, offset + limit).map(r => r.id) : null
}

/**
 * The picker sectionPages asks first for each section, when a candidate pass pays: a relevance search that only
 * membership narrows, by a seat in every room holding a message (counted from the index, so with at least
 * INDEX_COUNT_MIN matches), for a page near the top.
 */
export async function candidatePicker(ctx: Ctx, match: string, known: KnownCounts, offset: number, limit: number): Promise<SectionPicker | null> {
  if (known.scope !== '1 = 1' || offset + limit > CANDIDATE_DEPTH_MAX) return null
  const c = await rankedCandidates(ctx, match, Math.max(CANDIDATES_MIN, 4 * (offset + limit)))
  return (section, total) => candidatePage(c, section, total, offset, limit)
}
