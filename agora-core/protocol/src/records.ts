import {Type} from '@sinclair/typebox'
import type {TSchema} from '@sinclair/typebox'

/**
 * The records the hub answers with, once: each schema is the JSON Schema a live answer is checked
 * against and the source of the TypeScript type in types.ts. Top-level records are closed, so a
 * field the hub adds without adding it here fails the wire test instead of drifting silently.
 */

const closed = {additionalProperties: false} as const
const nullable = <T extends TSchema>(schema: T) => Type.Union([schema, Type.Null()])
const strings = () => Type.Array(Type.String())
const jsonObject = () => Type.Record(Type.String(), Type.Unknown())

export const MessageKindSchema = Type.Union([Type.Literal('message'), Type.Literal('system'), Type.Literal('fs')])
export const MessageStatusSchema = Type.Union([Type.Literal('open'), Type.Literal('reply'), Type.Literal('fyi'), Type.Literal('blocked'), Type.Literal('resolved')])
export const UrgencySchema = Type.Union([Type.Literal('inbox'), Type.Literal('next_turn'), Type.Literal('interrupt')])

export const AskSchema = Type.Object({id: Type.String(), text: Type.String(), assignee: Type.Optional(Type.String()), to: Type.Optional(strings())})

/** An attachment ref as the hub normalizes it at post time, from the blob row (docs/protocol.md#messages). */
export const AttachmentRefSchema = Type.Object({id: Type.String(), filename: Type.String(), content_type: Type.String(), size: Type.Number()})

const messageFields = {
  id: Type.String(),
  channel: Type.String(),
  seq: Type.Integer(),
  sender: Type.String(),
  kind: MessageKindSchema,
  status: MessageStatusSchema,
  urgency: UrgencySchema,
  critical: Type.Boolean(),
  downgraded: Type.Boolean(),
  to: strings(),
  title: Type.String(),
  body: Type.String(),
  data: nullable(jsonObject()),
  reply_to: nullable(Type.String()),
  created_at: Type.Number(),
  retracted: Type.Boolean(),
  retracted_at: nullable(Type.Number()),
}

/** A stored message as served by post, history and read (docs/protocol.md#messages); `hash` is served by the ledger only. */
export const MessageSchema = Type.Object(messageFields, closed)

/** A history row: Message plus the viewer's decorations, null on a retracted row. */
export const MessageRowSchema = Type.Object({
  ...messageFields,
  pending_asks: nullable(strings()),
  has_resolved_reply: nullable(Type.Boolean()),
  closed: nullable(Type.Boolean()),
  closed_by: nullable(Type.String()),
  ratings: nullable(Type.Object({up: Type.Integer(), down: Type.Integer(), mine: Type.Integer()})),
  read: nullable(Type.Boolean()),
}, closed)

/** The viewer-specific inbox/WS/notify record (docs/protocol.md#envelopes). */
export const EnvelopeSchema = Type.Object({
  ...messageFields,
  body: nullable(Type.String()),
  effective_urgency: UrgencySchema,
  escalated: Type.Boolean(),
  to_me: Type.Boolean(),
  addressed: Type.Boolean(),
  from_operator: Type.Boolean(),
  reply_to_me: Type.Boolean(),
  body_bytes: Type.Integer(),
  pending_asks: strings(),
  your_pending_asks: strings(),
  ask_progress: Type.String(),
  declined_asks: strings(),
  has_resolved_reply: Type.Boolean(),
  redelivery: Type.Boolean(),
  attachments: Type.Array(AttachmentRefSchema),
  signature: nullable(Type.String()),
  verified_by: Type.Null(),
}, closed)

export const OwedToAnswerSchema = Type.Object({
  channel: Type.String(), id: Type.String(), seq: Type.Integer(), sender: Type.String(), title: Type.String(),
  pending_asks: strings(), asks_naming_you: strings(), created_at: Type.Number(), escalated: Type.Boolean(),
}, closed)

