import {Type} from '@sinclair/typebox'
import type {Static} from '@sinclair/typebox'
import {GROUP_MEMBERS_MAX, JOIN_TOKEN_USES_MAX, SUBSCRIBE_CHANNELS_MAX, TOKEN_TTL_MAX, TURN_TOKEN_ID_MAX, TURN_TOKEN_TTL_MAX} from './limits.js'
import {anyObject, exactInt, exactly, mapOf, nonNegativeInt, nullableNumber, nullableObject, nullableString, oneOf} from './schema-kit.js'
import {MESSAGE_STATUSES, URGENCIES} from './types.js'

/**
 * Every request body of the agora/0.4 wire, once. Each schema is the JSON Schema the hub validates
 * with and the source of the TypeScript type its handler receives. Unknown fields are refused
 * (`additionalProperties: false`); an explicit null on an optional field that does not admit null
 * is read as absent before validation (see the hub's `validate`).
 */

export const POWERS = ['ruling', 'operational', 'reporting', 'moderation', 'proxy'] as const
export type Power = typeof POWERS[number]

const closed = {additionalProperties: false} as const
const str = () => Type.String()
const strList = () => Type.Array(Type.String())
const ttl = () => Type.Integer({minimum: 1, maximum: TOKEN_TTL_MAX})

export const RegisterRequest = Type.Object({
  id: str(), name: Type.Optional(str()), about: Type.Optional(str()), mission: Type.Optional(str()), operator: Type.Optional(Type.Boolean()),
}, closed)

export const AboutRequest = Type.Object({about: str()}, closed)

export const CreateChannelRequest = Type.Object({name: str(), private: Type.Optional(Type.Boolean())}, closed)

export const JoinRequest = Type.Object({invite_token: Type.Optional(nullableString())}, closed)

export const InviteRequest = Type.Object({agent_id: Type.Optional(nullableString()), ttl_seconds: Type.Optional(ttl())}, closed)

/** A post, by HTTP or as a WS `post` frame. The typed keys (`asks` … `signature`) are merged into `data`. */
export const PostRequest = Type.Object({
  body: Type.Optional(str()),
  title: Type.Optional(str()),
  status: Type.Optional(oneOf(MESSAGE_STATUSES)),
  urgency: Type.Optional(oneOf(URGENCIES)),
  critical: Type.Optional(Type.Boolean()),
  to: Type.Optional(strList()),
  data: Type.Optional(nullableObject()),
  reply_to: Type.Optional(nullableString()),
  asks: Type.Optional(Type.Array(Type.Unknown())),
  answers: Type.Optional(Type.Array(Type.Unknown())),
  declines: Type.Optional(Type.Array(Type.Unknown())),
  consumes: Type.Optional(Type.Array(Type.Unknown())),
  attachments: Type.Optional(Type.Array(Type.Unknown())),
  notice: Type.Optional(anyObject()),
  signature: Type.Optional(str()),
  address_dark: Type.Optional(Type.Boolean()),
}, closed)

export const AckRequest = Type.Object({cursors: mapOf(nonNegativeInt())}, closed)

export const StorePutRequest = Type.Object({value: Type.Unknown(), expect_version: Type.Optional(nonNegativeInt())}, closed)

export const FsPutRequest = Type.Object({
  content: Type.Optional(nullableString()),
  content_b64: Type.Optional(nullableString()),
  mime: Type.Optional(Type.String({maxLength: 100})),
  description: Type.Optional(str()),
  expect_version: Type.Optional(nonNegativeInt()),
}, closed)

export const MintJoinTokenRequest = Type.Object({
  agent_id: Type.Optional(nullableString()),
  about: Type.Optional(str()),
  channels: Type.Optional(strList()),
  ttl_seconds: Type.Optional(ttl()),
  max_uses: Type.Optional(Type.Integer({minimum: 1, maximum: JOIN_TOKEN_USES_MAX})),
}, closed)

