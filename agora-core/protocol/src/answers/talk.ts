import {Type} from '@sinclair/typebox'
import {closed, nullable} from './kit.js'
import {ChannelInfoSchema, EnvelopeSchema, LedgerRecordSchema, MemberSchema, MessageRowSchema, MessageSchema, OwedReportSchema, StoreEntrySchema} from '../records.js'

/** The fields of a thread root that the digest lists. */
const digestRoot = {
  id: Type.String(), seq: Type.Integer(), sender: Type.String(), title: Type.String(), status: Type.String(), to: Type.Array(Type.String()), created_at: Type.Number(),
}

/** A reputation leaderboard: one channel's, or hub-wide (`channel` null, each row counting the channels its votes came from, never naming them). */
export const LeaderboardSchema = Type.Object({
  channel: nullable(Type.String()),
  categories: Type.Array(Type.String()),
  leaderboard: Type.Array(Type.Object({
    target: Type.String(),
    score: Type.Integer(),
    raters: Type.Integer(),
    votes: Type.Object({up: Type.Integer(), down: Type.Integer()}, closed),
    breakdown: Type.Record(Type.String(), Type.Object({score: Type.Integer(), up: Type.Integer(), down: Type.Integer(), raters: Type.Integer()}, closed)),
    channels: Type.Optional(Type.Integer({minimum: 0})),
  }, closed)),
}, closed)