export const OwedToConsumeSchema = Type.Object({
  channel: Type.String(), id: Type.String(), seq: Type.Integer(), title: Type.String(), your_asks: strings(),
  answered_by: Type.String(), answer_id: Type.String(), answer_seq: Type.Integer(), answer_created_at: Type.Number(),
}, closed)

export const OwedToCloseSchema = Type.Object({
  channel: Type.String(), id: Type.String(), seq: Type.Integer(), title: Type.String(),
  /** The seat whose reply came last, one id (reference vector 08 serves "answered_by": "helper"). */
  answered_by: Type.String(),
  answered_at: Type.Number(), declined_asks: strings(), declined_by: strings(),
}, closed)

export const OwedWaitingOnSchema = Type.Object({
  channel: Type.String(), seq: Type.Integer(), ask: Type.String(), seat: Type.String(),
  state: Type.Union([Type.Literal('retired'), Type.Literal('acked-past-no-reply'), Type.Literal('not-yet-acked')]),
}, closed)

/** `GET /owed` (docs/protocol.md#owed). */
export const OwedReportSchema = Type.Object({
  to_answer: Type.Array(OwedToAnswerSchema),
  to_consume: Type.Array(OwedToConsumeSchema),
  to_close: Type.Array(OwedToCloseSchema),
  waiting_on: Type.Array(OwedWaitingOnSchema),
  phases: Type.Array(Type.Unknown()),
  charters: Type.Array(Type.Unknown()),
  counts: Type.Object({to_answer: Type.Integer(), to_consume: Type.Integer(), to_close: Type.Integer()}, closed),
  computed_at: Type.Number(),
}, closed)

export const StoreEntrySchema = Type.Object({
  channel: Type.String(), key: Type.String(), value: Type.Unknown(), version: Type.Integer(), updated_by: Type.String(), updated_at: Type.Number(),
}, closed)

/** A workspace lease (docs/protocol.md "Workspace leases"); `channel` is '' for a caller outside the room it was taken in. */
export const LeaseModeSchema = Type.Union([Type.Literal('exclusive'), Type.Literal('shared')])
export const LeaseSchema = Type.Object({
  workspace: Type.String(), path: Type.String(), holder: Type.String(), mode: LeaseModeSchema, channel: Type.String(),
  taken_at: Type.Number(), expires_at: Type.Number(), note: Type.String(), version: Type.Integer(),
}, closed)
/** A lease standing in the way, and the requested path it covers. */
export const LeaseConflictSchema = Type.Composite([LeaseSchema, Type.Object({requested: Type.String()})], closed)
export const LeaseCheckSchema = Type.Object({
  workspace: Type.String(), clear: Type.Boolean(), conflicts: Type.Array(LeaseConflictSchema), detail: Type.String(),
}, closed)
export const LeaseListSchema = Type.Object({workspace: Type.String(), now: Type.Number(), leases: Type.Array(LeaseSchema)}, closed)

export const FsFileSchema = Type.Object({
  path: Type.String(), content: Type.String(), mime: Type.String(), description: Type.String(), size_bytes: Type.Integer(),
  version: Type.Integer(), updated_by: Type.String(), updated_at: Type.Number(), content_b64: nullable(Type.String()),
  encoding: Type.Union([Type.Literal('utf-8'), Type.Literal('base64')]),
}, closed)

export const ChannelRecordSchema = Type.Object({
  name: Type.String(), private: Type.Boolean(), created_by: Type.String(), created_at: Type.Number(), archived_at: nullable(Type.Number()),
}, closed)

export const MemberSchema = Type.Object({
  channel: Type.String(), agent_id: Type.String(), role: Type.Union([Type.Literal('owner'), Type.Literal('member')]),
  about: Type.Optional(Type.String()), mission: Type.Optional(Type.String()), joined_at: Type.Number(),
}, closed)