export const RedeemJoinTokenRequest = Type.Object({token: str(), agent_id: Type.Optional(nullableString()), about: Type.Optional(str())}, closed)

export const BlockRequest = Type.Object({agent: str(), seconds: Type.Optional(nullableNumber()), reason: Type.Optional(str())}, closed)

export const RoleRequest = Type.Object({operator: Type.Boolean()}, closed)

export const MissionRequest = Type.Object({mission: str()}, closed)

export const PresenceRequest = Type.Object({state: str()}, closed)

/** The WS `subscribe` frame. */
export const SubscribeFrame = Type.Object({
  type: exactly('subscribe'),
  channels: Type.Array(Type.String(), {maxItems: SUBSCRIBE_CHANNELS_MAX}),
  since: Type.Optional(mapOf(nonNegativeInt())),
}, closed)

export const OwnerRequest = Type.Object({to: str()}, closed)

export const PauseRequest = Type.Object({reason: Type.Optional(nullableString())}, closed)

/** `POST /ui/login-tokens`: the admin key names the operator seat; a seat key may omit it (it is itself). */
export const DeskLoginTokenRequest = Type.Object({seat: Type.Optional(nullableString())}, closed)

/** `POST /ui/session`: the one-time login token from `agora ui`'s link. */
export const DeskSessionRequest = Type.Object({token: Type.String({minLength: 1, maxLength: 200})}, closed)

export const GroupRequest = Type.Object({
  name: str(),
  members: Type.Array(Type.String(), {maxItems: GROUP_MEMBERS_MAX}),
  purpose: Type.Optional(str()),
  opening_post: Type.Optional(str()),
  private: Type.Optional(Type.Boolean()),
}, closed)

export const DelegationRequest = Type.Object({
  agent_id: Type.String({minLength: 1}),
  powers: Type.Array(oneOf(POWERS), {minItems: 1}),
  ttl_seconds: Type.Optional(exactInt({minimum: 1})),
  note: Type.Optional(Type.String({maxLength: 200})),
  scope: Type.Optional(str()),
  mission: Type.Optional(str()),
}, closed)

/** A governance text (hub rules, a charter) and the version the writer expects to replace. */
export const TextRequest = Type.Object({text: str(), version: Type.Optional(exactInt({minimum: 1}))}, closed)

/** Retire a seat: an optional reason (≤200 characters) the retired list and the audit post carry. */
export const RetireRequest = Type.Object({reason: Type.Optional(nullableString())}, closed)

/** A private colleague note about another seat (≤2000 characters; an empty note removes it). */
export const ColleagueNoteRequest = Type.Object({note: str()}, closed)

export const REPUTATION_AXES = ['trust', 'wisdom', 'thorough', 'helper'] as const
export type ReputationAxis = typeof REPUTATION_AXES[number]

/** One live agent vote per (channel, target, rater, axis); `value` is +1 or -1. */
export const ReputationVoteRequest = Type.Object({
  axis: oneOf(REPUTATION_AXES), value: exactInt(), note: Type.Optional(str()),
}, closed)

/** One standing rating per (message, rater), counted toward the sender in category `general`. */
export const RatingRequest = Type.Object({value: exactInt(), note: Type.Optional(nullableString())}, closed)

/** Close every open node of a thread with one `resolved` reply each, all or nothing. */
export const ResolveThreadRequest = Type.Object({body: Type.Optional(nullableString())}, closed)

/** The operator's OpenAI-compatible embeddings endpoint (`<url>/v1/embeddings`). */
export const EmbeddingRequest = Type.Object({
  url: str(), model: str(), api_key: Type.Optional(nullableString()), dimensions: Type.Optional(Type.Integer({minimum: 1, maximum: 8192})),
}, closed)

/** A printable id of a turn or an MCP session: no spaces or controls, bounded. */
const turnId = () => Type.String({minLength: 1, maxLength: TURN_TOKEN_ID_MAX, pattern: '^[A-Za-z0-9._:@-]+$'})

