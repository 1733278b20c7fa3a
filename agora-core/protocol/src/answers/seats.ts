import {Type} from '@sinclair/typebox'
import {closed, nullable} from './kit.js'
import {WhoamiSchema} from '../records.js'

/** A seat's presence as others see it: `active` while connected, else its declared or idle state. */
export const PresenceRowSchema = Type.Object({
  agent_id: Type.String(),
  state: Type.Union([Type.Literal('active'), Type.Literal('working'), Type.Literal('idle'), Type.Literal('offline')]),
  updated_at: Type.Number(),
}, closed)

/** What the seat, roster, onboarding, turn-token and desk-login routes answer, by route. */
export const SEATS_ANSWERS = {
  /** agents.ts */
  "get /": Type.Object({
    service: Type.String(),
    implementation: Type.String(),
    version: Type.String(),
    protocol: Type.String(),
  }, closed),
  /** http/app.ts: the OpenAPI 3.1 document of this wire, built from these schemas */
  "get /openapi.json": Type.Object({
    openapi: Type.Literal('3.1.0'),
    info: Type.Object({title: Type.String(), version: Type.String(), summary: Type.String()}, closed),
    paths: Type.Record(Type.String(), Type.Record(Type.String(), Type.Unknown())),
    components: Type.Record(Type.String(), Type.Record(Type.String(), Type.Unknown())),
  }, closed),
  /** agents.ts */
  "get /healthz": Type.Object({
    ok: Type.Boolean(),
    /** `contended` while the database answered a probe slowly. */
    db: Type.Union([Type.Literal('ok'), Type.Literal('contended')]),
    implementation: Type.String(),
    version: Type.String(),
    protocol: Type.String(),
    paused: Type.Boolean(),
  }, closed),
  /** agents.ts */
  "post /agents": Type.Object({
    agent: Type.Object({
      id: Type.String(),
      name: Type.String(),
      about: Type.String(),
      operator: Type.Boolean(),
      created_at: Type.Number(),
    }, closed),
    api_key: Type.String(),
  }, closed),
  /** agents.ts */
  "get /whoami": WhoamiSchema,
  /** agents.ts */
  "get /charter": Type.Object({
    version: Type.Integer(),
    text: Type.String(),
    sliced: Type.Boolean(),
    view: Type.Array(Type.String()),
    your_receipt: Type.Number(),
    current: Type.Boolean(),
    updated_by: Type.String(),
    updated_at: nullable(Type.Number()),
  }, closed),
  /** agents.ts */
  "put /me/about": Type.Object({
    id: Type.String(),
    name: Type.String(),
    about: Type.String(),
    operator: Type.Boolean(),
    created_at: Type.Number(),
  }, closed),
  /** roster.ts */
  "put /presence": PresenceRowSchema,
  /** roster.ts */
  "get /presence": Type.Array(PresenceRowSchema),
  /** roster.ts */
  "get /presence/{a}": PresenceRowSchema,
  /** colleagues.ts */
  "put /colleagues/{subject}": Type.Object({
    subject: Type.String(),
    note: Type.String(),
    updated_at: Type.Number(),
    removed: Type.Boolean(),
  }, closed),
  /** colleagues.ts */
  "get /colleagues": Type.Array(Type.Object({
    subject: Type.String(),
    note: Type.String(),
    updated_at: Type.Number(),
  }, closed)),
  /** turn-tokens.ts */
  "post /turn-tokens": Type.Object({
    token: Type.String(),
    token_id: Type.String(),
    agent_id: Type.String(),
    turn_id: Type.String(),
    expires_at: Type.Number(),
  }, closed),
  /** turn-tokens.ts */
  "post /turn-tokens/redeem": Type.Object({
    token_id: Type.String(),
    agent_id: Type.String(),
    turn_id: Type.String(),
    session_id: Type.String(),
    expires_at: Type.Number(),
  }, closed),
  /** turn-tokens.ts */
  "delete /turn-tokens/{id}": Type.Object({
    token_id: Type.String(),
    revoked: Type.Boolean(),
  }, closed),
  /** roster.ts */
  "put /agents/{id}/role": Type.Object({
    agent: Type.String(),
    operator: Type.Boolean(),
    changed: Type.Boolean(),
    by: Type.String(),
  }, closed),
  /** roster.ts */
  "put /admin/agents/{id}/mission": Type.Object({
    agent_id: Type.String(),
    mission: Type.String(),
  }, closed),
  /** roster.ts */
  "get /admin/missions": Type.Array(Type.Object({
    agent_id: Type.String(),
    mission: Type.String(),
  }, closed)),
  /** roster.ts */
  "get /admin/missions/{id}": Type.Object({
    agent_id: Type.String(),
    mission: Type.String(),
  }, closed),
  /** roster.ts */
  "get /agents": Type.Array(Type.Object({
    id: Type.String(),
    operator: Type.Boolean(),
  }, closed)),
  /** onboarding.ts */
  "post /join-tokens": Type.Object({
    token: Type.String(),
    token_id: Type.String(),
    agent_id: nullable(Type.String()),
    channels: Type.Array(Type.String()),
    expires_at: Type.Number(),
    max_uses: Type.Integer(),
  }, closed),
  /** onboarding.ts */
  "get /join-tokens": Type.Array(Type.Object({
    token_id: Type.String(),
    agent_id: nullable(Type.String()),
    about: Type.String(),
    channels: Type.Array(Type.String()),
    created_by: Type.String(),
    created_at: Type.Number(),
    expires_at: Type.Number(),
    max_uses: Type.Integer(),
    uses: Type.Integer(),
    revoked: Type.Boolean(),
  }, closed)),
  /** onboarding.ts */
  "post /join": Type.Object({
    agent: Type.Object({
      id: Type.String(),
      name: Type.String(),
      about: Type.String(),
      operator: Type.Boolean(),
      created_at: Type.Number(),
    }, closed),
    api_key: Type.String(),
    channels_joined: Type.Array(Type.String()),
  }, closed),
  /** onboarding.ts */
  "delete /join-tokens/{id}": Type.Object({
    token_id: Type.String(),
    revoked: Type.Boolean(),
  }, closed),
  /** desk-ui.ts */
  "post /ui/login-tokens": Type.Object({
    token: Type.String(),
    seat: Type.String(),
    admin: Type.Boolean(),
    expires_at: Type.Number(),
    path: Type.String(),
  }, closed),
  /** desk-ui.ts */
  "post /ui/session": Type.Object({
    seat: Type.String(),
    admin: Type.Boolean(),
    expires_at: Type.Number(),
  }, closed),
  /** desk-ui.ts */
  "delete /ui/session": Type.Object({
    ended: Type.Boolean(),
  }, closed),
  /** lifecycle.ts */
  "post /agents/{id}/retire": Type.Object({
    agent_id: Type.String(),
    retired: Type.Boolean(),
    retired_at: Type.Number(),
    reason: Type.String(),
    by: Type.String(),
    left: Type.Array(Type.String()),
  }, closed),
  /** lifecycle.ts */
  "get /agents/retired": Type.Array(Type.Object({
    agent_id: Type.String(),
    retired_at: Type.Number(),
    reason: Type.String(),
    deleted: Type.Boolean(),
    deleted_at: nullable(Type.Number()),
  }, closed)),
  /** lifecycle.ts */
  "delete /agents/{id}/retire": Type.Object({
    agent_id: Type.String(),
    retired: Type.Boolean(),
    by: Type.String(),
    restored: Type.Array(Type.String()),
  }, closed),
  /** lifecycle.ts */
  "delete /agents/{id}": Type.Object({
    agent_id: Type.String(),
    deleted: Type.Boolean(),
    deleted_at: Type.Number(),
    by: Type.String(),
  }, closed),
} as const
