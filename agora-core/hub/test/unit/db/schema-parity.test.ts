import {expect} from 'chai'
import {openDb} from '../../../src/db/open.js'
import {openPostgres} from '../../../src/db/open-pg.js'
import {SCHEMA_VERSION} from '../../../src/db/migrations.js'
import {freshDatabase} from '../../helpers/pg-cluster.js'

interface Column {table: string; name: string; type: string; notNull: boolean; dflt: string | null; pk: number}

/** The PostgreSQL type each SQLite declaration becomes (dialect-sql.ts). */
const PG_TYPE: Record<string, string> = {
  INTEGER: 'bigint', BIGINT: 'bigint', REAL: 'double precision', 'DOUBLE PRECISION': 'double precision', TEXT: 'text', BLOB: 'bytea',
}

/**
 * The full-text index is the one dialect-specific part of the schema (a migration step's `sqlite`/`postgres`
 * statements): FTS5's virtual table and its shadow tables on SQLite, a generated `search_tsv` column and its GIN
 * index on PostgreSQL. Everything else must match.
 */
const SEARCH_ONLY = {tables: /^messages_fts/, column: 'messages.search_tsv', index: 'messages_search'}
const shared = (c: Column): boolean => !SEARCH_ONLY.tables.test(c.table) && `${c.table}.${c.name}` !== SEARCH_ONLY.column

/** A default as written, without PostgreSQL's `::text` casts. */
const plain = (d: string | null): string | null => d === null ? null : d.replace(/::[a-z ]+$/i, '')

async function sqliteColumns(): Promise<{columns: Column[]; indexes: string[]}> {
  const db = await openDb(':memory:')
  try {
    const tables = db.sql.prepare("SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'knex%' AND name NOT LIKE 'sqlite%' ORDER BY name").pluck().all() as string[]
    const columns: Column[] = []
    for (const table of tables) {
      for (const c of db.sql.prepare(`PRAGMA table_info(${table})`).all() as Array<{name: string; type: string; notnull: number; dflt_value: string | null; pk: number}>) {
        columns.push({table, name: c.name, type: PG_TYPE[c.type] ?? `unmapped ${c.type}`, notNull: c.notnull === 1 || c.pk > 0, dflt: c.dflt_value, pk: c.pk})
      }
    }
    const indexes = db.sql.prepare("SELECT name FROM sqlite_master WHERE type = 'index' AND sql IS NOT NULL ORDER BY name").pluck().all() as string[]
    return {columns, indexes}
  } finally { await db.close() }
}

async function postgresColumns(url: string): Promise<{columns: Column[]; indexes: string[]; steps: number}> {
  const db = await openPostgres(url)
  try {
    const rows = (await db.knex.raw(`
      SELECT c.table_name AS table, c.column_name AS name, c.data_type AS type, c.is_nullable = 'NO' AS not_null,
        c.column_default AS dflt, COALESCE(array_position(i.indkey::int2[], a.attnum::int2) - array_lower(i.indkey::int2[], 1) + 1, 0) AS pk
      FROM information_schema.columns c
      JOIN pg_attribute a ON a.attrelid = c.table_name::regclass AND a.attname = c.column_name
      LEFT JOIN pg_index i ON i.indrelid = a.attrelid AND i.indisprimary
      WHERE c.table_schema = 'public' AND c.table_name NOT LIKE 'knex%'
      ORDER BY c.table_name, c.ordinal_position`)).rows as Array<{table: string; name: string; type: string; not_null: number; dflt: string | null; pk: number}>
    const columns = rows.map(r => ({table: r.table, name: r.name, type: r.type, notNull: r.not_null === 1, dflt: plain(r.dflt), pk: r.pk + 0}))
    const indexes = ((await db.knex.raw(`SELECT indexname FROM pg_indexes WHERE schemaname = 'public' AND indexname NOT LIKE '%_pkey'
      AND indexname NOT LIKE '%_key' AND indexname NOT LIKE 'knex%' ORDER BY indexname`)).rows as Array<{indexname: string}>).map(r => r.indexname)
    const steps = Number((await db.knex.raw('SELECT count(*) AS n FROM knex_migrations')).rows[0].n)
    return {columns, indexes, steps}
  } finally { await db.close() }
}

describe('one schema on both dialects', () => {
  it('creates every table with the same columns, order, nullability, defaults and primary keys on SQLite and PostgreSQL', async () => {
    const lite = await sqliteColumns()
    const pg = await postgresColumns(await freshDatabase('schema'))
    expect(pg.steps).to.equal(SCHEMA_VERSION)
    lite.columns = lite.columns.filter(shared)
    pg.columns = pg.columns.filter(shared)
    pg.indexes = pg.indexes.filter(n => n !== SEARCH_ONLY.index)
    expect(lite.columns.filter(c => c.type.startsWith('unmapped'))).to.deep.equal([])
    expect(pg.columns.length).to.be.greaterThan(100)
    // Identity columns carry their sequence on PostgreSQL and nothing on SQLite: compare them without the default.
    const comparable = (cs: Column[]): Column[] => cs.map(c => ({...c, dflt: c.dflt?.startsWith('nextval') ? null : c.dflt}))
    const byKey = (cs: Column[]): Column[] => [...cs].sort((a, b) => a.table.localeCompare(b.table))
    expect(byKey(comparable(pg.columns))).to.deep.equal(byKey(comparable(lite.columns)))
    expect(pg.indexes).to.deep.equal(lite.indexes.filter(n => !n.startsWith('sqlite_')))
  })

  it('keeps a timestamp with microseconds and an id past 2^31 exact on PostgreSQL', async () => {
    const db = await openPostgres(await freshDatabase('wide'))
    try {
      const store = db.storage()
      await store.run('INSERT INTO messages (id, channel, seq, sender, kind, status, urgency, created_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?)',
        'M1', 'c', 2 ** 33, 'a', 'message', 'fyi', 'inbox', 1764547200.654321)
      expect(await store.get('SELECT seq, created_at FROM messages WHERE id = ?', 'M1')).to.deep.equal({seq: 2 ** 33, created_at: 1764547200.654321})
      const dup = await store.run('INSERT INTO messages (id, channel, seq, sender, kind, status, urgency, created_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?)',
        'M2', 'c', 2 ** 33, 'a', 'message', 'fyi', 'inbox', 1).catch((e: Error) => e)
      expect(String(dup)).to.match(/messages_channel_seq_key/)
    } finally { await db.close() }
  })
})
