import {Type} from '@sinclair/typebox'
import {closed, nullable} from './kit.js'
import {FsFileSchema, LeaseConflictSchema, LeaseSchema, MessageSchema, OwedToAnswerSchema, OwedToCloseSchema, StoreEntrySchema} from '../records.js'
import {DeskWaitingRowSchema, SuperviseRoomSchema} from '../work-views.js'
import {SEARCH_SECTION_SCHEMAS} from '../search-hits.js'

/** What the store, file, attachment, lease, work-plane and search routes answer, by route. */
export const DATA_ANSWERS = {
  /** store.ts */
  "put /channels/{c}/store/{key}": StoreEntrySchema,
  /** store.ts */
  "get /channels/{c}/store": Type.Array(Type.Object({
    key: Type.String(),
    version: Type.Integer(),
    updated_by: Type.String(),
    updated_at: Type.Number(),
  }, closed)),
  /** store.ts */
  "get /channels/{c}/store/{key}": StoreEntrySchema,
  /** fs.ts */
  "put /channels/{c}/fs/{path}": FsFileSchema,
  /** fs.ts */
  "get /channels/{c}/fs": Type.Array(Type.Object({
    path: Type.String(),
    version: Type.Integer(),
    updated_by: Type.String(),
    updated_at: Type.Number(),
    size: Type.Integer(),
    description: Type.String(),
    described: Type.Boolean(),
    /** Present, as base64, only on a binary file. */
    encoding: Type.Optional(Type.Literal('base64')),
  }, closed)),
  /** fs.ts */
  "get /channels/{c}/fs/{path}": FsFileSchema,
  /** fs.ts */
  "get /channels/{c}/fshist/{path}": Type.Array(MessageSchema),
  /** fs.ts */
  "get /channels/{c}/charter": Type.Object({
    channel: Type.String(),
    path: Type.String(),
    content: Type.String(),
    mime: Type.String(),
    description: Type.String(),
    size_bytes: Type.Integer(),
    version: Type.Integer(),
    updated_by: Type.String(),
    updated_at: Type.Number(),
    content_b64: nullable(Type.String()),
    encoding: Type.String(),
    /** The hub charter, inlined only while the reader has not read its current version. */
    hub: Type.Optional(Type.Object({
      version: Type.Integer(),
      text: Type.String(),
      sliced: Type.Boolean(),
    }, closed)),
  }, closed),
  /** fs.ts */
  "delete /channels/{c}/fs/{path}": Type.Object({
    deleted: Type.Boolean(),
  }, closed),
  /** attachments.ts */
  "post /channels/{c}/attachments": Type.Object({
    channel: Type.String(),
    id: Type.String(),
    filename: Type.String(),
    content_type: Type.String(),
    size: Type.Integer(),
    created_by: Type.String(),
    created_at: Type.Number(),
  }, closed),
  /** leases.ts */
  "post /channels/{c}/leases": Type.Object({
    leases: Type.Array(LeaseSchema),
  }, closed),
  /** leases.ts */
  "post /leases/check": Type.Object({
    workspace: Type.String(),
    clear: Type.Boolean(),
    conflicts: Type.Array(LeaseConflictSchema),
    detail: Type.String(),
  }, closed),
  /** leases.ts */
  "post /leases/renew": Type.Object({
    leases: Type.Array(LeaseSchema),
  }, closed),
  /** leases.ts */
  "get /leases": Type.Object({
    workspace: Type.String(),
    now: Type.Number(),
    leases: Type.Array(LeaseSchema),
  }, closed),
  /** leases.ts */
  "post /leases/release": Type.Object({
    released: Type.Array(LeaseSchema),
  }, closed),
  /** work.ts */
  "get /work/{item}": Type.Object({
    item_id: Type.String(),
    rows: Type.Array(StoreEntrySchema),
    claims: Type.Array(StoreEntrySchema),
    phases: Type.Array(StoreEntrySchema),
    messages: Type.Array(Type.Object({
      channel: Type.String(), id: Type.String(), seq: Type.Integer(), sender: Type.String(), status: Type.String(), title: Type.String(), created_at: Type.Number(),
    }, closed)),
  }, closed),
  /** work.ts */
  "get /channels/{c}/work": Type.Object({
    channel: Type.String(),
    items: Type.Array(Type.Object({
      item_id: Type.String(),
      channel: Type.String(),
      key: Type.String(),
      value: Type.Unknown(),
      version: Type.Integer(),
      updated_by: Type.String(),
      updated_at: Type.Number(),
      status: Type.String(),
      title: Type.String(),
      cited_by: Type.Array(Type.Object({
        key: Type.String(),
        /** Read from the citing row's value as written (`owner` or `steward`, `status` or `state`). */
        owner: Type.Unknown(),
        status: Type.Unknown(),
        version: Type.Integer(),
      }, closed)),
    }, closed)),
    /** Items by status: proposed, planned, completed, deprecated. */
    counts: Type.Record(Type.String(), Type.Integer()),
  }, closed),
  /** work.ts */
  "post /channels/{c}/ruling-acks": Type.Object({
    channel: Type.String(),
    acked: Type.Array(Type.Object({
      key: Type.String(),
      version: Type.Integer(),
    }, closed)),
    unacknowledged_rulings: Type.Array(Type.String()),
  }, closed),
  /** surfaces.ts */
  "get /board": Type.Object({
    agent_id: Type.String(),
    rows: Type.Array(Type.Object({
      channel: Type.String(),
      key: Type.String(),
      kind: Type.String(),
      holder: nullable(Type.String()),
      status: Type.String(),
      version: Type.Integer(),
      updated_at: Type.Number(),
      idle_s: Type.Integer(),
      stale: Type.Boolean(),
      needs_from: Type.Array(Type.String()),
      next_step: nullable(Type.String()),
    }, closed)),
    mine: Type.Array(Type.String()),
    blocking_me: Type.Array(Type.String()),
    obligations: Type.Object({
      to_answer: Type.Integer(),
      escalated: Type.Integer(),
      to_consume: Type.Integer(),
      to_close: Type.Integer(),
    }, closed),
    phases: Type.Array(Type.Object({channel: Type.String(), key: Type.String(), steward: Type.Unknown(), status: Type.Unknown()}, closed)),
    seats: Type.Array(Type.Object({
      agent_id: Type.String(),
      state: Type.String(),
      claims: Type.Number(),
      phases: Type.Number(),
      stale: Type.Integer(),
      blocking: Type.Array(Type.String()),
    }, closed)),
    computed_at: Type.Number(),
  }, closed),
  /** surfaces.ts */
  "get /desk": Type.Object({
    agent_id: Type.String(),
    /** The caller's own GET /owed rows. */
    to_answer: Type.Array(OwedToAnswerSchema),
    to_close: Type.Array(OwedToCloseSchema),
    waiting_on_you: Type.Array(DeskWaitingRowSchema),
    /** `queue:` rows in the caller's rooms. */
    queue: Type.Array(StoreEntrySchema),
    unacknowledged_rulings: Type.Array(Type.Object({
      channel: Type.String(),
      key: Type.String(),
    }, closed)),
    counts: Type.Object({
      to_answer: Type.Integer(),
      to_close: Type.Integer(),
      waiting_on_you: Type.Integer(),
      queue: Type.Integer(),
      unacknowledged_rulings: Type.Integer(),
    }, closed),
    computed_at: Type.Number(),
  }, closed),
  /** surfaces.ts */
  "get /supervise": Type.Object({
    channels: Type.Array(SuperviseRoomSchema),
    computed_at: Type.Number(),
  }, closed),
  /** surfaces.ts */
  "get /channels/{c}/supervise": SuperviseRoomSchema,
  /** search.ts */
  "get /search": Type.Object({
    ...SEARCH_SECTION_SCHEMAS,
    relaxed: Type.Boolean(),
    /** How many channels were searched: the caller's, narrowed by `channel` (one it is not in counts like one that does not exist). */
    channels_searched: Type.Integer({minimum: 0}),
    next_cursor: nullable(Type.String()),
    computed_at: Type.Number(),
    mode_used: Type.String(),
    semantic_coverage: nullable(Type.Number()),
    notice: nullable(Type.String()),
  }, closed),
} as const
