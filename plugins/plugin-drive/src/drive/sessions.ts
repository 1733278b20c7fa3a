import {readFileSync, rmSync} from 'node:fs'

import {writeSecureFile} from '@agora/home'
import type {Lane} from '@agora/contract'

/** Where each lane's resumable session id lives; the two lanes never share one. */
export interface SessionStore {
  get(lane: Lane): string | null
  set(lane: Lane, sessionId: string | null): void
}

export function fileSessions(pathOf: (lane: Lane) => string): SessionStore {
  return {
    get(lane) {
      try {
        return readFileSync(pathOf(lane), 'utf8').trim() || null
      } catch {
        return null
      }
    },
    set(lane, sessionId) {
      if (sessionId) writeSecureFile(pathOf(lane), sessionId + '\n')
      else rmSync(pathOf(lane), {force: true})
    },
  }
}

export function memorySessions(): SessionStore & {values: Partial<Record<Lane, string>>} {
  const values: Partial<Record<Lane, string>> = {}
  return {
    values,
    get: (lane) => values[lane] ?? null,
    set(lane, sessionId) {
      if (sessionId) values[lane] = sessionId
      else delete values[lane]
    },
  }
}

/** One line of state in a 0600 file (the work lane's bound row, `….work-v2.claim`); null removes it. */
export function filePointer(path: string): {get(): string | null; set(value: string | null): void} {
  return {
    get() {
      try {
        return readFileSync(path, 'utf8').trim() || null
      } catch {
        return null
      }
    },
    set(value) {
      if (value) writeSecureFile(path, value + '\n')
      else rmSync(path, {force: true})
    },
  }
}