/** `GET /channels/{c}/info` and `POST /dms/{peer}`. */
export const ChannelInfoSchema = Type.Object({
  channel: ChannelRecordSchema,
  meta: nullable(jsonObject()),
  members: Type.Array(MemberSchema),
  response_sla_minutes: Type.Number(),
  language: Type.String(),
  state: Type.String(),
  is_dm: Type.Boolean(),
  charter: nullable(Type.Object({path: Type.String(), version: Type.Integer(), updated_by: Type.String(), updated_at: Type.Number()})),
  phases: Type.Array(Type.Unknown()),
  traffic_policy: Type.Optional(Type.String()),
  notices: Type.Optional(Type.Array(Type.Unknown())),
}, closed)

/** One active delegation grant, as whoami and `GET /delegations` serve it. */
export const GrantSchema = Type.Object({
  agent_id: Type.String(), powers: strings(), granted_at: Type.Number(), expires_at: nullable(Type.Number()),
  note: Type.String(), scope: Type.String(),
})

/** `GET /whoami` (docs/protocol.md#seats). */
export const WhoamiSchema = Type.Object({
  id: Type.String(), name: Type.String(), about: Type.String(), mission: Type.String(), operator: Type.Boolean(), created_at: Type.Number(),
  version: Type.String(), protocol: Type.String(),
  hub_rules: Type.Object({version: Type.Integer(), text: Type.String()}),
  hub_charter: Type.Object({
    version: Type.Integer(), your_receipt: nullable(Type.Integer()), current: Type.Boolean(), view: strings(),
    view_current: Type.Boolean(), read_with: Type.String(), note: Type.Optional(Type.String()),
  }),
  hub_state: Type.Object({
    state: Type.Union([Type.Literal('open'), Type.Literal('paused')]),
    since: Type.Optional(Type.Number()), reason: Type.Optional(nullable(Type.String())), by: Type.Optional(Type.String()),
  }),
  delegations: Type.Array(GrantSchema),
}, closed)

/** One turn of `GET /channels/{c}/ledger`: the hashed fields (critical/downgraded as 0/1), its hash, and whether it was retracted. */
export const LedgerTurnRecordSchema = Type.Object({
  seq: Type.Integer(), id: Type.String(), sender: Type.String(), kind: MessageKindSchema, status: MessageStatusSchema, urgency: UrgencySchema,
  critical: Type.Union([Type.Literal(0), Type.Literal(1)]), downgraded: Type.Union([Type.Literal(0), Type.Literal(1)]),
  to: strings(), title: Type.String(), body: Type.String(), data: nullable(jsonObject()), reply_to: nullable(Type.String()),
  created_at: Type.Number(), hash: nullable(Type.String()), retracted: Type.Boolean(),
}, closed)

/** `GET /channels/{c}/ledger` (docs/protocol.md#verifying); `verified` and `broken_at` unless `?verify=false`. */
export const LedgerRecordSchema = Type.Object({
  channel: Type.String(), count: Type.Integer(), head: Type.String(), turns: Type.Array(LedgerTurnRecordSchema),
  verified: Type.Optional(Type.Boolean()), broken_at: Type.Optional(nullable(Type.Integer())),
}, closed)

/** One row of the operator's `GET /debts`: a seat's `/owed` `to_answer` entry, named by who owes whom. */
export const HubDebtSchema = Type.Object({
  debtor: Type.String(),
  creditor: Type.String(),
  channel: Type.String(),
  id: Type.String(),
  seq: Type.Integer(),
  title: Type.String(),
  kind: Type.Union([Type.Literal('ask'), Type.Literal('answer'), Type.Literal('directive')]),
  created_at: Type.Number(),
  /** Pause-adjusted, as the escalation sweeps count it. */
  age_s: Type.Number(),
  sla_minutes: Type.Number(),
  escalated: Type.Boolean(),
}, closed)

/** Each record by the name /openapi.json gives it. */
export const RECORDS = {
  Message: MessageSchema,
  MessageRow: MessageRowSchema,
  Envelope: EnvelopeSchema,
  OwedReport: OwedReportSchema,
  ChannelInfo: ChannelInfoSchema,
  Whoami: WhoamiSchema,
  Ledger: LedgerRecordSchema,
  StoreEntry: StoreEntrySchema,
  FsFile: FsFileSchema,
} as const
