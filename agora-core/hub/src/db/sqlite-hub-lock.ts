import Database from 'better-sqlite3'
import {chmodSync} from 'node:fs'

/** Held for as long as this hub serves the file; the operating system drops it when the process ends, however it ends. */
export interface HubLock {
  release(): void
}

/**
 * One hub per SQLite file. A second hub on the same file would keep its own mirrors, budgets and
 * sockets: a channel created through one would stay unknown to the other and neither would push
 * the other's posts. So the hub holds an exclusive SQLite lock on a sidecar file
 * (`<db>.hub-lock`, never written) from open to close; a second hub, in this process or another,
 * cannot take it and is refused. A crashed hub's lock goes with its process (no stale pid files).
 */
export function holdHubLock(filename: string): HubLock {
  const path = `${filename}.hub-lock`
  const lock = new Database(path, {timeout: 0})
  try {
    chmodSync(path, 0o600)
    lock.pragma('locking_mode = EXCLUSIVE')
    lock.pragma('journal_mode = MEMORY') // nothing is ever written: no journal file beside it
    lock.exec('BEGIN EXCLUSIVE')
  } catch (err) {
    lock.close()
    const busy = (err as {code?: string}).code?.startsWith('SQLITE_BUSY') || /locked|busy/i.test((err as Error).message)
    if (busy) throw new Error(`another agora hub is already serving ${filename} (it holds ${path}); stop that hub first, or serve another file with --db`)
    throw err
  }
  return {
    release() {
      if (!lock.open) return
      lock.exec('ROLLBACK')
      lock.close()
    },
  }
}
