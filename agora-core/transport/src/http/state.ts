import {mkdirSync, readFileSync, renameSync, statSync, writeFileSync} from 'node:fs'
import {dirname} from 'node:path'

/** A state bundle past this is refused, as the Orca worker library caps it. */
export const ORCA_STATE_MAX = 8 * 1024 * 1024

const stateUrl = (url: string, sessionId: string) => `${url.replace(/\/+$/, '')}/state/${encodeURIComponent(sessionId)}`

/** The worker's state for the session: the bytes on 200, null on 404 (stateless or nothing stored). */
export async function exportState(url: string, sessionId: string): Promise<{bytes: string | null; note: string | null}> {
  try {
    const res = await fetch(stateUrl(url, sessionId), {signal: AbortSignal.timeout(15_000)})
    if (res.status === 404) return {bytes: null, note: null}
    if (res.status !== 200) return {bytes: null, note: `orca: GET /state answered ${res.status}; nothing kept`}
    const text = await res.text()
    if (Buffer.byteLength(text) > ORCA_STATE_MAX) return {bytes: null, note: `orca: the state bundle is over ${ORCA_STATE_MAX} bytes; not kept`}
    return {bytes: text, note: null}
  } catch (error) {
    return {bytes: null, note: `orca: GET /state failed (${(error as Error).message}); nothing kept`}
  }
}

/**
 * Before a turn: when agora holds state the worker does not (a new replica answers GET 404),
 * import it with PUT, falling back to POST for the older workers that answer PUT with 404/405.
 */
export async function importStateIfMissing(url: string, sessionId: string, stateFile: string): Promise<string | null> {
  let bytes: string
  try {
    if (statSync(stateFile).size > ORCA_STATE_MAX) return `orca: the kept state is over ${ORCA_STATE_MAX} bytes; not imported`
    bytes = readFileSync(stateFile, 'utf8')
  } catch {
    return null
  }
  try {
    const held = await fetch(stateUrl(url, sessionId), {signal: AbortSignal.timeout(15_000)})
    await held.body?.cancel()
    if (held.status !== 404) return null
    for (const method of ['PUT', 'POST']) {
      const res = await fetch(stateUrl(url, sessionId), {method, headers: {'content-type': 'application/json'}, body: bytes, signal: AbortSignal.timeout(15_000)})
      await res.body?.cancel()
      if (res.ok) return `orca: state re-imported into the worker with ${method}`
      if (res.status !== 404 && res.status !== 405) return `orca: state import answered ${res.status}`
    }
    return 'orca: the worker has no state import route; the turn starts without it'
  } catch (error) {
    return `orca: state import failed (${(error as Error).message})`
  }
}

/** Keep the bundle 0600, written whole (temporary file, then rename). */
export function keepState(stateFile: string, bytes: string): void {
  mkdirSync(dirname(stateFile), {recursive: true, mode: 0o700})
  const tmp = `${stateFile}.${process.pid}.tmp`
  writeFileSync(tmp, bytes, {mode: 0o600})
  renameSync(tmp, stateFile)
}
