// Writing a hub `meta` row the way an operator would by hand (no route sets it), on either adapter:
// the SQLite file, or the PostgreSQL database URL the suite runs on under AGORA_TEST_DB=postgres.
import Database from 'better-sqlite3'
import pg from 'pg'

export async function setMeta(db: string, key: string, value: string): Promise<void> {
  const sql = 'INSERT INTO meta (key, value) VALUES ($1, $2) ON CONFLICT (key) DO UPDATE SET value = excluded.value'
  if (/^postgres(ql)?:\/\//.test(db)) {
    const c = new pg.Client({connectionString: db})
    await c.connect()
    try { await c.query(sql, [key, value]) } finally { await c.end() }
    return
  }
  const file = new Database(db)
  try { file.prepare(sql.replace('$1', '?').replace('$2', '?')).run(key, value) } finally { file.close() }
}
