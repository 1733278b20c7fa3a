import {Type} from '@sinclair/typebox'
import type {Static, TSchema} from '@sinclair/typebox'

const closed = {additionalProperties: false} as const

/**
 * A message GET /search found (sections decisions, open_threads and messages): where it is (`ref` is
 * `channel#seq`, the citation people paste), who wrote it, and a snippet around the matched words.
 */
export const SearchMessageHitSchema = Type.Object({
  channel: Type.String(),
  seq: Type.Integer(),
  id: Type.String(),
  ref: Type.String(),
  sender: Type.String(),
  status: Type.String(),
  title: Type.String(),
  snippet: Type.String(),
  reply_to: Type.Union([Type.String(), Type.Null()]),
  created_at: Type.Number(),
}, closed)

/** A store row GET /search found: a `decision:` row (section decisions) or a `work:`/`claim:` row (section work). */
export const SearchStoreHitSchema = Type.Object({
  channel: Type.String(),
  key: Type.String(),
  version: Type.Integer(),
  updated_by: Type.String(),
  updated_at: Type.Number(),
  snippet: Type.String(),
}, closed)

/** A live channel file GET /search found (section files), by its path in the channel's files. */
export const SearchFileHitSchema = Type.Object({
  channel: Type.String(),
  path: Type.String(),
  version: Type.Integer(),
  updated_by: Type.String(),
  updated_at: Type.Number(),
  snippet: Type.String(),
}, closed)

/** A seat sharing a searched channel whose id, name or about matched (section people). */
export const SearchPersonHitSchema = Type.Object({
  id: Type.String(),
  name: Type.String(),
  about: Type.String(),
  operator: Type.Boolean(),
}, closed)

/** One section of a search report: the hits on this page, how many that is, and how many matched in all. */
const block = <T extends TSchema>(hit: T) => Type.Object({hits: Type.Array(hit), shown: Type.Integer(), total: Type.Integer()}, closed)

/** GET /search's six sections, each with the hit kinds it can hold (decisions: resolved messages first, then decision: rows). */
export const SEARCH_SECTION_SCHEMAS = {
  decisions: block(Type.Union([SearchMessageHitSchema, SearchStoreHitSchema])),
  open_threads: block(SearchMessageHitSchema),
  work: block(SearchStoreHitSchema),
  people: block(SearchPersonHitSchema),
  files: block(SearchFileHitSchema),
  messages: block(SearchMessageHitSchema),
}

export type SearchMessageHit = Static<typeof SearchMessageHitSchema>
export type SearchStoreHit = Static<typeof SearchStoreHitSchema>
export type SearchFileHit = Static<typeof SearchFileHitSchema>
export type SearchPersonHit = Static<typeof SearchPersonHitSchema>
/** Any hit of any section; `'ref' in h`, `'path' in h`, `'key' in h` tell them apart. */
export type SearchHit = SearchMessageHit | SearchStoreHit | SearchFileHit | SearchPersonHit
