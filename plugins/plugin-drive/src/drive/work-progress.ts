import {HubCallError} from '../hub-port.js'
import type {HubPort} from '../hub-port.js'
import type {WorkRow} from './work-scan.js'

/** What a work chunk did to its row: moved it, left a receipt elsewhere, or left no trace. */
export type ChunkProgress = {kind: 'moved'} | {kind: 'receipt'; ref: string} | {kind: 'unchanged'}

/** How many rows updated since the chunk began are read looking for a receipt. */
export const RECEIPT_ROWS_CHECKED = 8
/** The hub stamps store rows in its own seconds; a little slack keeps a same-second write inside the window. */
const CLOCK_SLACK_S = 2

const ownRow = (value: unknown, me: string): boolean => {
  if (!value || typeof value !== 'object') return false
  const row = value as Record<string, unknown>
  return row.owner === me || row.steward === me
}

/**
 * Judge a finished chunk for the strike ledger: a new version (or a deleted row)
 * is progress; otherwise a receipt on another row this seat owns or stewards, updated since the
 * chunk began, counts too (up to 8 such rows are read). Hub errors other than 404 propagate, so an
 * unreadable hub never earns a strike.
 */
export async function chunkProgress(hub: HubPort, me: string, row: WorkRow, sinceMs: number): Promise<ChunkProgress> {
  if (!row.channel || !row.key || row.version === undefined) return {kind: 'moved'}
  try {
    if ((await hub.storeGet(row.channel, row.key)).version !== row.version) return {kind: 'moved'}
  } catch (error) {
    if (error instanceof HubCallError && error.status === 404) return {kind: 'moved'}
    throw error
  }
  const since = sinceMs / 1000 - CLOCK_SLACK_S
  const fresh = (await workRowsAnyKey(hub)).filter((r) => r.updated >= since && !(r.channel === row.channel && r.key === row.key))
  for (const other of fresh.slice(0, RECEIPT_ROWS_CHECKED)) {
    const entry = await hub.storeGet(other.channel, other.key).catch(() => null)
    if (entry && ownRow(entry.value, me)) return {kind: 'receipt', ref: `${other.channel}/${other.key}@${entry.version}`}
  }
  return {kind: 'unchanged'}
}

/** Receipts may land on any row the seat owns, not only claim:/phase: keys. */
async function workRowsAnyKey(hub: HubPort): Promise<Array<{channel: string; key: string; updated: number}>> {
  const rows: Array<{channel: string; key: string; updated: number}> = []
  for (const channel of (await hub.channels()).filter((c) => c.member)) {
    for (const r of await hub.storeList(channel.name)) rows.push({channel: channel.name, key: r.key, updated: r.updated_at ?? 0})
  }
  return rows.sort((a, b) => b.updated - a.updated)
}
