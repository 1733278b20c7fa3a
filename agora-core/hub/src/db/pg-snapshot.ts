// Backup and restore of a PostgreSQL hub, through the same artifact a SQLite hub backs up to: a
// SQLite snapshot file. Export reads every table inside one REPEATABLE READ READ ONLY transaction
// (a consistent point in time while hubs keep writing, the guarantee pg_dump's snapshot gives),
// so the snapshot is verified by the same code (integrity_check + every ledger recomputed) and
// restores into a SQLite file or a PostgreSQL database alike; no pg_dump of the server's major
// version is needed on the operator's machine.
import Database from 'better-sqlite3'
import {existsSync} from 'node:fs'
import pg from 'pg'
import {openDb} from './open.js'
import {openPostgres} from './open-pg.js'
import {pgTypes} from './pg-storage.js'
import {pgConnectionAdvice} from './pg-advice.js'
import {readPgPassQuietly} from './pg-password.js'
import {redact} from './target.js'
import {PG_SOCKET_BOUNDS} from './pg-bounds.js'

/**
 * The hub's tables in a SQLite file at the latest schema, with their columns in order. The full-text
 * index (`messages_fts` and its FTS5 shadow tables) is derived, not data: SQLite's triggers rebuild it as
 * messages are copied in, and PostgreSQL derives its own `search_tsv` column.
 */
function tablesOf(sql: Database.Database): Array<{name: string; columns: string[]}> {
  const names = sql.prepare(`SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'knex%' AND name NOT LIKE 'sqlite%'
    AND name NOT LIKE 'messages_fts%' ORDER BY name`).pluck().all() as string[]
  return names.map(name => ({name, columns: (sql.prepare(`PRAGMA table_info("${name}")`).all() as Array<{name: string}>).map(c => c.name)}))
}

async function connect(url: string, app: string): Promise<pg.Client> {
  readPgPassQuietly()
  const client = new pg.Client({connectionString: url, types: pgTypes(pg.types), application_name: app, ...PG_SOCKET_BOUNDS})
  try {
    await client.connect()
  } catch (err) {
    throw new Error(`cannot reach ${pgConnectionAdvice(url, err)}`)
  }
  return client
}

/** Write a new SQLite snapshot `file` of the PostgreSQL hub at `url`; the rows copied. */
export async function exportPostgres(url: string, file: string): Promise<{rows: number}> {
  if (existsSync(file)) throw new Error(`${file} already exists; choose a new file name`)
  const schema = await openDb(file)
  await schema.close()
  const out = new Database(file)
  const client = await connect(url, 'agora-backup')
  let rows = 0
  try {
    await client.query('BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY')
    const there = new Set((await client.query<{t: string}>("SELECT tablename AS t FROM pg_tables WHERE schemaname = current_schema()")).rows.map(r => r.t))
    if (!there.has('messages')) throw new Error(`${redact(url)} holds no agora hub (no messages table); check the URL`)
    const copy: Array<() => void> = []
    for (const t of tablesOf(out)) {
      if (!there.has(t.name)) continue // a step this hub has not run yet: the table stays empty
      const list = t.columns.map(c => `"${c}"`).join(', ')
      const res = await client.query({text: `SELECT ${list} FROM "${t.name}"`, rowMode: 'array'})
      const insert = out.prepare(`INSERT INTO "${t.name}" (${list}) VALUES (${t.columns.map(() => '?').join(', ')})`)
      copy.push(() => { for (const r of res.rows as unknown[][]) insert.run(...r) })
      rows += res.rowCount ?? 0
    }
    await client.query('COMMIT')
    out.transaction(() => { for (const fn of copy) fn() })()
  } finally {
    await client.end().catch(() => undefined)
    out.close()
  }
  return {rows}
}

/** Hub processes connected to the database at `url` now (they name themselves 'agora-hub'). */
export async function postgresHubsConnected(url: string): Promise<number> {
  const client = await connect(url, 'agora-restore')
  try {
    const r = await client.query<{n: number}>("SELECT count(*) AS n FROM pg_stat_activity WHERE datname = current_database() AND application_name = 'agora-hub'")
    return r.rows[0]?.n ?? 0 // count(*) answers one row; none would mean no hub
  } finally {
    await client.end().catch(() => undefined)
  }
}

