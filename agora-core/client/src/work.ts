// The work plane's read views (GET /board, /desk, /supervise, /work/{id}, a digest's rulings), typed
// once here so the seat CLI and agora-mcp read the same shapes. Each record lists what the hub sends.
import type {LiveWorkRow} from '@agora/protocol'

import type {AgoraClient} from './client.js'
import {seg} from './http.js'
import type {OwedReport} from './wire.js'

export type {LiveWorkRow}

export interface BoardSeat {agent_id: string; state: string; claims: number; phases: number; stale: number; blocking: string[]}

/** GET /board: the caller's fleet picture. */
export interface Board {
  agent_id: string
  rows: LiveWorkRow[]
  mine: string[]
  blocking_me: string[]
  obligations: {to_answer: number; escalated: number; to_consume: number; to_close: number}
  phases: Array<{channel: string; key: string; steward: unknown; status: unknown}>
  seats: BoardSeat[]
  computed_at: number
}

/** A store row as the work views return it (value already plain JSON). */
export interface WorkStoreRow {channel: string; key: string; value: unknown; version: number; updated_by: string; updated_at: number}

/** GET /desk: what waits on an operator or reporting delegate. */
export interface Desk {
  agent_id: string
  to_answer: OwedReport['to_answer']
  to_close: OwedReport['to_close']
  waiting_on_you: Array<Pick<LiveWorkRow, 'channel' | 'key' | 'holder' | 'status' | 'idle_s'>>
  queue: WorkStoreRow[]
  unacknowledged_rulings: Array<{channel: string; key: string}>
  counts: Record<'to_answer' | 'to_close' | 'waiting_on_you' | 'queue' | 'unacknowledged_rulings', number>
  computed_at: number
}

export interface SuperviseThread {id: string; seq: number; title: string; sender: string}

/** GET /channels/{c}/supervise: one room's radar. */
export interface SuperviseRoom {
  channel: string
  idle_seats: string[]
  dark_seats: string[]
  stuck_rows: Array<Pick<LiveWorkRow, 'key' | 'holder' | 'status' | 'idle_s' | 'stale' | 'needs_from'>>
  unowned: SuperviseThread[]
  escalated: Array<SuperviseThread & {waiting_on: string[]; age_s: number}>
  computed_at: number
}

/** GET /supervise. */
export interface SuperviseAll {channels: SuperviseRoom[]; computed_at: number}

/** GET /work/{item_id}: everything in the caller's rooms citing one work item. */
export interface WorkItem {
  item_id: string
  rows: WorkStoreRow[]
  claims: WorkStoreRow[]
  phases: WorkStoreRow[]
  messages: Array<{channel: string; id: string; seq: number; sender: string; status: string; title: string; created_at: number}>
}

export interface Ruling {key: string; text: string; value: unknown; version: number; updated_by: string; updated_at: number}

/** The rulings part of GET /channels/{c}/digest. */
export interface RulingsDigest {channel: string; rulings: Ruling[]; unacknowledged_rulings: string[]}

/** POST /channels/{c}/ruling-acks. */
export interface RulingAcks {acked: Array<{key: string; version: number}>; unacknowledged_rulings: string[]}

export const fetchBoard = (hub: AgoraClient): Promise<Board> => hub.request('GET', '/board')
export const fetchDesk = (hub: AgoraClient): Promise<Desk> => hub.request('GET', '/desk')
export const fetchSuperviseRoom = (hub: AgoraClient, channel: string): Promise<SuperviseRoom> => hub.request('GET', `/channels/${seg(channel)}/supervise`)
/** Every room the caller is in (DMs left out). */
export const fetchSuperviseAll = (hub: AgoraClient): Promise<SuperviseAll> => hub.request('GET', '/supervise')
export const fetchWorkItem = (hub: AgoraClient, itemId: string): Promise<WorkItem> => hub.request('GET', `/work/${seg(itemId)}`)
export const fetchRulings = (hub: AgoraClient, channel: string): Promise<RulingsDigest> => hub.request('GET', `/channels/${seg(channel)}/digest`)
export const ackRulings = (hub: AgoraClient, channel: string, keys: string[]): Promise<RulingAcks> =>
  hub.request('POST', `/channels/${seg(channel)}/ruling-acks`, {body: {keys}})
