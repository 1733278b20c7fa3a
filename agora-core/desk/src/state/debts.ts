import type {DeskMessage} from './types.js'

/** A debtor that is not one seat: an unaddressed open message is owed by any member but its sender. */
export const ANY_MEMBER = '(any member)'

export type Band = 'fresh' | 'due' | 'escalated' | 'overdue'

/** Orphan replies kept while waiting for their parent. */
export const EARLY_MAX = 5000

export interface Debt {
  /** `<message id>:<debtor>`: one row per seat that owes. */
  key: string
  message: string
  channel: string
  seq: number
  debtor: string
  creditor: string
  kind: 'ask' | 'answer' | 'reply'
  title: string
  created_at: number
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

function asks(m: DeskMessage): Array<{to?: string[]}> {
  const d = m.data as {asks?: unknown} | null
  return Array.isArray(d?.asks) ? (d.asks as Array<{to?: string[]}>) : []
}

/**
 * Open obligations as the desk sees them in the channels it reads: an open or blocked message owes
 * an answer from each seat it names (its `to`, and each ask's `to`), or from any member when it
 * names nobody. A reply from a debtor settles that debtor; a reply from anyone but the asker
 * settles an unaddressed one; a `resolved` reply or a retraction settles all.
 */
export class DebtBook {
  private open = new Map<string, Debt>()
  /**
   * Replies whose parent has not been seen (yet): backlog pages arrive per channel, not per thread.
   * Most are replies to messages older than the loaded window, so the oldest are dropped past EARLY_MAX.
   */
  private early = new Map<string, DeskMessage[]>()
  /** The asker of each open obligation (only those: a reply to anything else settles nothing). */
  private askers = new Map<string, string>()

  apply(m: DeskMessage): void {
    if (m.retracted) {
      this.settleAll(m.id)
      return
    }
    if (m.reply_to) {
      if (this.askers.has(m.reply_to)) this.settle(m.reply_to, m)
      else this.remember(m)
    }
    if (m.status !== 'open' && m.status !== 'blocked') return
    this.askers.set(m.id, m.sender)
    const named = new Set<string>(m.to)
    for (const a of asks(m)) for (const s of a.to ?? []) named.add(s)
    named.delete(m.sender)
    const kind: Debt['kind'] = asks(m).length > 0 ? 'ask' : named.size > 0 ? 'answer' : 'reply'
    for (const debtor of named.size > 0 ? named : [ANY_MEMBER]) {
      const key = `${m.id}:${debtor}`
      this.open.set(key, {key, message: m.id, channel: m.channel, seq: m.seq, debtor, creditor: m.sender, kind,
        title: m.title || (m.body ?? '').slice(0, 80), created_at: m.created_at})
    }
    for (const r of this.early.get(m.id) ?? []) this.settle(m.id, r)
    this.early.delete(m.id)
  }

  private remember(reply: DeskMessage): void {
    this.early.set(reply.reply_to!, [...(this.early.get(reply.reply_to!) ?? []), reply])
    if (this.early.size > EARLY_MAX) this.early.delete(this.early.keys().next().value!)
  }

  private settle(parent: string, reply: DeskMessage): void {
    if (reply.status === 'resolved') return this.settleAll(parent)
    if (reply.sender === this.askers.get(parent)) return
    this.open.delete(`${parent}:${reply.sender}`)
    this.open.delete(`${parent}:${ANY_MEMBER}`)
    this.forgetIfSettled(parent)
  }

  private settleAll(parent: string): void {
    for (const key of [...this.open.keys()]) if (key.startsWith(`${parent}:`)) this.open.delete(key)
    this.forgetIfSettled(parent)
  }

  private forgetIfSettled(parent: string): void {
    for (const key of this.open.keys()) if (key.startsWith(`${parent}:`)) return
    this.askers.delete(parent)
  }

  rows(now: number, slaMinutes = 60): DebtRow[] {
    return [...this.open.values()].map(d => ({...d, age: Math.max(0, now - d.created_at), band: band(now - d.created_at, slaMinutes)}))
  }

  countFor(seat: string): number {
    let n = 0
    for (const d of this.open.values()) if (d.debtor === seat) n++
    return n
  }

  get size(): number {
    return this.open.size
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