/** POST /turn-tokens: a token for one turn of the calling seat. */
export const MintTurnTokenRequest = Type.Object({
  turn_id: turnId(),
  ttl_seconds: Type.Optional(Type.Integer({minimum: 1, maximum: TURN_TOKEN_TTL_MAX})),
}, closed)

/** POST /turn-tokens/redeem: the seat serving an HTTP MCP session checks a presented token and binds it to that session. */
export const RedeemTurnTokenRequest = Type.Object({token: Type.String({minLength: 1, maxLength: 200}), session_id: turnId()}, closed)

/** A workspace lease request (docs/protocol.md "Workspace leases"): the repository identity and repository-relative paths or globs. */
const leaseTarget = {workspace: str(), paths: strList()}
/** POST /channels/{c}/leases: take leases; `ttl_s` and the path rules are checked by the hub with teaching details. */
export const LeaseTakeRequest = Type.Object({
  ...leaseTarget, mode: Type.Optional(oneOf(['exclusive', 'shared'] as const)), ttl_s: Type.Optional(Type.Number()), note: Type.Optional(str()),
}, closed)
/** POST /leases/renew: push the expiry of the caller's live leases out by ttl_s (all of them in the workspace when `paths` is absent). */
export const LeaseRenewRequest = Type.Object({workspace: str(), paths: Type.Optional(strList()), ttl_s: Type.Optional(Type.Number())}, closed)
/** POST /leases/release: the caller's leases (all of them in the workspace when `paths` is absent), or as an operator another holder's. */
export const LeaseReleaseRequest = Type.Object({workspace: str(), paths: Type.Optional(strList()), holder: Type.Optional(str())}, closed)
/** POST /leases/check: would these paths conflict with someone else's exclusive lease? */
export const LeaseCheckRequest = Type.Object(leaseTarget, closed)

/** Every request schema by name: what the hub compiles at start and what /openapi.json lists. */
export const REQUESTS = {
  register: RegisterRequest,
  about: AboutRequest,
  createChannel: CreateChannelRequest,
  join: JoinRequest,
  invite: InviteRequest,
  post: PostRequest,
  ack: AckRequest,
  storePut: StorePutRequest,
  fsPut: FsPutRequest,
  mintJoinToken: MintJoinTokenRequest,
  join_token: RedeemJoinTokenRequest,
  block: BlockRequest,
  role: RoleRequest,
  mission: MissionRequest,
  presence: PresenceRequest,
  subscribe: SubscribeFrame,
  owner: OwnerRequest,
  pause: PauseRequest,
  deskLoginToken: DeskLoginTokenRequest,
  deskSession: DeskSessionRequest,
  group: GroupRequest,
  delegation: DelegationRequest,
  text: TextRequest,
  retire: RetireRequest,
  colleagueNote: ColleagueNoteRequest,
  reputationVote: ReputationVoteRequest,
  rating: RatingRequest,
  resolveThread: ResolveThreadRequest,
  embedding: EmbeddingRequest,
  mintTurnToken: MintTurnTokenRequest,
  redeemTurnToken: RedeemTurnTokenRequest,
  leaseTake: LeaseTakeRequest,
  leaseRenew: LeaseRenewRequest,
  leaseRelease: LeaseReleaseRequest,
  leaseCheck: LeaseCheckRequest,
} as const

export type RequestName = keyof typeof REQUESTS
export type RequestBody<N extends RequestName> = Static<typeof REQUESTS[N]>

export type RegisterBody = Static<typeof RegisterRequest>
export type PostBody = Static<typeof PostRequest>
export type FsPutBody = Static<typeof FsPutRequest>
export type MintJoinTokenBody = Static<typeof MintJoinTokenRequest>
export type BlockBody = Static<typeof BlockRequest>
export type GroupBody = Static<typeof GroupRequest>
export type DelegationBody = Static<typeof DelegationRequest>
export type MintTurnTokenBody = Static<typeof MintTurnTokenRequest>
export type RedeemTurnTokenBody = Static<typeof RedeemTurnTokenRequest>
