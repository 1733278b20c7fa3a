import type {HubDebt} from '@agora/protocol'
export type Band = 'fresh' | 'due' | 'escalated' | 'overdue'

/** One row of the hub's `GET /debts` (hub README "Work plane"), typed once in @agora/protocol. */
export type {HubDebt}

/** The `to_answer` rows of the seat's own `GET /owed`, for a desk whose seat is not an operator. */
export interface OwedToAnswer {
  channel: string
  id: string
  seq: number
  sender: string
  title: string
  created_at: number
}

export interface Debt {
  /** `<message id>:<debtor>`: one row per seat that owes. */
  key: string
  message: string
  channel: string
  seq: number
  debtor: string
  creditor: string
  kind: HubDebt['kind']
  title: string
  created_at: number
  /** The age the hub computed (pause-adjusted), the desk's clock when that read landed, and the room's response SLA. */
  hubAge: number
  at: number
  slaMinutes: number
}

export interface DebtRow extends Debt {
  age: number
  band: Band
}

/**
 * The escalation band from a debt's age against the channel's response SLA (60 min by default,
 * as the hub escalates envelopes past it): fresh under half the SLA, due until it, escalated
 * past it, overdue past four times it.
 */
export function band(age: number, slaMinutes = 60): Band {
  const sla = slaMinutes * 60
  if (age < sla / 2) return 'fresh'
  if (age <= sla) return 'due'
  if (age <= 4 * sla) return 'escalated'
  return 'overdue'
}

/**
 * The open obligations as the hub computes them (the desk applies no settlement rules of its own):
 * replaced wholesale by each read of `GET /debts` (or `/owed` for a non-operator seat); between reads
 * an age grows with the clock from the hub's figure.
 */
export class DebtBook {
  private open: Debt[] = []
  private counts = new Map<string, number>()

  /** An operator's desk: every row of `GET /debts`, read when the desk's clock said `readAt`. */
  fromHub(debts: readonly HubDebt[], readAt: number): void {
    this.replace(debts.map(d => ({key: `${d.id}:${d.debtor}`, message: d.id, channel: d.channel, seq: d.seq, debtor: d.debtor,
      creditor: d.creditor, kind: d.kind, title: d.title, created_at: d.created_at, hubAge: d.age_s, at: readAt, slaMinutes: d.sla_minutes})))
  }

  /** Another seat's desk: what that seat owes, from its own `GET /owed` (the SLA per room is not on that route: 60 min). */
  fromOwed(seat: string, toAnswer: readonly OwedToAnswer[], hubNow: number, readAt: number): void {
    this.replace(toAnswer.map(d => ({key: `${d.id}:${seat}`, message: d.id, channel: d.channel, seq: d.seq, debtor: seat,
      creditor: d.sender, kind: 'answer' as const, title: d.title, created_at: d.created_at, hubAge: Math.max(0, hubNow - d.created_at),
      at: readAt, slaMinutes: 60})))
  }

  private replace(debts: Debt[]): void {
    this.open = debts
    this.counts = new Map()
    for (const d of debts) this.counts.set(d.debtor, (this.counts.get(d.debtor) ?? 0) + 1)
  }

  rows(now: number): DebtRow[] {
    return this.open.map(d => {
      const age = Math.max(0, d.hubAge + now - d.at)
      return {...d, age, band: band(age, d.slaMinutes)}
    })
  }

  countFor(seat: string): number {
    return this.counts.get(seat) ?? 0
  }

  get size(): number {
    return this.open.length
  }
}

export type DebtSortKey = 'age' | 'debtor' | 'creditor' | 'channel' | 'kind' | 'band'

const BAND_ORDER: Record<Band, number> = {fresh: 0, due: 1, escalated: 2, overdue: 3}

/** Sort a copy; ties fall back to the oldest first, then the message key, so the order is total and stable. */
export function sortDebts(rows: readonly DebtRow[], key: DebtSortKey, descending = false): DebtRow[] {
  const by = (a: DebtRow, b: DebtRow): number => {
    switch (key) {
      case 'age': return a.age - b.age
      case 'band': return BAND_ORDER[a.band] - BAND_ORDER[b.band]
      default: return a[key] < b[key] ? -1 : a[key] > b[key] ? 1 : 0
    }
  }
  const dir = descending ? -1 : 1
  return [...rows].sort((a, b) => dir * by(a, b) || b.age - a.age || (a.key < b.key ? -1 : a.key > b.key ? 1 : 0))
}

export interface DebtFilter {
  seat?: string
  channel?: string
}

/** A seat filter matches the debtor or the creditor; empty filters match everything. */
export function filterDebts(rows: readonly DebtRow[], f: DebtFilter): DebtRow[] {
  return rows.filter(r => (!f.seat || r.debtor === f.seat || r.creditor === f.seat) && (!f.channel || r.channel === f.channel))
}

/** Debt ages in hours, bucketed for the histogram: [<15m, <1h, <4h, <1d, ≥1d]. */
export const AGE_BUCKETS = [{label: '<15m', max: 900}, {label: '<1h', max: 3600}, {label: '<4h', max: 4 * 3600},
  {label: '<1d', max: 86400}, {label: '≥1d', max: Infinity}] as const

export function ageHistogram(rows: readonly DebtRow[]): number[] {
  const counts = AGE_BUCKETS.map(() => 0)
  for (const r of rows) counts[AGE_BUCKETS.findIndex(b => r.age < b.max)]!++
  return counts
}
