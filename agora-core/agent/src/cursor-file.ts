import {readJsonObject, writeSecureFile} from '@agora/home'

/** Per channel: the acked cursor, and the seqs above it already handled (kept while a failure holds the cursor back). */
export type SavedCursors = Record<string, {acked: number; handled: number[]}>

/** Above this many handled-above seqs per channel the oldest are forgotten (a restart may re-handle those). */
export const MAX_HANDLED_ABOVE = 1000

/**
 * The runner's own record of where it is, so a restart resumes where the last run stopped
 * (the hub keeps the cursor too but does not serve it back). Bound to one hub and one seat.
 */
export function loadCursors(path: string, url: string, seat: string): {cursors: SavedCursors; mismatch?: string} {
  const raw = readJsonObject(path, 'agent cursor file')
  if (!raw) return {cursors: {}}
  if (raw.url !== url || raw.seat !== seat) {
    return {cursors: {}, mismatch: `${path} belongs to seat ${String(raw.seat)} on ${String(raw.url)}, not ${seat} on ${url}; starting from now (pass another cursorFile per seat and hub)`}
  }
  const cursors: SavedCursors = {}
  for (const [channel, value] of Object.entries((raw.channels ?? {}) as Record<string, unknown>)) {
    const entry = value as {acked?: unknown; handled?: unknown}
    if (typeof entry?.acked !== 'number') continue
    const handled = Array.isArray(entry.handled) ? entry.handled.filter((s): s is number => typeof s === 'number' && s > (entry.acked as number)) : []
    cursors[channel] = {acked: entry.acked, handled}
  }
  return {cursors}
}

export function saveCursors(path: string, url: string, seat: string, cursors: SavedCursors): void {
  const channels: SavedCursors = {}
  for (const [channel, {acked, handled}] of Object.entries(cursors)) {
    channels[channel] = {acked, handled: handled.filter((s) => s > acked).sort((a, b) => a - b).slice(-MAX_HANDLED_ABOVE)}
  }
  writeSecureFile(path, `${JSON.stringify({url, seat, channels}, null, 2)}\n`)
}
