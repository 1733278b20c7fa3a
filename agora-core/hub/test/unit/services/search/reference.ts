import Database from 'better-sqlite3'
import pg from 'pg'

/** One section of the plain reference answer: every hit's id in page order, and the exact total. */
export interface ReferenceSection {ids: string[]; total: number}

const SECTION = `CASE WHEN m.status IN ('open', 'blocked') AND m.closed = 0 THEN 'open_threads'
  WHEN m.status = 'resolved' THEN 'decisions' ELSE 'messages' END`

/**
 * The plainest statement of what a lexical relevance search answers, for the equivalence suite: every live
 * human message in the channels that matches (from one sender when asked), ranked (bm25 on SQLite, ts_rank on
 * PostgreSQL, then newest, then id) or newest first, numbered within its section in JS. No counting shortcut, no per-section cut, no cache — it runs
 * on its own connection to the hub's database, so it sees only committed rows.
 */
export interface ReferenceOptions {sort: 'relevance' | 'recency'; sender: string | null}

export async function referenceSections(db: string, text: string, channels: string[], o: ReferenceOptions): Promise<Map<string, ReferenceSection>> {
  const rows = db.startsWith('postgres') ? await postgresRows(db, text, channels, o) : sqliteRows(db, text, channels, o)
  const out = new Map<string, ReferenceSection>(['decisions', 'open_threads', 'messages'].map(s => [s, {ids: [], total: 0}]))
  for (const r of rows) {
    const s = out.get(r.section)!
    s.ids.push(r.id)
    s.total++
  }
  return out
}

interface Hit {id: string; section: string}

const RECENCY = 'm.created_at DESC, m.seq DESC, m.id DESC'

function sqliteRows(file: string, match: string, channels: string[], o: ReferenceOptions): Hit[] {
  if (channels.length === 0) return []
  const sql = new Database(file, {readonly: true})
  try {
    return sql.prepare(`SELECT m.id AS id, ${SECTION} AS section FROM messages_fts f JOIN messages m ON m.rowid = f.rowid
      WHERE messages_fts MATCH ? AND m.kind = 'message' AND m.retracted_at IS NULL AND m.channel IN (${channels.map(() => '?').join(', ')})
      AND (? IS NULL OR m.sender = ?)
      ORDER BY ${o.sort === 'recency' ? RECENCY : 'f.rank ASC, m.created_at DESC, m.id DESC'}`).all(match, ...channels, o.sender, o.sender) as Hit[]
  } finally {
    sql.close()
  }
}

async function postgresRows(url: string, web: string, channels: string[], o: ReferenceOptions): Promise<Hit[]> {
  const client = new pg.Client({connectionString: url})
  await client.connect()
  try {
    const r = await client.query<Hit>(`SELECT m.id AS id, ${SECTION} AS section FROM messages m
      WHERE m.search_tsv @@ websearch_to_tsquery('simple', $1) AND m.kind = 'message' AND m.retracted_at IS NULL AND m.channel = ANY($2)
      AND ($3::text IS NULL OR m.sender = $3)
      ORDER BY ${o.sort === 'recency' ? RECENCY : `-ts_rank(m.search_tsv, websearch_to_tsquery('simple', $1)) ASC, m.created_at DESC, m.id DESC`}`, [web, channels, o.sender])
    return r.rows
  } finally {
    await client.end()
  }
}