/**
 * Install a verified SQLite snapshot into the PostgreSQL database at `url`. A database that
 * already holds a hub is kept: its schema is renamed to `aside` (needs `replace`), never dropped.
 */
export async function importPostgres(file: string, url: string, opts: {replace: boolean; aside: string}): Promise<{rows: number; preserved: string | null}> {
  const src = new Database(file, {readonly: true, fileMustExist: true})
  try {
    refuseNul(src, file)
  } catch (err) {
    src.close()
    throw err
  }
  const client = await connect(url, 'agora-restore')
  let preserved: string | null = null
  try {
    const existing = (await client.query("SELECT 1 FROM pg_tables WHERE schemaname = 'public' AND tablename = 'messages'")).rowCount ?? 0
    if (existing > 0) {
      if (!opts.replace) throw new Error(`${redact(url)} already holds a hub; re-run with --yes to replace it (its tables are moved to schema ${opts.aside}, never dropped)`)
      await client.query(`ALTER SCHEMA public RENAME TO ${opts.aside}`)
      await client.query('CREATE SCHEMA public')
      preserved = opts.aside
    }
  } finally {
    await client.end().catch(() => undefined)
  }
  const target = await openPostgres(url)
  let rows = 0
  try {
    await target.knex.transaction(async trx => {
      for (const t of tablesOf(src)) {
        const list = t.columns.map(c => `"${c}"`).join(', ')
        const all = src.prepare(`SELECT ${list} FROM "${t.name}"`).raw(true).all() as unknown[][]
        for (let i = 0; i < all.length; i += 500) {
          const chunk = all.slice(i, i + 500)
          await trx.raw(`INSERT INTO "${t.name}" (${list}) VALUES ${chunk.map(() => `(${t.columns.map(() => '?').join(', ')})`).join(', ')}`, chunk.flat() as never[])
        }
        rows += all.length
      }
      // Identity columns continue after the restored ids.
      for (const t of ['hub_pauses', 'blocks']) {
        await trx.raw(`SELECT setval(pg_get_serial_sequence('${t}', 'id'), COALESCE((SELECT MAX(id) FROM ${t}), 0) + 1, false)`)
      }
    })
  } catch (err) {
    // A refused restore changes nothing: the hub it would have replaced goes back where it was.
    if (preserved) await putBack(url, preserved)
    throw err
  } finally {
    src.close()
    await target.close()
  }
  return {rows, preserved}
}

/** Undo the move aside after a failed import: the half-filled `public` goes, the old hub's schema is `public` again. */
async function putBack(url: string, aside: string): Promise<void> {
  const client = await connect(url, 'agora-restore')
  try {
    await client.query('BEGIN')
    await client.query('DROP SCHEMA public CASCADE')
    await client.query(`ALTER SCHEMA ${aside} RENAME TO public`)
    await client.query('COMMIT')
  } finally {
    await client.end().catch(() => undefined)
  }
}

/**
 * PostgreSQL text cannot hold U+0000, which a SQLite hub stores as sent (as the reference does). Such a
 * snapshot is refused before the target is touched, naming where the NULs are, rather than failing halfway.
 */
function refuseNul(src: Database.Database, file: string): void {
  const found: string[] = []
  for (const t of tablesOf(src)) {
    const sums = t.columns.map(c => `SUM(typeof("${c}") = 'text' AND instr("${c}", char(0)) > 0)`).join(', ')
    const row = src.prepare(`SELECT ${sums} FROM "${t.name}"`).raw(true).get() as Array<number | null> | undefined
    t.columns.forEach((c, i) => {
      const n = row?.[i] ?? 0
      if (n > 0) found.push(`${n} in ${t.name}.${c}`)
    })
  }
  if (found.length > 0) {
    throw new Error(`${file} holds NUL characters (U+0000), which PostgreSQL text cannot store (${found.join(', ')}); ` +
      `messages are immutable, so keep this hub on SQLite: agora restore ${file} --yes (without --db) restores it into a SQLite file`)
  }
}
