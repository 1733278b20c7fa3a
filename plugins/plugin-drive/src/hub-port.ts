import {AgoraClient, AgoraHttpError, AgoraUnreachableError} from '@agora/client'
import type {Lease, Envelope as WireEnvelope, OwedAnswerRow as WireOwedAnswerRow, OwedConsumeRow as WireOwedConsumeRow, OwedReport as WireOwedReport} from '@agora/client'
import {lookupKey} from '@agora/home'

/*
 * The slices of the wire reception reads, derived from @agora/protocol's records (through @agora/client):
 * the identifying fields required, every other field optional, so loop tests can script a narrow hub.
 */
type Slice<T, K extends keyof T> = Pick<T, K> & Partial<Omit<T, K>>

/** One `/owed` to_answer row (docs/protocol.md#owed). */
export type OwedAnswerRow = Slice<WireOwedAnswerRow, 'channel' | 'id' | 'seq'>
/** One `/owed` to_consume row. */
export type OwedConsumeRow = Slice<WireOwedConsumeRow, 'channel' | 'id' | 'seq'>

export interface OwedReport {
  to_answer: OwedAnswerRow[]
  to_consume: OwedConsumeRow[]
  counts?: Partial<WireOwedReport['counts']>
  [other: string]: unknown
}

/** The slice of an inbox envelope hooks render (docs/protocol.md#envelopes). */
export type Envelope = Slice<WireEnvelope, 'id' | 'channel' | 'seq' | 'sender'>

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

export type LeaseRow = Pick<Lease, 'path' | 'holder' | 'mode' | 'channel' | 'expires_at'>

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
