import {join} from 'node:path'

import {normalizeUrl} from './config.js'
import {readJsonObject, writeSecureFile} from './files.js'

/** `<workspace>/.agora/seat.json`: which seat this folder is, written by setup. */
export interface SeatRecord {
  schema: 1
  agent_id: string
  url: string
  about: string
  harnesses: string[]
  default_drive_harness: string | null
}

export function seatRecordPath(workspace: string): string {
  return join(workspace, '.agora', 'seat.json')
}

export interface ReadSeatOptions {
  /** When given, harness names outside this list are dropped (a newer setup may know more). */
  knownHarnesses?: readonly string[]
}

/** Read and validate the seat record of exactly this folder; undefined when there is none. */
export function readSeatRecord(workspace: string, options: ReadSeatOptions = {}): SeatRecord | undefined {
  const path = seatRecordPath(workspace)
  const raw = readJsonObject(path, 'seat record (re-run `agora setup <id>` to rewrite it)')
  if (raw === undefined) return undefined
  return validateSeatRecord(raw, path, options)
}

function validateSeatRecord(raw: Record<string, unknown>, path: string, options: ReadSeatOptions): SeatRecord {
  const fail = (problem: string): never => {
    throw new Error(`${path}: ${problem}; re-run \`agora setup <id>\` in this folder to rewrite it`)
  }
  if (raw.schema !== 1) fail(`unsupported schema ${JSON.stringify(raw.schema)} (expected 1)`)
  if (typeof raw.agent_id !== 'string' || !raw.agent_id.trim()) fail('agent_id must be a non-empty string')
  if (typeof raw.url !== 'string' || !raw.url.trim()) fail('url must be a non-empty string')
  if (raw.about !== undefined && typeof raw.about !== 'string') fail('about must be a string')
  if (!Array.isArray(raw.harnesses)) fail('harnesses must be a list of harness names')
  const harnesses = raw.harnesses as unknown[]
  if (harnesses.some((h) => typeof h !== 'string')) fail('harnesses must contain only strings')
  const def = raw.default_drive_harness ?? null
  if (def !== null && typeof def !== 'string') fail('default_drive_harness must be a harness name or null')
  if (def !== null && !harnesses.includes(def)) {
    fail(`default_drive_harness ${JSON.stringify(def)} is not in harnesses ${JSON.stringify(harnesses)}`)
  }
  const known = options.knownHarnesses
  const kept = (harnesses as string[]).filter((h) => !known || known.includes(h))
  return {
    schema: 1,
    agent_id: (raw.agent_id as string).trim(),
    url: normalizeUrl(raw.url as string),
    about: (raw.about as string | undefined) ?? '',
    harnesses: kept,
    default_drive_harness: def !== null && kept.includes(def as string) ? (def as string) : null,
  }
}

/** Write the seat record (validated first, so a bad record is never left on disk). */
export function writeSeatRecord(workspace: string, record: Omit<SeatRecord, 'schema'> & {schema?: 1}): SeatRecord {
  const path = seatRecordPath(workspace)
  const full = validateSeatRecord({...record, schema: 1}, path, {})
  writeSecureFile(path, JSON.stringify(full, null, 2) + '\n')
  return full
}
