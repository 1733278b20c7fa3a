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
  owed(options?: {reception?: string}): Promise<OwedReport>
  inbox(): Promise<Envelope[]>
  channels(): Promise<Array<{name: string; member?: boolean; last_seq?: number}>>
  messageBySeq(channel: string, seq: number): Promise<{pending_asks?: string[]; data?: {asks?: Array<{id: string; to?: string[]}>} | null}>
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

/** HubPort over fetch with the seat's cached key; the key never leaves this process. */
export function httpHub(options: HttpHubOptions): HubPort {
  const base = options.url.replace(/\/+$/, '')
  const call = async <T>(path: string, extra: Record<string, string> = {}): Promise<T> => {
    const key = lookupKey(options.home, base, options.agentId)
    if (!key) throw new HubCallError(401, `no key cached for ${options.agentId} at ${base}; run \`agora setup ${options.agentId}\` or pipe the key into \`agora seed-key ${options.agentId}\``)
    let response: Response
    try {
      response = await fetch(`${base}${path}`, {
        headers: {authorization: `Bearer ${key}`, 'x-agora-client': 'agora-reception/0.1', ...options.headers, ...extra},
        signal: AbortSignal.timeout(options.timeoutMs ?? 4000),
      })
    } catch (error) {
      throw new HubCallError(0, `hub ${base} unreachable: ${(error as Error).message}`)
    }
    if (!response.ok) {
      const text = await response.text().catch(() => '')
      throw new HubCallError(response.status, `${path} answered ${response.status}: ${text.slice(0, 200)}`)
    }
    return (await response.json()) as T
  }
  return {
    url: base,
    owed: (opts = {}) => call<OwedReport>('/owed', opts.reception ? {'x-agora-reception': opts.reception} : {}),
    inbox: () => call<Envelope[]>('/inbox'),
    channels: () => call('/channels'),
    messageBySeq: (channel, seq) => call(`/channels/${encodeURIComponent(channel)}/messages/by-seq/${seq}`),
    whoami: () => call('/whoami'),
    storeList: (channel) => call(`/channels/${encodeURIComponent(channel)}/store`),
    leases: (workspace) => call(`/leases?workspace=${encodeURIComponent(workspace)}`),
    storeGet: (channel, key) => call(`/channels/${encodeURIComponent(channel)}/store/${key.split('/').map(encodeURIComponent).join('/')}`),
    async healthz() {
      try {
        const response = await fetch(`${base}/healthz`, {signal: AbortSignal.timeout(options.timeoutMs ?? 4000)})
        return response.ok
      } catch {
        return false
      }
    },
  }
}
