import {mkdirSync, readFileSync, renameSync, writeFileSync} from 'node:fs'
import {createHash} from 'node:crypto'
import {join} from 'node:path'

/** What a served seat keeps per Orca session: the drive harness's resume id and a turn count. */
export interface SeatState {
  schema: 1
  harness: string
  resumeId: string | null
  turns: number
}

export interface StateStore {
  /** The state as opaque JSON text, or null. */
  get(sessionId: string): string | null
  /** Import; returns the refusal text, or null when stored. */
  put(sessionId: string, text: string): string | null
  read(sessionId: string): SeatState | null
  write(sessionId: string, state: SeatState): void
}

/** One 0600 file per session in a 0700 folder; file names are hashes, so no id reaches the path. */
export function fileStateStore(dir: string): StateStore {
  const file = (id: string) => join(dir, `${createHash('sha256').update(id).digest('hex').slice(0, 32)}.json`)
  const save = (id: string, text: string) => {
    mkdirSync(dir, {recursive: true, mode: 0o700})
    const tmp = `${file(id)}.${process.pid}.tmp`
    writeFileSync(tmp, text, {mode: 0o600})
    renameSync(tmp, file(id))
  }
  const get = (id: string): string | null => {
    try {
      return readFileSync(file(id), 'utf8')
    } catch {
      return null
    }
  }
  return {
    get,
    put: (id, text) => {
      let value: unknown
      try {
        value = JSON.parse(text)
      } catch {
        return 'state must be the JSON this server exported'
      }
      const s = value as Partial<SeatState>
      if (!s || s.schema !== 1 || typeof s.harness !== 'string' || (s.resumeId !== null && typeof s.resumeId !== 'string') || !Number.isInteger(s.turns)) {
        return 'state must be {schema: 1, harness, resumeId, turns} as GET /state exported it'
      }
      save(id, text)
      return null
    },
    read: (id) => {
      const text = get(id)
      return text === null ? null : (JSON.parse(text) as SeatState)
    },
    write: (id, state) => save(id, JSON.stringify(state)),
  }
}