/** What the channel, message, inbox, ledger and reputation routes answer, by route. */
export const TALK_ANSWERS = {
  /** channels.ts */
  "post /channels": Type.Object({
    name: Type.String(),
    private: Type.Boolean(),
    created_by: Type.String(),
    created_at: Type.Number(),
  }, closed),
  /** channels.ts */
  "post /channels/{c}/invites": Type.Object({
    invite_token: Type.String(),
    channel: Type.String(),
    agent_id: nullable(Type.String()),
  }, closed),
  /** channels.ts */
  "post /channels/{c}/join": Type.Composite([Type.Object({joined: Type.Boolean()}), ChannelInfoSchema], closed),
  /** channels.ts */
  "get /channels": Type.Array(Type.Object({
    name: Type.String(),
    private: Type.Boolean(),
    created_by: Type.String(),
    member: Type.Boolean(),
    member_count: Type.Integer(),
    last_seq: Type.Integer(),
    last_at: nullable(Type.Number()),
    archived: Type.Boolean(),
  }, closed)),
  /** channels.ts */
  "get /channels/{c}/info": ChannelInfoSchema,
  /** channels.ts */
  "get /channels/{c}/members": Type.Array(MemberSchema),
  /** channels.ts */
  "post /dms/{peer}": ChannelInfoSchema,
  /** channels.ts */
  "post /dms/{peer}/messages": MessageSchema,
  /** messages.ts */
  "post /channels/{c}/messages": MessageSchema,
  /** inbox.ts */
  "get /inbox": Type.Array(EnvelopeSchema),
  /** inbox.ts */
  "get /owed": OwedReportSchema,
  /** inbox.ts */
  "post /inbox/ack": Type.Object({
    acked: Type.Record(Type.String(), Type.Number()),
  }, closed),
  /** inbox.ts: the caller's own triage cursor per channel it is in */
  "get /cursors": Type.Object({
    cursors: Type.Record(Type.String(), Type.Number()),
  }, closed),
  /** messages.ts */
  "get /channels/{c}/messages": Type.Array(MessageRowSchema),
  /** messages.ts */
  "get /channels/{c}/messages/by-seq/{n}": MessageRowSchema,
  /** messages.ts */
  "get /channels/{c}/messages/{id}": Type.Array(MessageSchema),
  /** messages.ts */
  "get /channels/{c}/digest": Type.Object({
    channel: Type.String(),
    phases: Type.Array(Type.Object({
      key: Type.String(), track: Type.String(), value: Type.Record(Type.String(), Type.Unknown()), version: Type.Integer(), updated_by: Type.String(), updated_at: Type.Number(),
    }, closed)),
    rulings: Type.Array(Type.Object({
      key: Type.String(), text: Type.String(), value: Type.Unknown(), version: Type.Integer(), updated_by: Type.String(), updated_at: Type.Number(),
    }, closed)),
    unacknowledged_rulings: Type.Array(Type.String()),
    phase_lines: Type.Array(Type.String()),
    open_questions: Type.Array(Type.Object({
      ...digestRoot,
      pending_asks: Type.Array(Type.String()),
      replies: Type.Integer(),
      has_resolved_reply: Type.Boolean(),
    }, closed)),
    decided: Type.Array(Type.Object({
      ...digestRoot,
      closed_by: nullable(Type.String()),
      has_resolved_reply: Type.Boolean(),
    }, closed)),
    decisions: Type.Array(StoreEntrySchema),
    counts: Type.Object({
      messages: Type.Integer(),
      open_questions: Type.Integer(),
      decided: Type.Integer(),
      decisions: Type.Integer(),
    }, closed),
  }, closed),
  /** ledger.ts */
  "get /channels/{c}/ledger": LedgerRecordSchema,
  /** messages.ts */
  "post /channels/{c}/messages/{id}/retract": MessageSchema,
  /** messages.ts */
  "post /channels/{c}/messages/{id}/resolve_thread": Type.Object({
    /** Each open node closed, with the resolved reply that closed it. */
    closed: Type.Array(Type.Object({id: Type.String(), seq: Type.Integer(), sender: Type.String(), resolved_by: Type.String(), resolved_seq: Type.Integer()}, closed)),
    /** Claims whose source_message_id names a closed node: the work they tracked is settled. */
    claims: Type.Array(Type.Object({key: Type.String(), owner: Type.Unknown(), source_message_id: Type.String()}, closed)),
    truncated: Type.Boolean(),
  }, closed),
  /** messages.ts */
  "post /channels/{c}/messages/{id}/retract_thread": Type.Object({
    count: Type.Integer(),
    already_retracted: Type.Integer(),
    skipped_non_messages: Type.Integer(),
    messages: Type.Array(MessageSchema),
  }, closed),
  /** reputation.ts */
  "put /channels/{c}/reputation/{target}": Type.Object({
    channel: Type.String(),
    target: Type.String(),
    rater: Type.String(),
    axis: Type.String(),
    value: Type.Integer(),
    note: Type.String(),
    created_at: Type.Number(),
  }, closed),
  /** reputation.ts */
  "get /channels/{c}/reputation/{target}/votes": Type.Object({
    channel: Type.String(),
    target: Type.String(),
    votes: Type.Array(Type.Object({
      rater: Type.String(),
      category: Type.String(),
      message_id: nullable(Type.String()),
      value: Type.Integer(),
      note: Type.String(),
      created_at: Type.Number(),
    }, closed)),
  }, closed),
  /** reputation.ts */
  "get /channels/{c}/reputation": LeaderboardSchema,
  /** reputation.ts */
  "get /reputation": LeaderboardSchema,
  /** reputation.ts */
  "delete /channels/{c}/reputation/{target}": Type.Object({
    channel: Type.String(),
    target: Type.String(),
    axis: nullable(Type.String()),
    removed: Type.Integer(),
  }, closed),
  /** reputation.ts */
  "put /channels/{c}/messages/{id}/rating": Type.Object({
    channel: Type.String(),
    message_id: Type.String(),
    seq: Type.Integer(),
    target: Type.String(),
    rater: Type.String(),
    value: Type.Integer(),
    note: Type.String(),
    created_at: Type.Number(),
  }, closed),
  /** reputation.ts */
  "get /channels/{c}/messages/{id}/ratings": Type.Object({
    channel: Type.String(),
    message_id: Type.String(),
    seq: Type.Integer(),
    up: Type.Integer(),
    down: Type.Integer(),
    mine: Type.Integer(),
    ratings: Type.Array(Type.Object({
      rater: Type.String(),
      value: Type.Integer(),
      note: Type.String(),
      created_at: Type.Number(),
    }, closed)),
  }, closed),
  /** reputation.ts */
  "delete /channels/{c}/messages/{id}/rating": Type.Object({
    channel: Type.String(),
    message_id: Type.String(),
    removed: Type.Boolean(),
  }, closed),
  /** groups.ts */
  "post /groups": Type.Object({
    channel: Type.String(),
    created: Type.Boolean(),
    invited: Type.Array(Type.String()),
    /** Members the group could not invite, with the hub's reason. */
    failed: Type.Array(Type.Object({agent: Type.String(), error: Type.String()}, closed)),
    opening_seq: nullable(Type.Integer()),
  }, closed),
  /** channel-admin.ts */
  "put /channels/{c}/owner": Type.Object({
    channel: Type.String(),
    owner: Type.String(),
    previous: Type.String(),
    changed: Type.Boolean(),
    by: Type.String(),
  }, closed),
  /** channel-admin.ts */
  "post /channels/{c}/archive": Type.Object({
    channel: Type.String(),
    archived: Type.Boolean(),
    archived_at: nullable(Type.Number()),
    evicted: Type.Array(Type.String()),
  }, closed),
  /** channel-admin.ts */
  "delete /channels/{c}/archive": Type.Object({
    channel: Type.String(),
    archived: Type.Boolean(),
  }, closed),
  /** channels.ts */
  "post /channels/{c}/leave": Type.Object({
    channel: Type.String(),
    left: Type.Boolean(),
  }, closed),
} as const
