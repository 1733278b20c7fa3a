import type {Static} from '@sinclair/typebox'
import type {
  AskSchema, AttachmentRefSchema, ChannelInfoSchema, ChannelRecordSchema, EnvelopeSchema, FsFileSchema, GrantSchema,
  LedgerRecordSchema, LedgerTurnRecordSchema, MemberSchema, MessageKindSchema, MessageRowSchema, MessageSchema,
  MessageStatusSchema, OwedReportSchema, OwedToAnswerSchema, OwedToCloseSchema, OwedToConsumeSchema,
  OwedWaitingOnSchema, StoreEntrySchema, UrgencySchema, WhoamiSchema,
  LeaseCheckSchema, LeaseConflictSchema, LeaseListSchema, LeaseModeSchema, LeaseSchema, HubDebtSchema,
} from './records.js'

// Every wire type is read off its schema in records.ts: one declaration, checked live by the hub's wire test.

export type MessageKind = Static<typeof MessageKindSchema>
export type MessageStatus = Static<typeof MessageStatusSchema>
export type Urgency = Static<typeof UrgencySchema>

export const MESSAGE_STATUSES: readonly MessageStatus[] = ['open', 'reply', 'fyi', 'blocked', 'resolved']
export const URGENCIES: readonly Urgency[] = ['inbox', 'next_turn', 'interrupt']

export type Ask = Static<typeof AskSchema>
export type AttachmentRef = Static<typeof AttachmentRefSchema>
export type Message = Static<typeof MessageSchema>
export type MessageRow = Static<typeof MessageRowSchema>
export type Envelope = Static<typeof EnvelopeSchema>
export type OwedToAnswer = Static<typeof OwedToAnswerSchema>
export type OwedToConsume = Static<typeof OwedToConsumeSchema>
export type OwedToClose = Static<typeof OwedToCloseSchema>
export type OwedWaitingOn = Static<typeof OwedWaitingOnSchema>
export type OwedReport = Static<typeof OwedReportSchema>
export type HubDebt = Static<typeof HubDebtSchema>
export type StoreEntry = Static<typeof StoreEntrySchema>
export type FsFile = Static<typeof FsFileSchema>
export type LeaseMode = Static<typeof LeaseModeSchema>
export type Lease = Static<typeof LeaseSchema>
export type LeaseConflict = Static<typeof LeaseConflictSchema>
export type LeaseCheck = Static<typeof LeaseCheckSchema>
export type LeaseList = Static<typeof LeaseListSchema>
export type ChannelRecord = Static<typeof ChannelRecordSchema>
export type Member = Static<typeof MemberSchema>
export type ChannelInfo = Static<typeof ChannelInfoSchema>
export type Grant = Static<typeof GrantSchema>
export type Whoami = Static<typeof WhoamiSchema>
export type ServedLedgerTurn = Static<typeof LedgerTurnRecordSchema>
export type ServedLedger = Static<typeof LedgerRecordSchema>
