import {Type} from '@sinclair/typebox'
import type {Static, TSchema} from '@sinclair/typebox'

const closed = {additionalProperties: false} as const
const nullable = <T extends TSchema>(t: T) => Type.Union([t, Type.Null()])

/** What a hit is: a message, a `decision:`, `claim:` or `work:` store row, a channel file, or a seat. */
export const SEARCH_HIT_KINDS = ['message', 'decision', 'claim', 'work', 'file', 'agent'] as const

/**
 * One GET /search hit, the same shape in every section (the reference hub's SearchHit, agora/0.4). `ref` names it:
 * a message's id, a store row's key, a file's path, a seat's id. Fields shared with a history row keep its names and
 * types: a message hit carries `seq`, `sender`, `status` and `ratings` (`{up, down, mine}`), every other kind has
 * them null, and only a seat has `channel` null. `highlights` are `[start, length]` code-point offsets of the
 * matched words in `snippet` as served. No body (read the message for it) and no score (order is the answer).
 */
export const SearchHitSchema = Type.Object({
  kind: Type.Union(SEARCH_HIT_KINDS.map((k) => Type.Literal(k))),
  channel: nullable(Type.String()),
  ref: Type.String(),
  title: Type.String(),
  created_at: Type.Number(),
  snippet: Type.String(),
  highlights: Type.Array(Type.Tuple([Type.Integer({minimum: 0}), Type.Integer({minimum: 1})])),
  seq: nullable(Type.Integer()),
  sender: nullable(Type.String()),
  status: nullable(Type.String()),
  /** How many hits one thread folded into this row; this hub lists every hit, so null. */
  thread_hits: nullable(Type.Integer()),
  ratings: nullable(Type.Object({up: Type.Integer(), down: Type.Integer(), mine: Type.Integer()}, closed)),
}, closed)

/** One section of a search report: the hits on this page, how many that is, and how many matched in all. */
const block = Type.Object({hits: Type.Array(SearchHitSchema), shown: Type.Integer(), total: Type.Integer()}, closed)

/** GET /search's six sections (decisions: resolved messages first, then decision: rows). */
export const SEARCH_SECTION_SCHEMAS = {
  decisions: block,
  open_threads: block,
  work: block,
  people: block,
  files: block,
  messages: block,
}

export type SearchHit = Static<typeof SearchHitSchema>
export type SearchHitKind = typeof SEARCH_HIT_KINDS[number]
