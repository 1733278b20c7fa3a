import {Type} from '@sinclair/typebox'
import type {Static} from '@sinclair/typebox'

/**
 * A live (unfinished) `claim:` or `phase:` store row as GET /board, /desk and /supervise show it,
 * computed on read: who holds it, its status word, how long it has been idle, whether it is stale
 * (past its cadence) and which seats it waits on.
 */
export const LiveWorkRowSchema = Type.Object({
  channel: Type.String(),
  key: Type.String(),
  kind: Type.Union([Type.Literal('claim'), Type.Literal('phase')]),
  holder: Type.Union([Type.String(), Type.Null()]),
  status: Type.String(),
  version: Type.Integer(),
  updated_at: Type.Number(),
  idle_s: Type.Number(),
  stale: Type.Boolean(),
  needs_from: Type.Array(Type.String()),
  next_step: Type.Union([Type.String(), Type.Null()]),
})

export type LiveWorkRow = Static<typeof LiveWorkRowSchema>
