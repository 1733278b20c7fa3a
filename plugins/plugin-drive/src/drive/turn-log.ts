import {appendFileSync, chmodSync, closeSync, openSync} from 'node:fs'
import {isAbsolute, resolve} from 'node:path'

import {redact} from './failures.js'

/**
 * The `--turn-log` flight recorder: one redacted line per write, 0600. Records
 * are `turn_start`, the turn's raw stdout lines, `turn_stderr` and `turn_end`.
 */
export interface TurnLog {
  readonly path: string
  record(event: string, fields: Record<string, unknown>): void
  raw(line: string): void
}

export interface TurnLogRequest {
  /** The default file (`drive-<id>.turns.jsonl` in AGORA_HOME) or the operator's PATH. */
  path: string
  /** True when the operator named the path (relative paths resolve against the workspace). */
  explicit: boolean
  cwd: string
  agent: string
  out(line: string): void
}

/**
 * Open the log for appending, or say why not and return null: an unwritable log never stops the
 * drive. A relative PATH lands in the workspace, where every turn can read it, so it is named.
 */
export function openTurnLog(request: TurnLogRequest): TurnLog | null {
  const path = resolve(request.cwd, request.path)
  const {agent, out} = request
  if (request.explicit && !isAbsolute(request.path)) {
    out(`AGORA_DRIVE warn=turn-log-in-workspace agent=${agent} path=${path} — a relative --turn-log-path resolves inside the workspace, where turns can read it; pass an absolute path (e.g. under AGORA_HOME)`)
  }
  const unwritable = (error: unknown): null => {
    out(`AGORA_DRIVE warn=turn-log-unwritable agent=${agent} path=${path} detail=${JSON.stringify((error as Error).message)} — driving on without a turn log`)
    return null
  }
  try {
    closeSync(openSync(path, 'a', 0o600))
    chmodSync(path, 0o600)
  } catch (error) {
    return unwritable(error)
  }
  let broken = false
  const write = (text: string): void => {
    if (broken) return
    try {
      appendFileSync(path, redact(text) + '\n', {mode: 0o600})
    } catch (error) {
      broken = true
      unwritable(error)
    }
  }
  return {
    path,
    record: (event, fields) => write(JSON.stringify({event, ts: Date.now() / 1000, agent, ...fields})),
    raw: (line) => write(line),
  }
}
