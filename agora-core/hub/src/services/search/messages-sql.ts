import {AgoraError} from '@agora/protocol'
import type {Ctx} from '../kernel/index.js'
import type {SearchQuery} from './query.js'
import {ftsMatch, webSearchText} from './query.js'
import type {Page} from './messages-page.js'
import {sectionPages} from './messages-page.js'
import {knownCounts} from './scope-counts.js'
import {cachedPage} from './page-cache.js'

export const MESSAGE_SECTIONS = ['decisions', 'open_threads', 'messages'] as const

export interface MessageFilter {
  channels: string[]
  viewer: string
  sender: string | null
  since: number | null
  until: number | null
  /** A message id: the hit is that message or a direct reply to it. */
  ref: string | null
  rated: 'up' | 'down' | 'any' | 'mine' | null
  minVotes: number | null
  sort: 'relevance' | 'recency' | 'votes'
  sections: string[]
}

export interface MessageHitRow {
  id: string; channel: string; seq: number; sender: string; status: string; title: string; body: string
  created_at: number; reply_to: string | null; section: string
}

/** A page of message hits and each asked section's total over all its matches (past the page's end too). */
export interface MessageHits {rows: MessageHitRow[]; totals: Record<string, number>}

/**
 * Lexical message search, the one place its SQL lives. SQLite reads the FTS5 index the triggers
 * keep (`messages_fts`); PostgreSQL reads the generated `search_tsv` column through
 * `websearch_to_tsquery`. Both give the same rows: live human messages in the given channels,
 * ranked, numbered within their section (decisions, open_threads, messages) and paged there.
 */
export async function searchMessages(ctx: Ctx, q: SearchQuery | null, relaxed: boolean, f: MessageFilter, offset: number, limit: number): Promise<MessageHits> {
  if (f.channels.length === 0 || f.sections.length === 0) return {rows: [], totals: {}}
  const conds: string[] = [`m.kind = 'message'`, 'm.retracted_at IS NULL', `m.channel IN (${f.channels.map(() => '?').join(', ')})`]
  const whereParams: unknown[] = []
  let from = 'messages m'
  const fromParams: unknown[] = []
  let rank: string | null = null
  let match: string | null = null
  const rankParams: unknown[] = []
  if (q && q.words.length + (q.raw ? 1 : 0) > 0) {
    if (ctx.db.dialect === 'sqlite') {
      // FTS5 is SQLite's; its hidden `rank` column is bm25 (lower is better), computed only for rows
      // the outer query reads it for. The subquery form measured faster than joining the table directly.
      from = '(SELECT rowid, rank FROM messages_fts WHERE messages_fts MATCH ?) f JOIN messages m ON m.rowid = f.rowid'
      match = ftsMatch(q, relaxed)
      fromParams.push(match)
      rank = 'f.rank'
    } else {
      conds.unshift(`m.search_tsv @@ websearch_to_tsquery('simple', ?)`)
      whereParams.push(webSearchText(q, relaxed))
      rank = `-ts_rank(m.search_tsv, websearch_to_tsquery('simple', ?))`
      rankParams.push(webSearchText(q, relaxed))
    }
  }
  whereParams.push(...f.channels)
  if (f.sender !== null) { conds.push('m.sender = ?'); whereParams.push(f.sender) }
  if (f.since !== null) { conds.push('m.created_at >= ?'); whereParams.push(f.since) }
  if (f.until !== null) { conds.push('m.created_at <= ?'); whereParams.push(f.until) }
  if (f.ref !== null) { conds.push('(m.id = ? OR m.reply_to = ?)'); whereParams.push(f.ref, f.ref) }
  const needVotes = f.rated !== null || f.minVotes !== null || f.sort === 'votes'
  if (needVotes) {
    from += ` LEFT JOIN (SELECT message_id, SUM(value) AS net, SUM(CASE WHEN value > 0 THEN 1 ELSE 0 END) AS ups, COUNT(*) AS n,
      MAX(CASE WHEN rater = ? THEN 1 ELSE 0 END) AS mine FROM rep_votes WHERE category = 'general' AND message_id <> ''
      GROUP BY message_id) r ON r.message_id = m.id`
    fromParams.push(f.viewer)
    if (f.rated === 'up') conds.push('r.net > 0')
    if (f.rated === 'down') conds.push('r.net < 0')
    if (f.rated === 'any') conds.push('r.n > 0')
    if (f.rated === 'mine') conds.push('r.mine = 1')
    if (f.minVotes !== null) { conds.push('COALESCE(r.ups, 0) >= ?'); whereParams.push(f.minVotes) }
  }
  // The id (a ULID, newest greatest) settles full ties, so consecutive pages never repeat or skip a hit.
  const relevance = f.sort === 'relevance' && rank !== null
  const order = f.sort === 'votes' ? 'COALESCE(r.net, 0) DESC, m.created_at DESC, m.seq DESC, m.id DESC'
    : relevance ? `${rank} ASC, m.created_at DESC, m.id DESC` : 'm.created_at DESC, m.seq DESC, m.id DESC'
  // Only membership narrows the search: SQLite may count the matches with the index's help (scope-counts.ts).
  const membershipOnly = f.sender === null && f.since === null && f.until === null
    && f.ref === null && f.rated === null && f.minVotes === null
  let page: Page
  try {
    const mq = {from, fromParams, where: conds.join(' AND '), whereParams, order, orderParams: relevance ? rankParams : []}
    const compute = async (at: number, n: number): Promise<Page> => {
      const known = match !== null && membershipOnly ? await knownCounts(ctx, match, f.channels) : null
      return sectionPages(ctx, mq, f.sections, at, n, known)
    }
    page = await cachedPage(ctx, JSON.stringify([mq, f.sections, match, membershipOnly]), offset, limit, compute)
  } catch (err) {
    const e = err as {code?: string; message?: string}
    if (q?.raw && e.code === 'SQLITE_ERROR') {
      throw new AgoraError(422, [{loc: ['query', 'q'], msg: `q is not a valid search query (${e.message}); quote words with "..." or drop the operators AND, OR, NOT, NEAR, *, ( ), :`, type: 'value_error'}])
    }
    throw err
  }
  if (page.rows.length === 0) return {rows: [], totals: page.totals}
  // Only the page's rows are read in full (the ranking passes carry ids, never text).
  const full = new Map((await ctx.db.all<MessageHitRow>(`SELECT id, channel, seq, sender, status, title, body, created_at, reply_to FROM messages
    WHERE id IN (${page.rows.map(() => '?').join(', ')})`, ...page.rows.map(p => p.id))).map(r => [r.id, r]))
  return {rows: page.rows.map(p => ({...full.get(p.id)!, section: p.section})), totals: page.totals}
}
