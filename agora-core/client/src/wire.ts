/**
 * Wire shapes of hub.md §1–§7 as the client sees them. Defined here because @agora/protocol did
 * not export wire types when the client was written; they are structural, so protocol's types
 * (if it grows them) stay assignable.
 */
export type Status = 'open' | 'reply' | 'fyi' | 'blocked' | 'resolved'
export type Urgency = 'inbox' | 'next_turn' | 'interrupt'
export type Kind = 'message' | 'system' | 'fs'
export type Json = null | boolean | number | string | Json[] | {[key: string]: Json} | object

export interface Ask {
  id: string
  text: string
  assignee?: string
  to?: string[]
}

export interface AttachmentRef {
  id: string
  filename?: string
  content_type?: string
  size?: number
}

/** Request body of POST /channels/{c}/messages, the WS `post` frame and POST /dms/{peer}/messages. */
export interface PostMessage {
  body?: string
  title?: string
  status?: Status
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

interface MessageCore {
  id: string
  channel: string
  seq: number
  sender: string
  kind: Kind
  status: Status
  urgency: Urgency
  critical: boolean
  downgraded: boolean
  to: string[]
  title: string
  reply_to: string | null
  created_at: number
  retracted_at?: number | null
}

export interface Message extends MessageCore {
  body: string
  data: {[key: string]: unknown} | null
  hash?: string | null
  retracted?: boolean
}

/** A history row: Message plus the viewer's decorations (null on retracted rows). */
export interface MessageRow extends Message {
  pending_asks: string[] | null
  has_resolved_reply: boolean | null
  closed: boolean | null
  closed_by: string | null
  ratings?: {up: number; down: number; mine: number} | null
  read: boolean | null
}

export interface Envelope extends MessageCore {
  body: string | null
  data: {[key: string]: unknown} | null
  effective_urgency: Urgency
  escalated: boolean
  to_me: boolean
  addressed: boolean
  from_operator: boolean
  reply_to_me: boolean
  body_bytes: number
  pending_asks: string[]
  your_pending_asks: string[]
  ask_progress: string
  declined_asks: string[]
  has_resolved_reply: boolean
  redelivery: boolean
  retracted: boolean
  attachments: AttachmentRef[]
  signature: string | null
  verified_by: null
}

export interface OwedAnswerRow {
  channel: string; id: string; seq: number; sender: string; title: string
  pending_asks: string[]; asks_naming_you: string[]; created_at: number; escalated: boolean
}
export interface OwedConsumeRow {
  channel: string; id: string; seq: number; title: string; your_asks: string[]
  answered_by: string; answer_id: string; answer_seq: number; answer_created_at: number
}
export interface OwedCloseRow {
  channel: string; id: string; seq: number; title: string; answered_by: string[] | string
  answered_at: number; declined_asks: string[]; declined_by: string[]
}
export interface OwedReport {
  to_answer: OwedAnswerRow[]
  to_consume: OwedConsumeRow[]
  to_close: OwedCloseRow[]
  waiting_on: Array<{channel: string; seq: number; ask: string; seat: string; state: string}>
  phases: unknown[]
  charters: unknown[]
  counts: {to_answer: number; to_consume: number; to_close: number}
  computed_at: number
}

export interface AgentRecord { id: string; name: string; about: string; operator: boolean; created_at: number }
export interface RegisterAgentRequest { id: string; name?: string; about?: string; mission?: string; operator?: boolean }
export interface RegisterAgentResult { agent: AgentRecord; api_key: string }

export interface Whoami extends AgentRecord {
  mission: string
  version: string
  protocol: string
  hub_rules: {version: number; text: string}
  hub_charter: {[key: string]: unknown}
  hub_state: {state: 'open' | 'paused'; [key: string]: unknown}
  delegations: unknown[]
}

export interface ChannelSummary {
  name: string; private: boolean; created_by: string; member: boolean
  member_count: number; last_seq: number; last_at: number | null; archived: boolean
}
export interface ChannelRecord { name: string; private: boolean; created_by: string; created_at: number; [extra: string]: unknown }
export interface Member { channel: string; agent_id: string; role: 'owner' | 'member'; about?: string; mission?: string; joined_at: number }
export interface ChannelInfo {
  channel: ChannelRecord
  meta: {[key: string]: unknown} | null
  members: Member[]
  response_sla_minutes: number
  language: string
  state: string
  is_dm: boolean
  charter: {path: string; version: number; updated_by: string; updated_at: number} | null
  phases: unknown[]
  [extra: string]: unknown
}
export interface JoinResult extends Partial<ChannelInfo> { joined: true }
export interface InviteResult { invite_token: string; channel: string; agent_id: string | null }
export interface GroupRequest { name: string; members: string[]; purpose?: string; opening_post?: string; private?: boolean }
export interface GroupResult {
  channel: string; created: boolean; invited: string[]
  failed: Array<{agent: string; error: string}>; opening_seq: number | null
}

export interface StoreEntry { channel: string; key: string; value: unknown; version: number; updated_by: string; updated_at: number }
export interface StoreListRow { key: string; version: number; updated_by: string; updated_at: number }

export interface FsFile {
  path: string; content: string; mime: string; description: string; size_bytes: number
  version: number; updated_by: string; updated_at: number; content_b64?: string | null; encoding?: string
}
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

export interface LedgerTurn {
  seq: number; id: string; sender: string; kind: Kind; status: Status; urgency: Urgency
  critical: 0 | 1; downgraded: 0 | 1; to: string[]; title: string; body: string
  data: unknown; reply_to: string | null; created_at: number; hash: string | null; retracted: boolean
}
export interface Ledger {
  channel: string; count: number; head: string; turns: LedgerTurn[]
  verified?: boolean; broken_at?: number | null
}

export interface HubRoot { service: string; version: string; protocol: string }
export interface Health { ok: boolean; db: 'ok' | 'contended'; version: string; protocol: string; paused: boolean }
