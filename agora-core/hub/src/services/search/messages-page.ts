import type {Ctx} from '../kernel/index.js'

/** The section a message hit belongs to, from its status (every message query shares it). */
export const SECTION_SQL = `CASE WHEN m.status IN ('open', 'blocked') AND m.closed = 0 THEN 'open_threads'
    WHEN m.status = 'resolved' THEN 'decisions' ELSE 'messages' END`

export interface PageRow {id: string; section: string; total: number}

/** One message query, as SQL pieces with their parameters in the order each piece binds them. */
export interface MessageQuery {
  /** FROM clause over `messages m` (and the full-text source and vote join when asked). */
  from: string
  fromParams: unknown[]
  where: string
  whereParams: unknown[]
  /** ORDER BY of one section's page; ends in a unique column, so a page never depends on the plan. */
  order: string
  orderParams: unknown[]
}

/**
 * A page per section: one narrow COUNT per section over every match (no ranking), then, for each
 * section the page reaches, its rows by `ORDER BY … LIMIT` — SQLite and PostgreSQL both keep only
 * the best `offset + limit` rows while scanning, and rank (bm25 / ts_rank) only the rows that pass
 * the membership and filter conditions of that section. A numbering window over every match (the
 * previous shape) sorted all of them and ranked them again; on a word most messages hold it cost
 * several times this.
 */
export async function sectionPages(ctx: Ctx, q: MessageQuery, sections: string[], offset: number, limit: number): Promise<PageRow[]> {
  const counts = await ctx.db.all<{section: string; n: number}>(`SELECT section, COUNT(*) AS n FROM (
      SELECT ${SECTION_SQL} AS section FROM ${q.from} WHERE ${q.where}) h GROUP BY section`, ...q.fromParams, ...q.whereParams)
  const total = new Map(counts.map(c => [c.section, Number(c.n)]))
  const out: PageRow[] = []
  for (const section of sections) {
    const n = total.get(section) ?? 0
    if (n <= offset) continue
    const ids = await ctx.db.all<{id: string}>(`SELECT m.id FROM ${q.from} WHERE ${q.where} AND ${SECTION_SQL} = ?
      ORDER BY ${q.order} LIMIT ? OFFSET ?`, ...q.fromParams, ...q.whereParams, section, ...q.orderParams, limit, offset)
    for (const r of ids) out.push({id: r.id, section, total: n})
  }
  return out
}
