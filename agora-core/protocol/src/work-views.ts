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

const closed = {additionalProperties: false} as const

/** GET /desk `waiting_on_you`: a live row whose needs_from names the caller. */
export const DeskWaitingRowSchema = Type.Object({
  channel: Type.String(),
  key: Type.String(),
  holder: Type.Union([Type.String(), Type.Null()]),
  status: Type.String(),
  idle_s: Type.Integer(),
}, closed)

/** GET /channels/{c}/supervise `stuck_rows`: a live row that is stale or waits on other seats. */
export const StuckRowSchema = Type.Object({
  key: Type.String(),
  holder: Type.Union([Type.String(), Type.Null()]),
  status: Type.String(),
  idle_s: Type.Integer(),
  stale: Type.Boolean(),
  needs_from: Type.Array(Type.String()),
}, closed)

/** GET /channels/{c}/supervise `unowned`: an open thread nobody is addressed by and only its asker has answered. */
export const UnownedThreadSchema = Type.Object({
  id: Type.String(),
  seq: Type.Integer(),
  title: Type.String(),
  sender: Type.String(),
}, closed)

/** GET /channels/{c}/supervise `escalated`: an open thread past the room's SLA, the seats it still waits on and its age. */
export const EscalatedThreadSchema = Type.Object({
  id: Type.String(),
  seq: Type.Integer(),
  title: Type.String(),
  sender: Type.String(),
  waiting_on: Type.Array(Type.String()),
  age_s: Type.Integer(),
}, closed)

/** One room's radar, as GET /channels/{c}/supervise answers and GET /supervise lists per room. */
export const SuperviseRoomSchema = Type.Object({
  channel: Type.String(),
  idle_seats: Type.Array(Type.String()),
  /** Offline members an escalated thread waits on. */
  dark_seats: Type.Array(Type.String()),
  stuck_rows: Type.Array(StuckRowSchema),
  unowned: Type.Array(UnownedThreadSchema),
  escalated: Type.Array(EscalatedThreadSchema),
  computed_at: Type.Number(),
}, closed)

export type DeskWaitingRow = Static<typeof DeskWaitingRowSchema>
export type StuckRow = Static<typeof StuckRowSchema>
export type UnownedThread = Static<typeof UnownedThreadSchema>
export type EscalatedThread = Static<typeof EscalatedThreadSchema>
export type SuperviseRoom = Static<typeof SuperviseRoomSchema>
