// Direct SQLite work for the benchmark: bulk filler rows (plain fyi messages, chained with
// the chain hash so the hub's ledger still verifies) and the raw bound (the hub's own rows
// re-inserted one transaction per row, with the same chain, through better-sqlite3 alone).
import Database from 'better-sqlite3'
import {ulid} from 'ulid'
import {ledgerHash, parseJsonLossless, pyFloat} from '@agora/protocol'

type Row = Record<string, unknown>

function columns(db: Database.Database): string[] {
  return (db.prepare('PRAGMA table_info(messages)').all() as Array<{name: string}>).map((c) => c.name)
}

/** The 15 hashed fields of a stored row, typed as the hub hashes them (docs/protocol.md#the-chain). */
export function payloadOf(row: Row): Record<string, unknown> {
  const toText = (row.to_json ?? row.to ?? '[]') as string
  const dataText = (row.data_json ?? row.data ?? null) as string | null
  return {
    id: row.id, channel: row.channel, seq: row.seq, sender: row.sender, kind: row.kind, status: row.status,
    urgency: row.urgency, critical: row.critical ? 1 : 0, downgraded: row.downgraded ? 1 : 0,
    to: JSON.parse(toText), title: row.title, body: row.body,
    data: dataText === null ? null : parseJsonLossless(dataText), reply_to: row.reply_to ?? null,
    created_at: pyFloat(row.created_at as number),
  }
}

function insertFor(db: Database.Database, cols: string[]) {
  const use = cols.filter((c) => ['id', 'channel', 'seq', 'sender', 'kind', 'status', 'urgency', 'critical', 'downgraded',
    'to_json', 'to', 'title', 'body', 'data_json', 'data', 'reply_to', 'created_at', 'hash'].includes(c))
  const stmt = db.prepare(`INSERT INTO messages (${use.map((c) => `"${c}"`).join(',')}) VALUES (${use.map((c) => '@' + c).join(',')})`)
  return (row: Row) => stmt.run(Object.fromEntries(use.map((c) => [c, row[c] ?? null])))
}

/**
 * Append `perChannel` plain fyi rows to each channel (continuing seq and the hash chain),
 * in 2,000-row transactions. Returns the number of rows written.
 */
export function appendFiller(dbPath: string, plan: Array<{channel: string; senders: string[]}>, perChannel: number): number {
  const db = new Database(dbPath)
  db.pragma('journal_mode = WAL')
  db.pragma('synchronous = NORMAL')
  const cols = columns(db)
  const insert = insertFor(db, cols)
  const toCol = cols.includes('to_json') ? 'to_json' : 'to'
  const dataCol = cols.includes('data_json') ? 'data_json' : 'data'
  const head = db.prepare('SELECT seq, hash, created_at FROM messages WHERE channel = ? ORDER BY seq DESC LIMIT 1')
  let written = 0
  try {
    for (const {channel, senders} of plan) {
      const last = head.get(channel) as {seq: number; hash: string; created_at: number}
      let prev = last.hash
      let seq = last.seq
      const t0 = last.created_at
      for (let start = 0; start < perChannel; start += 2000) {
        db.transaction(() => {
          for (let i = start; i < Math.min(perChannel, start + 2000); i++) {
            seq++
            const row: Row = {id: ulid(), channel, seq, sender: senders[i % senders.length], kind: 'message', status: 'fyi',
              urgency: 'inbox', critical: 0, downgraded: 0, [toCol]: '[]', title: i % 10 === 0 ? `status update ${i}` : '',
              body: `filler ${i}: ${'progress note about the build, the tests and the next step. '.repeat(3)}`,
              [dataCol]: null, reply_to: null, created_at: t0 + (i + 1) / 1000}
            row.hash = ledgerHash(prev, payloadOf(row))
            prev = row.hash as string
            insert(row)
            written++
          }
        })()
      }
    }
    db.pragma('wal_checkpoint(TRUNCATE)')
  } finally { db.close() }
  return written
}

/**
 * A new WAL database at `outPath` holding the hub's `messages` table as `hubDbPath` has it: the table, its
 * indexes, then its full-text index and the triggers that feed it, so an insert there does the hub's row work.
 */
export function messagesCopy(hubDbPath: string, outPath: string): Database.Database {
  const src = new Database(hubDbPath, {readonly: true})
  const ddl = src.prepare(`SELECT sql FROM sqlite_master WHERE sql IS NOT NULL AND name NOT LIKE 'sqlite_%' AND tbl_name IN ('messages', 'messages_fts')
    ORDER BY CASE WHEN name = 'messages' THEN 0 WHEN type = 'index' THEN 1 WHEN type = 'table' THEN 2 ELSE 3 END`).all() as Array<{sql: string}>
  src.close()
  const db = new Database(outPath)
  db.pragma('journal_mode = WAL')
  db.pragma('synchronous = NORMAL')
  for (const {sql} of ddl) db.exec(sql)
  return db
}

/**
 * The raw bound: the hub's rows of `channel`, re-written into an empty copy of the hub's
 * schema, one IMMEDIATE transaction per row (read head, hash, insert) as a post does.
 * Returns rows/s and how many recomputed hashes equal the hub's (proving the same chain).
 */
export function rawBound(hubDbPath: string, channel: string, outPath: string): {rowsPerSec: number; rows: number; sameHash: number} {
  const src = new Database(hubDbPath, {readonly: true})
  const rows = src.prepare('SELECT * FROM messages WHERE channel = ? ORDER BY seq').all(channel) as Row[]
  src.close()
  const db = messagesCopy(hubDbPath, outPath)
  const insert = insertFor(db, columns(db))
  const head = db.prepare('SELECT seq, hash FROM messages WHERE channel = ? ORDER BY seq DESC LIMIT 1')
  let sameHash = 0
  const t0 = process.hrtime.bigint()
  for (const r of rows) {
    db.transaction(() => {
      const last = head.get(channel) as {seq: number; hash: string} | undefined
      const row: Row = {...r, seq: (last?.seq ?? 0) + 1}
      row.hash = ledgerHash(last?.hash ?? '', payloadOf(row))
      if (row.hash === r.hash) sameHash++
      insert(row)
    }).immediate()
  }
  const secs = Number(process.hrtime.bigint() - t0) / 1e9
  db.close()
  return {rowsPerSec: rows.length / secs, rows: rows.length, sameHash}
}
