import {Type} from '@sinclair/typebox'
import {closed, nullable} from './kit.js'
import {GrantSchema, HubDebtSchema, WhoamiSchema} from '../records.js'

/** Semantic search's endpoint as `GET /admin/embedding` reports it; `url`, `model` and `coverage` are null while it is off. */
export const EmbeddingStatusSchema = Type.Object({
  enabled: Type.Boolean(),
  url: nullable(Type.String()),
  model: nullable(Type.String()),
  dimensions: nullable(Type.Integer()),
  has_key: Type.Boolean(),
  set_at: Type.Optional(Type.Number()),
  set_by: Type.Optional(Type.String()),
  embedded: Type.Integer(),
  messages: Type.Integer(),
  coverage: nullable(Type.Number()),
}, closed)

/** What the operator plane answers (pause, embedding, governance, blocks, diagnostics, debts), by route. */
export const OPERATOR_ANSWERS = {
  /** embedding.ts: the endpoint's status, and what a PUT backfilled */
  "put /admin/embedding": Type.Composite([EmbeddingStatusSchema, Type.Object({backfilled: Type.Integer(), error: nullable(Type.String())})], closed),
  /** embedding.ts */
  "get /admin/embedding": EmbeddingStatusSchema,
  /** search-admin.ts */
  "get /admin/search/drift": Type.Object({
    engine: Type.String(),
    expected: Type.Integer(),
    indexed: Type.Integer(),
    missing: Type.Integer(),
    stale: Type.Integer(),
    in_step: Type.Boolean(),
    embedded: Type.Integer(),
    checked_at: Type.Number(),
  }, closed),
  /** search-admin.ts */
  "post /admin/search/rebuild": Type.Object({
    rebuilt: Type.Boolean(),
    indexed: Type.Integer(),
    took_ms: Type.Number(),
    drift: Type.Object({
      engine: Type.String(),
      expected: Type.Integer(),
      indexed: Type.Integer(),
      missing: Type.Integer(),
      stale: Type.Integer(),
      in_step: Type.Boolean(),
      embedded: Type.Integer(),
      checked_at: Type.Number(),
    }, closed),
  }, closed),
  /** embedding.ts */
  "delete /admin/embedding": EmbeddingStatusSchema,
  /** governance.ts */
  "put /admin/rules": Type.Object({
    version: Type.Integer(),
    updated_by: Type.String(),
    updated_at: nullable(Type.Number()),
  }, closed),
  /** governance.ts */
  "get /admin/rules": Type.Object({
    version: Type.Integer(),
    text: Type.String(),
    updated_by: Type.String(),
    updated_at: nullable(Type.Number()),
  }, closed),
  /** governance.ts */
  "put /admin/charter": Type.Object({
    version: Type.Integer(),
    missing_roles: Type.Array(Type.String()),
    sliceable: Type.Boolean(),
    unsectioned_roles: Type.Array(Type.String()),
  }, closed),
  /** governance.ts */
  "get /admin/charter": Type.Object({
    version: Type.Integer(),
    text: Type.String(),
    updated_by: Type.String(),
    updated_at: nullable(Type.Number()),
    missing_roles: Type.Array(Type.String()),
    sliceable: Type.Boolean(),
    unsectioned_roles: Type.Array(Type.String()),
  }, closed),
  /** governance.ts */
  "get /admin/charter/receipts": Type.Object({
    scope: Type.String(),
    version: Type.Integer(),
    receipts: Type.Array(Type.Object({
      agent: Type.String(),
      version: nullable(Type.Integer()),
      read_at: nullable(Type.Number()),
      view: nullable(Type.String()),
      current: Type.Boolean(),
    }, closed)),
  }, closed),
  /** governance.ts */
  "get /charter/history": Type.Array(Type.Object({
    version: Type.Integer(),
    updated_by: Type.String(),
    updated_at: nullable(Type.Number()),
    bytes: Type.Integer(),
    current: Type.Boolean(),
  }, closed)),
  /** governance.ts */
  "get /charter/versions/{n}": Type.Object({
    version: Type.Integer(),
    text: Type.String(),
    updated_by: Type.String(),
    updated_at: nullable(Type.Number()),
  }, closed),
  /** governance.ts */
  "get /channels/{c}/charter/receipts": Type.Object({
    channel: Type.String(),
    version: Type.Integer(),
    receipts: Type.Array(Type.Object({
      agent: Type.String(),
      version: nullable(Type.Integer()),
      read_at: nullable(Type.Number()),
      view: nullable(Type.String()),
      current: Type.Boolean(),
    }, closed)),
  }, closed),
  /** governance.ts */
  "put /admin/delegation": GrantSchema,
  /** governance.ts */
  "get /admin/delegations": Type.Array(GrantSchema),
  /** governance.ts */
  "get /delegations": Type.Array(GrantSchema),
  /** governance.ts */
  "delete /admin/delegation/{a}": Type.Object({
    agent_id: Type.String(),
    revoked: Type.Boolean(),
  }, closed),
  /** blocks.ts */
  "post /hub/blocks": Type.Object({
    scope: Type.String(),
    agent_id: Type.String(),
    imposed_by: Type.String(),
    imposed_at: Type.Number(),
    expires_at: nullable(Type.Number()),
    reason: Type.String(),
  }, closed),
  /** blocks.ts */
  "post /channels/{c}/blocks": Type.Object({
    scope: Type.String(),
    agent_id: Type.String(),
    imposed_by: Type.String(),
    imposed_at: Type.Number(),
    expires_at: nullable(Type.Number()),
    reason: Type.String(),
  }, closed),
  /** blocks.ts */
  "get /blocks": Type.Array(Type.Object({
    scope: Type.String(),
    agent_id: Type.String(),
    imposed_by: Type.String(),
    imposed_at: Type.Number(),
    expires_at: nullable(Type.Number()),
    reason: Type.String(),
  }, closed)),
  /** blocks.ts */
  "delete /channels/{c}/blocks/{a}": Type.Object({
    agent_id: Type.String(),
    scope: Type.String(),
    lifted: Type.Boolean(),
  }, closed),
  /** blocks.ts */
  "delete /hub/blocks/{a}": Type.Object({
    agent_id: Type.String(),
    scope: Type.String(),
    lifted: Type.Boolean(),
  }, closed),
  /** admin.ts */
  "put /admin/pause": WhoamiSchema.properties.hub_state,
  /** admin.ts */
  "delete /admin/pause": WhoamiSchema.properties.hub_state,
  /** diagnostics.ts */
  "get /status": Type.Object({
    computed_at: Type.Number(),
    // The same hub_state as /whoami: while paused it carries since, reason and by (a bare {state} refused those).
    hub_state: WhoamiSchema.properties.hub_state,
    counts: Type.Object({
      seats: Type.Integer(),
      live: Type.Integer(),
      offline: Type.Integer(),
    }, closed),
    seats: Type.Array(Type.Object({
      agent_id: Type.String(),
      operator: Type.Boolean(),
      presence: Type.String(),
      presence_at: Type.Number(),
      channels: Type.Number(),
      last_post_at: nullable(Type.Number()),
    }, closed)),
  }, closed),
  /** diagnostics.ts */
  "get /stats/activity": Type.Object({
    since: Type.Number(),
    until: Type.Number(),
    hours: Type.Number(),
    total: Type.Integer(),
    channels: Type.Array(Type.Object({
      channel: Type.String(),
      messages: Type.Integer(),
      senders: Type.Integer(),
      last_at: Type.Number(),
    }, closed)),
    seats: Type.Array(Type.Object({
      agent_id: Type.String(),
      messages: Type.Integer(),
    }, closed)),
  }, closed),
  /** diagnostics.ts */
  "get /admin/status": Type.Object({
    version: Type.String(),
    protocol: Type.String(),
    started_at: Type.Number(),
    uptime_seconds: Type.Number(),
    hub_state: WhoamiSchema.properties.hub_state,
    db: Type.Object({
      dialect: Type.String(),
      path: Type.String(),
      schema_version: Type.Number(),
    }, closed),
    counts: Type.Object({
      agents: Type.Number(),
      operators: Type.Number(),
      retired: Type.Number(),
      deleted: Type.Number(),
      channels: Type.Number(),
      archived: Type.Number(),
      dms: Type.Number(),
      messages: Type.Integer(),
      retracted: Type.Number(),
    }, closed),
    live_seats: Type.Number(),
  }, closed),
  /** diagnostics.ts */
  "get /admin/doctor": Type.Object({
    ok: Type.Boolean(),
    checked_at: Type.Number(),
    checks: Type.Array(Type.Object({
      name: Type.String(),
      ok: Type.Boolean(),
      detail: Type.String(),
    }, closed)),
  }, closed),
  /** diagnostics.ts */
  "get /admin/slow": Type.Object({
    threshold_ms: Type.Number(),
    capacity: Type.Number(),
    /** Newest first; paths only, never a query string. */
    requests: Type.Array(Type.Object({
      method: Type.String(),
      path: Type.String(),
      status: Type.Integer(),
      ms: Type.Integer(),
      at: Type.Number(),
    }, closed)),
  }, closed),
  /** diagnostics.ts */
  "get /admin/noise": Type.Object({
    since: Type.Number(),
    until: Type.Number(),
    hours: Type.Number(),
    total: Type.Integer(),
    senders: Type.Array(Type.Object({
      agent_id: Type.String(),
      messages: Type.Integer(),
      interrupts: Type.Number(),
      criticals: Type.Number(),
      opens: Type.Number(),
      share: Type.Number(),
    }, closed)),
    channels: Type.Array(Type.Object({
      channel: Type.String(),
      messages: Type.Integer(),
      system: Type.Number(),
      share: Type.Number(),
    }, closed)),
  }, closed),
  /** hub-debts.ts */
  "get /debts": Type.Object({
    debts: Type.Array(HubDebtSchema),
    truncated: Type.Boolean(),
    computed_at: Type.Number(),
  }, closed),
} as const
