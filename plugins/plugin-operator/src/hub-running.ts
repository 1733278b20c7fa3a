import {AgoraClient} from '@agora/client'
import {readConfig} from '@agora/home'
import Database from 'better-sqlite3'
import {existsSync} from 'node:fs'
import {join, resolve} from 'node:path'

/** The database `agora up` serves from this home: --db, else config.json db_path, else <home>/agora.db. */
export function hubDbPath(home: string, flag?: string): string {
  const value = flag ?? (readConfig(home).db_path || join(home, 'agora.db'))
  return isPostgresUrl(value) ? value.trim() : resolve(value)
}

/** A postgres:// (or postgresql://) URL rather than a SQLite file path. */
export function isPostgresUrl(value: string): boolean {
  return /^postgres(ql)?:\/\//i.test(value.trim())
}

/**
 * Is any connection holding this database open? An EXCLUSIVE lock cannot be taken while another
 * connection (a hub in any process, or this one) has it open in WAL mode, so this never guesses
 * from pids or ports. It takes and releases the lock without writing.
 */
export function databaseInUse(dbPath: string): boolean {
  if (!existsSync(dbPath)) return false
  const probe = new Database(dbPath, {fileMustExist: true, timeout: 0})
  try {
    probe.pragma('locking_mode = EXCLUSIVE')
    probe.exec('BEGIN EXCLUSIVE')
    probe.exec('ROLLBACK')
    return false
  } catch (error) {
    if ((error as {code?: string}).code?.startsWith('SQLITE_BUSY') || /locked|busy/i.test((error as Error).message)) return true
    throw error
  } finally {
    probe.close()
  }
}

/** The hub config.json names answers /healthz, and config.json says it serves this database. */
export async function configuredHubServes(home: string, dbPath: string): Promise<string | undefined> {
  const config = readConfig(home)
  if (!config.url || !config.db_path || resolve(config.db_path) !== dbPath) return undefined
  try {
    await new AgoraClient({url: config.url, timeoutMs: 2000}).healthz()
    return config.url
  } catch {
    return undefined
  }
}

/** Why the database must not be replaced now, or undefined when nothing serves it. */
export async function whyBusy(home: string, dbPath: string): Promise<string | undefined> {
  const url = await configuredHubServes(home, dbPath)
  if (url) return `a hub at ${url} is serving ${dbPath}; stop \`agora up\` (Ctrl-C) first, then restore`
  if (databaseInUse(dbPath)) return `${dbPath} is open in another process (a running hub?); stop it first, then restore`
  return undefined
}
