// A logical dump of a hub database: every row of every table (plus the schema), read through
// a second read-only connection. "A refused request changes no state" is checked on this, not
// on the file bytes: a byte hash would also move with WAL checkpoints and page reuse that change
// no data, so it would fail for reasons that are not state changes; the dump moves only when a row does.
import {createHash} from 'node:crypto'
import Database from 'better-sqlite3'
import {isPostgresTarget, withPg} from './db-read.js'

export interface Dump {
  sha: string
  rows: number
  /** Each table's own hash, so a failure can name the tables that moved. */
  tables: Record<string, string>
}

/** The tables whose rows differ between two dumps of one database. */
export function changedTables(a: Dump, b: Dump): string[] {
  return [...new Set([...Object.keys(a.tables), ...Object.keys(b.tables)])].filter((t) => a.tables[t] !== b.tables[t]).sort()
}

export function logicalDump(dbPath: string): Dump {
  const db = new Database(dbPath, {readonly: true, fileMustExist: true})
  try {
    const tables = db.prepare(`SELECT name, sql FROM sqlite_master WHERE type = 'table' ORDER BY name`).all() as Array<{name: string; sql: string}>
    const hash = createHash('sha256')
    const each: Record<string, string> = {}
    let count = 0
    for (const t of tables) {
      hash.update(`${t.name}\n${t.sql}\n`)
      const own = createHash('sha256')
      let all: unknown[]
      try { all = db.prepare(`SELECT * FROM "${t.name}" ORDER BY rowid`).raw(true).all() } catch {
        all = db.prepare(`SELECT * FROM "${t.name}"`).raw(true).all().map((r) => JSON.stringify(r, replacer)).sort()
      }
      for (const r of all) {
        const line = `${typeof r === 'string' ? r : JSON.stringify(r, replacer)}\n`
        hash.update(line); own.update(line); count++
      }
      each[t.name] = own.digest('hex')
    }
    return {sha: hash.digest('hex'), rows: count, tables: each}
  } finally { db.close() }
}

/**
 * PostgreSQL tables holding what a SQLite hub keeps in process memory (which its dump never sees), left out:
 * budget_buckets is the rate limiter, and a refused write's take-then-refund rewrites a bucket's refill clock
 * (or creates a full bucket) without changing the tokens a seat has; presence and hub_processes are each
 * process's seats and heartbeat, written by its timer (cluster/pg-presence.ts) whatever the requests do.
 */
const PROCESS_STATE = new Set(['budget_buckets', 'presence', 'hub_processes'])

/**
 * The same dump on either database the hub runs on: `logicalDump` for a SQLite file; for a PostgreSQL
 * URL every table of the public schema (its columns, then its rows sorted as JSON text, since a heap has
 * no stable order). Only ever compared with a dump of the same database, never across dialects.
 */
export async function databaseDump(target: string): Promise<Dump> {
  if (!isPostgresTarget(target)) return logicalDump(target)
  return withPg(target, async (c) => {
    const columns = (await c.query(`SELECT table_name, column_name, data_type FROM information_schema.columns
      WHERE table_schema = 'public' ORDER BY table_name, ordinal_position`)).rows as Array<{table_name: string; column_name: string; data_type: string}>
    const tables = [...new Set(columns.map((r) => r.table_name))].filter((t) => !PROCESS_STATE.has(t))
    const hash = createHash('sha256')
    const each: Record<string, string> = {}
    let count = 0
    for (const t of tables) {
      hash.update(`${t}\n${columns.filter((r) => r.table_name === t).map((r) => `${r.column_name} ${r.data_type}`).join(', ')}\n`)
      const rows = (await c.query({text: `SELECT * FROM "${t}"`, rowMode: 'array'})).rows.map((r) => JSON.stringify(r, replacer)).sort()
      const own = createHash('sha256')
      for (const r of rows) { hash.update(r); hash.update('\n'); own.update(`${r}\n`); count++ }
      each[t] = own.digest('hex')
    }
    return {sha: hash.digest('hex'), rows: count, tables: each}
  })
}

function replacer(_k: string, v: unknown) {
  if (typeof v === 'bigint') return `${v}n`
  if (v && typeof v === 'object' && (v as {type?: string}).type === 'Buffer') return `buf:${Buffer.from((v as {data: number[]}).data).toString('hex')}`
  return v
}
