export type MessageKind = 'message' | 'system' | 'fs'
export type MessageStatus = 'open' | 'reply' | 'fyi' | 'blocked' | 'resolved'
export type Urgency = 'inbox' | 'next_turn' | 'interrupt'

export const MESSAGE_STATUSES: readonly MessageStatus[] = ['open', 'reply', 'fyi', 'blocked', 'resolved']
export const URGENCIES: readonly Urgency[] = ['inbox', 'next_turn', 'interrupt']

export interface Ask {
  id: string
  text: string
  assignee?: string
  to?: string[]
}

/** An attachment ref as the hub normalizes it at post time, from the blob row (docs/protocol.md#messages). */
export interface AttachmentRef {
  id: string
  filename: string
  content_type: string
  size: number
}

/** A stored message as served by post, history and read (docs/protocol.md#messages); `hash` is served by the ledger only. */
export interface Message {
  id: string
  channel: string
  seq: number
  sender: string
  kind: MessageKind
  status: MessageStatus
  urgency: Urgency
  critical: boolean
  downgraded: boolean
  to: string[]
  title: string
  body: string
  data: Record<string, unknown> | null
  reply_to: string | null
  created_at: number
  retracted: boolean
  retracted_at: number | null
}

/** A history row: Message plus the viewer's decorations, null on a retracted row. */
export interface MessageRow extends Message {
  pending_asks: string[] | null
  has_resolved_reply: boolean | null
  closed: boolean | null
  closed_by: string | null
  ratings: {up: number; down: number; mine: number} | null
  read: boolean | null
}

/** The viewer-specific inbox/WS/notify record (docs/protocol.md#envelopes). */
export interface Envelope extends Omit<Message, 'body' | 'data'> {
  body: string | null
  data: Record<string, unknown> | null
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
  attachments: AttachmentRef[]
  signature: string | null
  verified_by: null
}

export interface OwedToAnswer {
  channel: string
  id: string
  seq: number
  sender: string
  title: string
  pending_asks: string[]
  asks_naming_you: string[]
  created_at: number
  escalated: boolean
}

export interface OwedToConsume {
  channel: string
  id: string
  seq: number
  title: string
  your_asks: string[]
  answered_by: string
  answer_id: string
  answer_seq: number
  answer_created_at: number
}

export interface OwedToClose {
  channel: string
  id: string
  seq: number
  title: string
  /** The seat whose reply came last, one id (reference vector 08 serves "answered_by": "helper"). */
  answered_by: string
  answered_at: number
  declined_asks: string[]
  declined_by: string[]
}

export interface OwedWaitingOn {
  channel: string
  seq: number
  ask: string
  seat: string
  state: 'retired' | 'acked-past-no-reply' | 'not-yet-acked'
}

export interface OwedReport {
  to_answer: OwedToAnswer[]
  to_consume: OwedToConsume[]
  to_close: OwedToClose[]
  waiting_on: OwedWaitingOn[]
  phases: unknown[]
  charters: unknown[]
  counts: {to_answer: number; to_consume: number; to_close: number}
  computed_at: number
}

export interface StoreEntry {
  channel: string
  key: string
  value: unknown
  version: number
  updated_by: string
  updated_at: number
}

export interface FsFile {
  path: string
  content: string
  mime: string
  description: string
  size_bytes: number
  version: number
  updated_by: string
  updated_at: number
  content_b64: string | null
  encoding: 'utf-8' | 'base64'
}
