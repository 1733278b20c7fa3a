/**
 * Wire shapes (docs/protocol.md) as the client sees them. The message, envelope, owed, store, fs,
 * whoami, channel-info and ledger records come from @agora/protocol (one declaration of one wire),
 * under the client's public names; the shapes only the client types stay here.
 */
import type {Ask, MessageStatus, RequestBody, RouteAnswer, Urgency} from '@agora/protocol'

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

// The answers below are read off @agora/protocol's ROUTES, route by route: a field added there reaches here.
export type AgentRecord = RouteAnswer<'put /me/about'>
export type RegisterAgentRequest = RequestBody<'register'>
export type RegisterAgentResult = RouteAnswer<'post /agents'>

export type ChannelSummary = RouteAnswer<'get /channels'>[number]
export type JoinResult = RouteAnswer<'post /channels/{c}/join'>
export type InviteResult = RouteAnswer<'post /channels/{c}/invites'>
export type GroupRequest = RequestBody<'group'>
export type GroupResult = RouteAnswer<'post /groups'>

export type StoreListRow = RouteAnswer<'get /channels/{c}/store'>[number]

export type FsListRow = RouteAnswer<'get /channels/{c}/fs'>[number]
export interface FsWriteRequest {
  content?: string
  content_b64?: string
  mime?: string
  description?: string
  expect_version?: number
}

/** `implementation` names which hub this is (`agora-ts` for ours); the reference hub serves none, so it is optional here. */
export type HubRoot = Omit<RouteAnswer<'get /'>, 'implementation'> & {implementation?: string}
export type Health = Omit<RouteAnswer<'get /healthz'>, 'implementation'> & {implementation?: string}
