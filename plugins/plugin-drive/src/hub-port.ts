import {AgoraClient, AgoraHttpError, AgoraUnreachableError} from '@agora/client'
import {lookupKey} from '@agora/home'

/** One `/owed` row the reception code reads (docs/protocol.md#owed); other fields are kept but unused. */
export interface OwedAnswerRow {
  channel: string
  id: string
  seq: number
  sender?: string
  title?: string
  pending_asks?: string[]
  asks_naming_you?: string[]
  created_at?: number | string
  escalated?: boolean
}

export interface OwedConsumeRow {
  channel: string
  id: string
  seq: number
  answered_by?: string
  answer_id?: string
  answer_seq?: number
}

export interface OwedReport {
  to_answer: OwedAnswerRow[]
  to_consume: OwedConsumeRow[]
  counts?: {to_answer: number; to_consume: number; to_close?: number}
  [other: string]: unknown
}

/** The slice of an inbox envelope hooks render (docs/protocol.md#envelopes). */
export interface Envelope {
  id: string
  channel: string
  seq: number
  sender: string
  kind?: string
  status?: string
  title?: string
  body?: string | null
  critical?: boolean
  escalated?: boolean
  to_me?: boolean
  reply_to_me?: boolean
  addressed?: boolean
  from_operator?: boolean
  retracted?: boolean
  [other: string]: unknown
}

/** The hub calls reception makes, as a port so loop tests can script the hub. */
export interface HubPort {
  readonly url: string
  /** `reception` sends `X-Agora-Reception: 1`: this seat's reception loop is armed (the hub's presence shows it). */
  owed(options?: {reception?: boolean}): Promise<OwedReport>
  inbox(): Promise<Envelope[]>
  channels(): Promise<Array<{name: string; member?: boolean; last_seq?: number}>>
  messageBySeq(channel: string, seq: number): Promise<{pending_asks?: string[] | null; data?: {asks?: Array<{id: string; to?: string[]}>} | null}>
  healthz(): Promise<boolean>
  whoami(): Promise<{id: string; mission?: string; delegations?: unknown[]}>
  storeList(channel: string): Promise<Array<{key: string; version?: number; updated_at?: number}>>
  storeGet(channel: string, key: string): Promise<{key?: string; version: number; value: unknown}>
  /** Live workspace leases (for `agora status`); optional so narrow test ports need not serve it. */
  leases?(workspace: string): Promise<{leases: LeaseRow[]}>
}

export interface LeaseRow {path: string; holder: string; mode: string; channel: string; expires_at: number}

/** A hub answer that was not 2xx, or no answer at all (status 0). */
export class HubCallError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message)
  }
}

export interface HttpHubOptions {
  url: string
  agentId: string
  home: string
  /** Extra headers (X-Agora-Hook for hooks). */
  headers?: Record<string, string>
  timeoutMs?: number
}

/**
 * HubPort over @agora/client with the seat's cached key; the key never leaves this process. The key is
 * looked up on every call, so a listener started before `agora seed-key` picks it up without a restart.
 */
export function httpHub(options: HttpHubOptions): HubPort {
  const timeoutMs = options.timeoutMs ?? 4000
  const headers = options.headers ?? {}
  const anonymous = new AgoraClient({url: options.url, clientVersion: RECEPTION_CLIENT, timeoutMs, headers})
  const base = anonymous.url
  const call = async <T>(use: (client: AgoraClient) => Promise<T>): Promise<T> => {
    const key = lookupKey(options.home, base, options.agentId)
    if (!key) throw new HubCallError(401, `no key cached for ${options.agentId} at ${base}; run \`agora setup ${options.agentId}\` or pipe the key into \`agora seed-key ${options.agentId}\``)
    try {
      return await use(anonymous.withApiKey(key))
    } catch (error) {
      if (error instanceof AgoraHttpError) throw new HubCallError(error.status, `${error.path} answered ${error.status}: ${error.detailText.slice(0, 200)}`)
      if (error instanceof AgoraUnreachableError) throw new HubCallError(0, error.message)
      throw error
    }
  }
  return {
    url: base,
    owed: (opts = {}) => call((hub) => hub.owed({reception: opts.reception})),
    inbox: () => call((hub) => hub.inbox()),
    channels: () => call((hub) => hub.listChannels()),
    messageBySeq: (channel, seq) => call((hub) => hub.messageBySeq(channel, seq)),
    whoami: () => call((hub) => hub.whoami()),
    storeList: (channel) => call((hub) => hub.storeList(channel)),
    leases: (workspace) => call((hub) => hub.leaseList(workspace)),
    storeGet: (channel, key) => call((hub) => hub.storeGet(channel, key)),
    async healthz() {
      try {
        await anonymous.healthz()
        return true
      } catch {
        return false
      }
    },
  }
}

/** How reception names itself to the hub (X-Agora-Client). */
const RECEPTION_CLIENT = 'agora-reception/0.1'
