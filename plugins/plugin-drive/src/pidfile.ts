import {closeSync, openSync, readFileSync, rmSync, statSync, utimesSync, writeSync} from 'node:fs'

import {writeSecureFile, ensureHome} from '@agora/home'
import {dirname} from 'node:path'

/** True when a process with this pid exists (EPERM means it exists but belongs to someone else). */
export function pidAlive(pid: number): boolean {
  if (!Number.isInteger(pid) || pid <= 0) return false
  try {
    process.kill(pid, 0)
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM'
  }
  return !isZombie(pid)
}

/** An exited process its parent has not reaped yet still answers kill(0); on Linux /proc says so. */
function isZombie(pid: number): boolean {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8')
    return stat.slice(stat.lastIndexOf(')') + 2).startsWith('Z')
  } catch {
    return false
  }
}

export interface PidRecord {
  pid: number
  mtimeMs: number
}

export function readPidFile(path: string): PidRecord | undefined {
  try {
    const pid = Number.parseInt(readFileSync(path, 'utf8').trim(), 10)
    return Number.isFinite(pid) ? {pid, mtimeMs: statSync(path).mtimeMs} : undefined
  } catch {
    return undefined
  }
}

/** The pid holding `path` when it is alive and the file was touched within `freshS` seconds. */
export function liveHolder(path: string, freshS: number, nowMs = Date.now()): number | undefined {
  const record = readPidFile(path)
  if (!record || !pidAlive(record.pid)) return undefined
  return nowMs - record.mtimeMs < freshS * 1000 ? record.pid : undefined
}

export function writePidFile(path: string, pid = process.pid): void {
  writeSecureFile(path, `${pid}\n`)
}

export function touch(path: string): void {
  const now = new Date()
  try {
    utimesSync(path, now, now)
  } catch {
    // a vanished pidfile is re-written by its owner's next heartbeat
  }
}

/** Remove the file only when it still names `pid`, so a successor's file is never deleted. */
export function removeIfOurs(path: string, pid = process.pid): void {
  if (readPidFile(path)?.pid === pid) rmSync(path, {force: true})
}

export type LockResult = {ok: true; tookOverFrom?: number} | {ok: false; holder: number}

/** Take an O_EXCL lock file holding our pid; a lock whose holder is dead is taken over. */
export function acquireLock(path: string, pid = process.pid): LockResult {
  ensureHome(dirname(path))
  let tookOverFrom: number | undefined
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      const fd = openSync(path, 'wx', 0o600)
      writeSync(fd, `${pid}\n`)
      closeSync(fd)
      return tookOverFrom === undefined ? {ok: true} : {ok: true, tookOverFrom}
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error
      const holder = readPidFile(path)
      if (holder && holder.pid !== pid && pidAlive(holder.pid)) return {ok: false, holder: holder.pid}
      tookOverFrom = holder?.pid ?? 0
      rmSync(path, {force: true})
    }
  }
  const holder = readPidFile(path)
  return {ok: false, holder: holder?.pid ?? 0}
}
