import {parseJsonLossless, verifyLedger} from '@agora/protocol'
import type {LedgerTurn} from '@agora/protocol'
import Database from 'better-sqlite3'
import {randomBytes} from 'node:crypto'
import {chmodSync, existsSync, renameSync, rmSync, statSync} from 'node:fs'
import {dirname, join, resolve} from 'node:path'

export interface ChannelCheck {
  channel: string
  messages: number
  head: string
  intact: boolean
  /** First seq whose hash does not follow, or that breaks 1..n numbering; null when intact. */
  broken_at: number | null
}

export interface SnapshotCheck {
  file: string
  integrity: string
  channels: number
  messages: number
  bytes: number
  verified: boolean
  ledgers: ChannelCheck[]
}

interface Row {
  id: string; channel: string; seq: number; sender: string; kind: string; status: string; urgency: string
  critical: number; downgraded: number; to_json: string; title: string; body: string; data_json: string | null
  reply_to: string | null; created_at: number; hash: string | null
}

/** Recompute one channel's chain from the stored rows: every row, retracted or not, since rows keep their bytes. */
function checkChannel(channel: string, rows: Row[]): ChannelCheck {
  const turns: LedgerTurn[] = rows.map((r) => ({
    seq: r.seq, id: r.id, sender: r.sender, kind: r.kind, status: r.status, urgency: r.urgency, critical: r.critical,
    downgraded: r.downgraded, to: JSON.parse(r.to_json) as string[], title: r.title, body: r.body,
    data: r.data_json == null ? null : parseJsonLossless(r.data_json), reply_to: r.reply_to, created_at: r.created_at, hash: r.hash,
  }))
  const head = [...rows].reverse().find((r) => r.hash != null)?.hash ?? ''
  const verdict = verifyLedger({channel, head, turns})
  const gap = rows.find((r, i) => r.seq !== i + 1)
  const brokenAt = verdict.brokenAt ?? (gap ? gap.seq : null)
  return {channel, messages: rows.length, head, intact: verdict.intact && !gap, broken_at: brokenAt}
}

/**
 * Verify a snapshot file: `PRAGMA integrity_check` must say ok and every channel's ledger must
 * recompute intact with @agora/protocol over the snapshot's own rows. The file is opened
 * read-write once so it can be made self-contained (journal_mode=DELETE, no -wal beside it).
 */
export function verifySnapshot(file: string): SnapshotCheck {
  const path = resolve(file)
  if (!existsSync(path)) throw new Error(`no snapshot at ${path}; take one with \`agora backup <file>\``)
  let db: Database.Database
  try {
    db = new Database(path, {fileMustExist: true})
  } catch (error) {
    throw new Error(`${path} is not a SQLite database (${(error as Error).message})`)
  }
  try {
    db.pragma('journal_mode = DELETE')
    const integrity = (db.pragma('integrity_check') as Array<{integrity_check: string}>).map((r) => r.integrity_check).join('; ')
    const hasMessages = db.prepare("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'messages'").get()
    if (!hasMessages) throw new Error(`${path} is not an agora hub database (it has no messages table)`)
    const rows = db.prepare('SELECT * FROM messages ORDER BY channel, seq').all() as Row[]
    const byChannel = new Map<string, Row[]>()
    for (const name of (db.prepare('SELECT name FROM channels ORDER BY name').all() as Array<{name: string}>)) byChannel.set(name.name, [])
    for (const r of rows) {
      if (!byChannel.has(r.channel)) byChannel.set(r.channel, [])
      byChannel.get(r.channel)!.push(r)
    }
    const ledgers = [...byChannel].map(([channel, list]) => checkChannel(channel, list))
    return {
      file: path, integrity, channels: ledgers.length, messages: rows.length, bytes: statSync(path).size,
      verified: integrity === 'ok' && ledgers.every((l) => l.intact), ledgers,
    }
  } finally {
    db.close()
  }
}

export interface BackupResult extends SnapshotCheck {
  db: string
}

/**
 * An online snapshot of the live database through SQLite's backup API (the source is opened
 * read-only, so a running hub keeps writing), verified before it is given its final name.
 */
export async function backupDatabase(dbPath: string, file: string): Promise<BackupResult> {
  if (/^postgres(ql)?:\/\//i.test(dbPath)) return backupPostgres(dbPath, file)
  const source = resolve(dbPath)
  const target = resolve(file)
  if (!existsSync(source)) throw new Error(`no hub database at ${source}; pass --db or check db_path in config.json`)
  if (existsSync(target)) throw new Error(`${target} already exists; choose a new file name (a backup never overwrites)`)
  if (target === source) throw new Error('the snapshot must be a different file from the live database')
  const partial = join(dirname(target), `.${randomBytes(6).toString('hex')}.agora-backup.partial`)
  const db = new Database(source, {readonly: true, fileMustExist: true})
  try {
    // Copy everything left in the next step: one read transaction, so writers never force a restart.
    await db.backup(partial, {progress: ({totalPages}) => Math.max(100, totalPages)})
  } catch (error) {
    rmSync(partial, {force: true})
    throw error
  } finally {
    db.close()
  }
  chmodSync(partial, 0o600)
  const check = verifySnapshot(partial)
  if (!check.verified) {
    rmSync(partial, {force: true})
    const bad = check.ledgers.filter((l) => !l.intact).map((l) => `${l.channel}@${l.broken_at}`).join(', ')
    throw new Error(`the snapshot did not verify (integrity ${check.integrity}${bad ? `; broken ledgers ${bad}` : ''}); the live database may be damaged — nothing was written`)
  }
  renameSync(partial, target)
  return {...check, file: target, db: source}
}

/**
 * A PostgreSQL hub's snapshot: every table read in one REPEATABLE READ READ ONLY transaction into
 * a new SQLite file (@agora/hub exportPostgres), so it is the same artifact a SQLite hub backs up
 * to, checked by the same verifier, and restorable into either kind of database.
 */
async function backupPostgres(url: string, file: string): Promise<BackupResult> {
  const target = resolve(file)
  if (existsSync(target)) throw new Error(`${target} already exists; choose a new file name (a backup never overwrites)`)
  const partial = join(dirname(target), `.${randomBytes(6).toString('hex')}.agora-backup.partial`)
  const {exportPostgres} = await import('@agora/hub')
  try {
    await exportPostgres(url, partial)
  } catch (error) {
    rmSync(partial, {force: true})
    throw error
  }
  chmodSync(partial, 0o600)
  const check = verifySnapshot(partial)
  if (!check.verified) {
    rmSync(partial, {force: true})
    const bad = check.ledgers.filter((l) => !l.intact).map((l) => `${l.channel}@${l.broken_at}`).join(', ')
    throw new Error(`the snapshot did not verify (integrity ${check.integrity}${bad ? `; broken ledgers ${bad}` : ''}); the live database may be damaged — nothing was written`)
  }
  renameSync(partial, target)
  return {...check, file: target, db: url.replace(/^([a-z][a-z0-9+.-]*:\/\/[^:/@]*):[^@/]*@/i, '$1:***@')}
}
