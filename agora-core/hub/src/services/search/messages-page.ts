import type {Ctx} from '../kernel/index.js'
import type {KnownCounts} from './scope-counts.js'

/** The section a message hit belongs to, from its status (every message query shares it). */
export const SECTION_SQL = `CASE WHEN m.status IN ('open', 'blocked') AND m.closed = 0 THEN 'open_threads'
    WHEN m.status = 'resolved' THEN 'decisions' ELSE 'messages' END`

export interface PageRow {id: string; section: string}
/**
 * One page of message hits and every asked section's total over all its matches. The totals travel beside the
 * rows, not on them: a page past a section's end still says how many that section holds.
 */
export interface Page {rows: PageRow[]; totals: Record<string, number>}

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

/** Per-section totals over every match in one pass (conditional counts: no GROUP BY sort of the matches). */
export async function sectionCounts(ctx: Ctx, q: MessageQuery): Promise<Map<string, number>> {
  const c = await ctx.db.get<{open_threads: number; decisions: number; n: number}>(`SELECT
      COUNT(CASE WHEN m.status IN ('open', 'blocked') AND m.closed = 0 THEN 1 END) AS open_threads,
      COUNT(CASE WHEN m.status = 'resolved' THEN 1 END) AS decisions, COUNT(*) AS n
    FROM ${q.from} WHERE ${q.where}`, ...q.fromParams, ...q.whereParams)
  const open = Number(c?.open_threads ?? 0), decisions = Number(c?.decisions ?? 0)
  return new Map([['open_threads', open], ['decisions', decisions], ['messages', Number(c?.n ?? 0) - open - decisions]])
}

/**
 * A page per section: the totals (one narrow pass over every match, no ranking; or `known`, counted with the
 * full-text index's help), then, for each section the page reaches, its rows by `ORDER BY … LIMIT` — SQLite
 * and PostgreSQL both keep only the best `offset + limit` rows while scanning, and rank (bm25 / ts_rank)
 * only the rows that pass the membership and filter conditions of that section. A numbering window over
 * every match (an earlier shape) sorted all of them and ranked them again. With `known`, a page tests only
 * its scope (every match is in scope for a seat in every room); a section whose siblings are all empty
 * skips the section test too, since every counted row is then its own.
 */
export async function sectionPages(ctx: Ctx, q: MessageQuery, sections: string[], offset: number, limit: number,
  known: KnownCounts | null = null): Promise<Page> {
  const total = known?.totals ?? await sectionCounts(ctx, q)
  const out: PageRow[] = []
  const totals: Record<string, number> = {}
  for (const section of sections) {
    const n = total.get(section) ?? 0
    totals[section] = n
    if (n <= offset) continue
    const [scope, scopeParams] = known ? [known.scope, known.scopeParams] : [q.where, q.whereParams]
    const alone = [...total].every(([s, k]) => s === section || k === 0)
    const [where, whereParams] = alone ? [scope, scopeParams] : [`${scope} AND ${SECTION_SQL} = ?`, [...scopeParams, section]]
    const ids = await ctx.db.all<{id: string}>(`SELECT m.id FROM ${q.from} WHERE ${where}
      ORDER BY ${q.order} LIMIT ? OFFSET ?`, ...q.fromParams, ...whereParams, ...q.orderParams, limit, offset)
    for (const r of ids) out.push({id: r.id, section})
  }
  return {rows: out, totals}
}
