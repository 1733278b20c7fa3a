import {AgoraError} from '@agora/protocol'
import type {Ctx} from '../context.js'
import type {SearchQuery} from './query.js'
import {ftsMatch, webSearchText} from './query.js'
import {SECTION_SQL, rankedPage} from './messages-ranked.js'

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
  created_at: number; reply_to: string | null; section: string; total: number
}

/**
 * Lexical message search, the one place its SQL lives. SQLite reads the FTS5 index the triggers
 * keep (`messages_fts`); PostgreSQL reads the generated `search_tsv` column through
 * `websearch_to_tsquery`. Both give the same rows: live human messages in the given channels,
 * ranked, numbered within their section (decisions, open_threads, messages) and paged there.
 */
export async function searchMessages(ctx: Ctx, q: SearchQuery | null, relaxed: boolean, f: MessageFilter, offset: number, limit: number): Promise<MessageHitRow[]> {
  if (f.channels.length === 0 || f.sections.length === 0) return []
  const params: unknown[] = []
  const conds: string[] = [`m.kind = 'message'`, 'm.retracted_at IS NULL', `m.channel IN (${f.channels.map(() => '?').join(', ')})`]
  let source = 'messages m'
  let rank = '0'
  const rankParams: unknown[] = []
  const sourceParams: unknown[] = []
  if (q && q.words.length + (q.raw ? 1 : 0) > 0) {
    if (ctx.db.dialect === 'sqlite') {
      // FTS5 is SQLite's; its hidden `rank` column is bm25 (lower is better). Ranking inside the
      // subquery, before the join, costs about 40% less on a word most messages hold.
      source = '(SELECT rowid, rank FROM messages_fts WHERE messages_fts MATCH ?) f JOIN messages m ON m.rowid = f.rowid'
      sourceParams.push(ftsMatch(q, relaxed))
      rank = 'f.rank'
    } else {
      conds.unshift(`m.search_tsv @@ websearch_to_tsquery('simple', ?)`)
      params.push(webSearchText(q, relaxed))
      rank = `-ts_rank(m.search_tsv, websearch_to_tsquery('simple', ?))`
      rankParams.push(webSearchText(q, relaxed))
    }
  }
  params.push(...f.channels)
  if (f.sender !== null) { conds.push('m.sender = ?'); params.push(f.sender) }
  if (f.since !== null) { conds.push('m.created_at >= ?'); params.push(f.since) }
  if (f.until !== null) { conds.push('m.created_at <= ?'); params.push(f.until) }
  if (f.ref !== null) { conds.push('(m.id = ? OR m.reply_to = ?)'); params.push(f.ref, f.ref) }
  const needVotes = f.rated !== null || f.minVotes !== null || f.sort === 'votes'
  let join = ''
  const joinParams: unknown[] = []
  if (needVotes) {
    join = `LEFT JOIN (SELECT message_id, SUM(value) AS net, SUM(CASE WHEN value > 0 THEN 1 ELSE 0 END) AS ups, COUNT(*) AS n,
      MAX(CASE WHEN rater = ? THEN 1 ELSE 0 END) AS mine FROM rep_votes WHERE category = 'general' AND message_id <> ''
      GROUP BY message_id) r ON r.message_id = m.id`
    joinParams.push(f.viewer)
    if (f.rated === 'up') conds.push('r.net > 0')
    if (f.rated === 'down') conds.push('r.net < 0')
    if (f.rated === 'any') conds.push('r.n > 0')
    if (f.rated === 'mine') conds.push('r.mine = 1')
    if (f.minVotes !== null) { conds.push('COALESCE(r.ups, 0) >= ?'); params.push(f.minVotes) }
  }
  const order = f.sort === 'votes' ? 'net DESC, created_at DESC, seq DESC'
    : f.sort === 'recency' || rank === '0' ? 'created_at DESC, seq DESC' : 'rank ASC, created_at DESC'
  const section = SECTION_SQL
  // Rank and number narrow rows (no text) over every match; only the page's rows are read in full below.
  const sql = `SELECT id, section, total FROM (
      SELECT h.*, ROW_NUMBER() OVER (PARTITION BY section ORDER BY ${order}) AS rn, COUNT(*) OVER (PARTITION BY section) AS total FROM (
        SELECT m.id, m.seq, m.created_at, ${rank} AS rank, ${needVotes ? 'COALESCE(r.net, 0)' : '0'} AS net, ${section} AS section
        FROM ${source} ${join} WHERE ${conds.join(' AND ')}
      ) h WHERE section IN (${f.sections.map(() => '?').join(', ')})
    ) ranked WHERE rn > ? AND rn <= ? ORDER BY section, rn`
  let page: Array<{id: string; section: string; total: number}>
  try {
    // A relevance page on SQLite ranks only what the page needs when it can (messages-ranked.ts); the window serves the
    // rest. Not for a quoted phrase: FTS5's sorted scan of a phrase measured slower than the window, and ties cut it.
    const ranked = rank === 'f.rank' && f.sort === 'relevance' && !needVotes && !(q?.raw && q.text.includes('"'))
      ? await rankedPage(ctx, sourceParams[0] as string, conds, params, f.sections, offset, limit) : null
    page = ranked ?? await ctx.db.all(sql, ...rankParams, ...sourceParams, ...joinParams, ...params, ...f.sections, offset, offset + limit)
  } catch (err) {
    const e = err as {code?: string; message?: string}
    if (q?.raw && e.code === 'SQLITE_ERROR') {
      throw new AgoraError(422, [{loc: ['query', 'q'], msg: `q is not a valid search query (${e.message}); quote words with "..." or drop the operators AND, OR, NOT, NEAR, *, ( ), :`, type: 'value_error'}])
    }
    throw err
  }
  if (page.length === 0) return []
  const full = new Map((await ctx.db.all<MessageHitRow>(`SELECT id, channel, seq, sender, status, title, body, created_at, reply_to FROM messages
    WHERE id IN (${page.map(() => '?').join(', ')})`, ...page.map(p => p.id))).map(r => [r.id, r]))
  return page.map(p => ({...full.get(p.id)!, section: p.section, total: p.total}))
}
