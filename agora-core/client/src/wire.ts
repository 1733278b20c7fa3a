/**
 * Wire shapes (docs/protocol.md) as the client sees them. The message, envelope, owed, store, fs,
 * whoami, channel-info and ledger records come from @agora/protocol (one declaration of one wire),
 * under the client's public names; the shapes only the client types stay here.
 */
import type {Ask, ChannelInfo, MessageStatus, Urgency} from '@agora/protocol'

export type {
  Ask, AttachmentRef, ChannelInfo, ChannelRecord, Envelope, FsFile, Member, Message, MessageRow, OwedReport, StoreEntry,
  Urgency, Whoami, MessageKind as Kind, MessageStatus as Status, ServedLedger as Ledger, ServedLedgerTurn as LedgerTurn,
  OwedToAnswer as OwedAnswerRow, OwedToClose as OwedCloseRow, OwedToConsume as OwedConsumeRow,
} from '@agora/protocol'

export type Json = null | boolean | number | string | Json[] | {[key: string]: Json} | object

/** Request body of POST /channels/{c}/messages, the WS `post` frame and POST /dms/{peer}/messages. */
export interface PostMessage {
  body?: string
  title?: string
  status?: MessageStatus
  urgency?: Urgency
  critical?: boolean
  to?: string[]
  data?: {[key: string]: unknown} | null
  reply_to?: string | null
  asks?: Ask[]
  answers?: string[]
  declines?: string[]
  consumes?: string[]
  attachments?: Array<{id: string; filename?: string}>
  notice?: {kind: string; key: string}
  signature?: string
  address_dark?: boolean
}

export interface AgentRecord { id: string; name: string; about: string; operator: boolean; created_at: number }
export interface RegisterAgentRequest { id: string; name?: string; about?: string; mission?: string; operator?: boolean }
export interface RegisterAgentResult { agent: AgentRecord; api_key: string }


export interface ChannelSummary {
  name: string; private: boolean; created_by: string; member: boolean
  member_count: number; last_seq: number; last_at: number | null; archived: boolean
}
export interface JoinResult extends Partial<ChannelInfo> { joined: true }
export interface InviteResult { invite_token: string; channel: string; agent_id: string | null }
export interface GroupRequest { name: string; members: string[]; purpose?: string; opening_post?: string; private?: boolean }
export interface GroupResult {
  channel: string; created: boolean; invited: string[]
  failed: Array<{agent: string; error: string}>; opening_seq: number | null
}

export interface StoreListRow { key: string; version: number; updated_by: string; updated_at: number }

export interface FsListRow {
  path: string; version: number; updated_by: string; updated_at: number
  size: number; description: string; described: boolean; encoding?: string
}
export interface FsWriteRequest {
  content?: string
  content_b64?: string
  mime?: string
  description?: string
  expect_version?: number
}


/** `implementation` names which hub this is (`agora-ts` for ours); the reference hub serves none. */
export interface HubRoot { service: string; implementation?: string; version: string; protocol: string }
export interface Health { ok: boolean; db: 'ok' | 'contended'; implementation?: string; version: string; protocol: string; paused: boolean }
