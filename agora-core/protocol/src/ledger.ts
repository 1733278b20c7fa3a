import {isLosslessNumber} from 'lossless-json'
import {ledgerHash, pyFloat} from './canonical.js'

/** The 15 hashed fields of a message, in the shape the chain hashes (critical/downgraded as 0/1; docs/protocol.md#the-chain). */
export interface LedgerPayload {
  id: string
  channel: string
  seq: number
  sender: string
  kind: string
  status: string
  urgency: string
  critical: number
  downgraded: number
  to: string[]
  title: string
  body: string
  data: unknown
  reply_to: string | null
  created_at: unknown
}

export interface LedgerTurn {
  seq: number | {value: string}
  id: string
  sender: string
  kind: string
  status: string
  urgency: string
  critical: number | boolean | {value: string}
  downgraded: number | boolean | {value: string}
  to: string[]
  title: string
  body: string
  data: unknown
  reply_to: string | null
  created_at: number | {value: string}
  hash: string | null
  retracted?: boolean
}

export interface LedgerReport {
  channel: string
  count?: number
  head: string
  turns: LedgerTurn[]
  verified?: boolean
  broken_at?: number | null
}

export interface LedgerVerdict {
  intact: boolean
  brokenAt: number | null
  headMismatch: boolean
  turns: number
}

function num(v: unknown): number {
  if (isLosslessNumber(v)) return Number(v.value)
  if (typeof v === 'boolean') return v ? 1 : 0
  return Number(v)
}

/** `created_at` is always a Python float; keep a lossless token as served, else tag the number. */
function asFloat(v: unknown): unknown {
  if (isLosslessNumber(v)) return v
  return pyFloat(Number(v))
}

export function turnPayload(channel: string, t: LedgerTurn): LedgerPayload {
  return {
    id: t.id, channel, seq: num(t.seq), sender: t.sender, kind: t.kind, status: t.status,
    urgency: t.urgency, critical: num(t.critical) ? 1 : 0, downgraded: num(t.downgraded) ? 1 : 0,
    to: t.to ?? [], title: t.title ?? '', body: t.body ?? '', data: t.data ?? null,
    reply_to: t.reply_to ?? null, created_at: asFloat(t.created_at),
  }
}

/**
 * The external-verifier rules (docs/protocol.md#verifying): walk by seq from prev="", unhashed turns only before the
 * first hashed one, retracted turns are link-only, the first recompute mismatch is broken_at.
 */
export function verifyLedger(report: LedgerReport): LedgerVerdict {
  const turns = [...report.turns].sort((a, b) => num(a.seq) - num(b.seq))
  let prev = ''
  let hashedSeen = false
  let brokenAt: number | null = null
  for (const turn of turns) {
    const seq = num(turn.seq)
    if (turn.hash === null || turn.hash === undefined) {
      if (hashedSeen && brokenAt === null) brokenAt = seq
      continue
    }
    hashedSeen = true
    if (turn.retracted === true) {
      prev = turn.hash
      continue
    }
    const computed = ledgerHash(prev, turnPayload(report.channel, turn))
    if (computed !== turn.hash && brokenAt === null) brokenAt = seq
    prev = turn.hash
  }
  const headMismatch = brokenAt === null && (report.head ?? '') !== prev
  return {intact: brokenAt === null && !headMismatch, brokenAt, headMismatch, turns: turns.length}
}
