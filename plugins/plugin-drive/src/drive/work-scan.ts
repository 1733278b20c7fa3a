import type {HubPort} from '../hub-port.js'
import {claimPaths} from './work-leases.js'

/** A continuable row of this seat's own work, named `<channel>/<key>@<version>` in every log line. */
export interface WorkRow {
  ref: string
  strikes: number
  channel?: string
  key?: string
  version?: number
  /** A lane pass rather than a held row. */
  initiative?: boolean
  /** Repository paths the row names (a claim's `paths`): drive leases them for the chunk. */
  paths?: string[]
}

/** A parked claim's pointer at the row it waits for: it wakes once that row moves past at_version. */
export interface WaitingOn {
  channel: string
  key: string
  at_version: number
}

const TERMINAL = new Set('done shipped delivered complete completed closed landed merged released resolved parked paused blocked on-hold onhold hold deferred cancelled canceled abandoned'.split(' '))
export const RETIRE_AT = 3

const firstWord = (value: unknown): string => (typeof value === 'string' ? value.trim().split(/\s+/)[0]?.toLowerCase().replace(/[^a-z-]/g, '') ?? '' : '')

export function parseWaitingOn(value: unknown): WaitingOn | null {
  if (!value || typeof value !== 'object' || Array.isArray(value)) return null
  const {channel, key, at_version: at} = value as Record<string, unknown>
  if (typeof channel !== 'string' || !channel || typeof key !== 'string' || !key || typeof at !== 'number' || !Number.isFinite(at)) return null
  return {channel, key, at_version: at}
}

/**
 * The continuable row rules for one store row: `live` is work to continue now,
 * `waiting` a terminal claim of mine parked on another row (continuable once that row moves),
 * `no` anything else.
 */
export function rowState(key: string, value: unknown, me: string): {state: 'live' | 'no'} | {state: 'waiting'; on: WaitingOn} {
  if (!value || typeof value !== 'object') return {state: 'no'}
  const row = value as Record<string, unknown>
  if (key.startsWith('claim:')) {
    if (row.owner !== me || row.done === true) return {state: 'no'}
    if (!TERMINAL.has(firstWord(row.status ?? row.state))) return {state: 'live'}
    const on = parseWaitingOn(row.waiting_on)
    return on ? {state: 'waiting', on} : {state: 'no'}
  }
  if (key.startsWith('phase:')) {
    if (row.steward !== me || TERMINAL.has(firstWord(row.status ?? row.current))) return {state: 'no'}
    return {state: [row.next, row.next_step, row.current].some((v) => typeof v === 'string' && v.trim() !== '') ? 'live' : 'no'}
  }
  return {state: 'no'}
}

/** Is this row work to continue right now, without looking at other rows? */
export const continuable = (key: string, value: unknown, me: string): boolean => rowState(key, value, me).state === 'live'

/** Has the row a parked claim waits on moved past the version it was parked at? Unreadable ⇒ no. */
async function targetMoved(hub: HubPort, on: WaitingOn): Promise<boolean> {
  try {
    return (await hub.storeGet(on.channel, on.key)).version > on.at_version
  } catch {
    return false
  }
}

/** Every claim:/phase: row in the seat's member channels, newest first. */
export async function workRows(hub: HubPort): Promise<Array<{channel: string; key: string; updated: number}>> {
  const rows: Array<{channel: string; key: string; updated: number}> = []
  for (const channel of (await hub.channels()).filter((c) => c.member)) {
    for (const row of await hub.storeList(channel.name)) {
      if (row.key.startsWith('claim:') || row.key.startsWith('phase:')) rows.push({channel: channel.name, key: row.key, updated: row.updated_at ?? 0})
    }
  }
  return rows.sort((a, b) => b.updated - a.updated)
}

/**
 * The newest continuable claim/phase row across this seat's channels, skipping row versions that
 * earned three strikes (chunks that left the row unchanged). Null when nothing is continuable.
 */
export async function findContinuableWork(hub: HubPort, me: string, strikes: Map<string, number> = new Map()): Promise<WorkRow | null> {
  for (const candidate of await workRows(hub)) {
    const entry = await hub.storeGet(candidate.channel, candidate.key)
    const ref = `${candidate.channel}/${candidate.key}@${entry.version}`
    const count = strikes.get(ref) ?? 0
    if (count >= RETIRE_AT) continue
    const state = rowState(candidate.key, entry.value, me)
    if (state.state === 'live' || (state.state === 'waiting' && (await targetMoved(hub, state.on)))) {
      const paths = claimPaths(entry.value)
      return {ref, strikes: count, channel: candidate.channel, key: candidate.key, version: entry.version, ...(paths ? {paths} : {})}
    }
  }
  return null
}
