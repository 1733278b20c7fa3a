import type {Ledger, LedgerTurn} from '@agora/client'
import {canonicalize, isLosslessNumber, pyFloat} from '@agora/protocol'
import {createHash} from 'node:crypto'

export interface LedgerCheck {
  channel: string
  verdict: 'INTACT' | 'TAMPERED'
  intact: boolean
  /** First seq whose stored hash does not follow from its content and predecessor, or null. */
  broken_at: number | null
  /** No break, but the served head is not the last hash of the chain. */
  head_mismatch: boolean
  turns: number
  head: string
  computed_head: string
  /** What the hub claimed about itself, for comparison only; never trusted. */
  hub_verified: boolean | null
}

const sha256 = (text: string): string => createHash('sha256').update(text, 'utf8').digest('hex')

/** created_at is a Python float on the wire; a plain number is re-tagged so `…999.0` keeps its point. */
const asFloat = (value: unknown): unknown => (isLosslessNumber(value) ? value : pyFloat(Number(value)))

/** The 15 hashed keys of the chain, with critical/downgraded as 0/1 integers. */
function payload(channel: string, t: LedgerTurn): string {
  return canonicalize({
    body: t.body, channel, created_at: asFloat(t.created_at), critical: Number(t.critical) ? 1 : 0,
    data: t.data ?? null, downgraded: Number(t.downgraded) ? 1 : 0, id: t.id, kind: t.kind,
    reply_to: t.reply_to ?? null, sender: t.sender, seq: Number(t.seq), status: t.status, title: t.title,
    to: t.to ?? [], urgency: t.urgency,
  })
}

/**
 * An independent client-side walk of the ledger (docs/protocol.md#verifying): from prev="" in seq order, unhashed turns only
 * before the first hashed one, retracted turns are link-only, every other turn is recomputed and
 * the first mismatch is broken_at; the walk continues along the stored chain.
 */
export function checkLedger(ledger: Ledger): LedgerCheck {
  const turns = [...ledger.turns].sort((a, b) => Number(a.seq) - Number(b.seq))
  let prev = ''
  let hashedSeen = false
  let brokenAt: number | null = null
  const breakAt = (seq: number): void => {
    if (brokenAt === null) brokenAt = seq
  }
  for (const turn of turns) {
    if (turn.hash === null || turn.hash === undefined) {
      if (hashedSeen) breakAt(Number(turn.seq))
      continue
    }
    hashedSeen = true
    if (turn.retracted !== true && sha256(`${prev}\n${payload(ledger.channel, turn)}`) !== turn.hash) breakAt(Number(turn.seq))
    prev = turn.hash
  }
  const headMismatch = brokenAt === null && (ledger.head ?? '') !== prev
  const intact = brokenAt === null && !headMismatch
  return {
    broken_at: brokenAt, channel: ledger.channel, computed_head: prev, head: ledger.head ?? '', head_mismatch: headMismatch,
    hub_verified: ledger.verified ?? null, intact, turns: turns.length, verdict: intact ? 'INTACT' : 'TAMPERED',
  }
}
