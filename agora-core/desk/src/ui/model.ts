import {Activity} from '../state/activity.js'
import {DebtBook} from '../state/debts.js'
import type {HubDebt, OwedToAnswer} from '../state/debts.js'
import {verifyLedgerText} from '../state/ledger.js'
import type {LedgerStatus} from '../state/ledger.js'
import type {DeskChannel, DeskMessage, PresenceRow} from '../state/types.js'
import {call, callText, enc} from './api.js'
import {harnessReports} from './harness.js'
import type {HarnessReport} from './harness.js'

export interface Me {
  id: string
  operator: boolean
  hub_state: {state: string; reason?: string | null; since?: number | null; by?: string | null}
}

/** Messages kept per channel for the thread view; the activity is folded as they arrive. */
const KEEP = 300
/** History read per channel at start: enough for the live picture, not the whole 100k-message ledger. */
export const INITIAL = 200

/**
 * The desk's state: loaded once, then kept live by the WebSocket push (no polling). Hub system
 * posts (joins, pause fyis) trigger a re-read of the roster, presence and hub state.
 */
export class DeskModel {
  me: Me | null = null
  admin = false
  agents: Array<{id: string; operator: boolean}> = []
  presence = new Map<string, PresenceRow>()
  channels = new Map<string, DeskChannel>()
  messages = new Map<string, DeskMessage[]>()
  debts = new DebtBook()
  channelActivity = new Activity()
  seatActivity = new Activity()
  lastTurn = new Map<string, number>()
  ledgers = new Map<string, LedgerStatus | {error: string}>()
  harness: HarnessReport[] = []
  /** The seat's triage cursor per channel it is in (the hub's `GET /cursors`): what is past it is unread, in every browser alike. */
  seen = new Map<string, number>()
  connected = false
  /** Every channel's history is folded in (until then the debts and charts are filling up). */
  complete = false
  version = 0
  private folded = 0
  private listeners = new Set<() => void>()
  private refreshing: Promise<void> | null = null
  private debtRead: Promise<void> | null = null
  private debtStale = false

  on(fn: () => void): () => void {
    this.listeners.add(fn)
    return () => this.listeners.delete(fn)
  }

  changed(): void {
    this.version++
    for (const fn of this.listeners) fn()
  }

  /** What the first view needs: who I am, the roster, presence and the channel list (four requests). */
  async loadCore(): Promise<void> {
    const [, channels, cursors] = await Promise.all([this.refreshRoster(), call<DeskChannel[]>('GET', '/channels'), readCursors()])
    for (const c of channels) this.channels.set(c.name, c)
    this.takeCursors(cursors)
  }

  /** Then each channel's recent history (debts, activity, threads) and the harness reports, folded in as they land. */
  async loadRest(): Promise<void> {
    const member = [...this.channels.values()].filter(c => c.member)
    await Promise.all([
      this.refreshDebts(),
      ...member.map(c => this.loadHistory(c).then(() => this.changed())),
      harnessReports(this.channels).then(r => {
        this.harness = r
      }, () => {}),
    ])
    this.complete = true
    this.changed()
  }

  private async loadHistory(c: DeskChannel): Promise<void> {
    const since = Math.max(0, c.last_seq - INITIAL)
    const rows = await call<DeskMessage[]>('GET', `/channels/${enc(c.name)}/messages?since=${since}&limit=${INITIAL}`)
    for (const m of rows) this.fold(m)
  }

  async refreshRoster(): Promise<void> {
    this.refreshing ??= (async () => {
      const [agents, presence, me] = await Promise.all([
        call<Array<{id: string; operator: boolean}>>('GET', '/agents'),
        call<PresenceRow[]>('GET', '/presence'),
        call<Me>('GET', '/whoami'),
      ])
      this.agents = agents
      this.presence = new Map(presence.map(p => [p.agent_id, p]))
      this.me = me
    })().finally(() => {
      this.refreshing = null
    })
    return this.refreshing
  }

  /**
   * Re-read the open debts from the hub (`GET /debts` for an operator, the seat's own `GET /owed`
   * otherwise): the hub's settlement rules, not a guess from the loaded window. Called on each push,
   * coalesced: at most one read in flight and one queued behind it, whatever the burst.
   */
  refreshDebts(): Promise<void> {
    if (this.debtRead) {
      this.debtStale = true
      return this.debtRead
    }
    this.debtRead = (async () => {
      do {
        this.debtStale = false
        try {
          if (this.me?.operator) {
            const d = await call<{debts: HubDebt[]}>('GET', '/debts')
            this.debts.fromHub(d.debts, Date.now() / 1000)
          } else if (this.me) {
            const o = await call<{to_answer: OwedToAnswer[]; computed_at: number}>('GET', '/owed')
            this.debts.fromOwed(this.me.id, o.to_answer, o.computed_at, Date.now() / 1000)
          }
          // Another browser or the seat's own loop may have acked meanwhile.
          this.takeCursors(await readCursors())
          this.changed()
        } catch {
          // A refused or dropped read keeps the last list; the next push reads again.
        }
      } while (this.debtStale)
    })().finally(() => {
      this.debtRead = null
    })
    return this.debtRead
  }

  /** One message, from history or the socket: thread list, activity, last turn. */
  fold(m: DeskMessage): void {
    const list = this.messages.get(m.channel) ?? []
    const at = list.findIndex(x => x.id === m.id)
    if (at >= 0) list[at] = m
    else {
      list.push(m)
      if (list.length > 1 && list[list.length - 2]!.seq > m.seq) list.sort((a, b) => a.seq - b.seq)
      if (list.length > KEEP) list.splice(0, list.length - KEEP)
    }
    this.messages.set(m.channel, list)
    // A desk left open for days keeps only the last hour of per-minute counts.
    if (++this.folded % 1000 === 0) {
      const now = Date.now() / 1000
      this.channelActivity.prune(now)
      this.seatActivity.prune(now)
    }
    if (at < 0) {
      this.channelActivity.add(m.channel, m.created_at)
      this.seatActivity.add(m.sender, m.created_at)
      this.lastTurn.set(m.sender, Math.max(this.lastTurn.get(m.sender) ?? 0, m.created_at))
      const c = this.channels.get(m.channel)
      if (c && m.seq > c.last_seq) Object.assign(c, {last_seq: m.seq, last_at: m.created_at})
    }
  }

  unread(channel: string): number {
    const c = this.channels.get(channel)
    return c?.member ? Math.max(0, c.last_seq - (this.seen.get(channel) ?? c.last_seq)) : 0
  }

  /** Opening a room acks it for the desk's seat (`POST /inbox/ack`): the same cursor its inbox uses, so it settles no debt. */
  markSeen(channel: string): void {
    const c = this.channels.get(channel)
    if (!c?.member || (this.seen.get(channel) ?? 0) >= c.last_seq) return
    this.seen.set(channel, c.last_seq)
    call<{acked: Record<string, number>}>('POST', '/inbox/ack', {cursors: {[channel]: c.last_seq}}).then(r => {
      this.takeCursors(r.acked)
      this.changed()
    }, () => {})
  }

  /** Cursors only move forward on the hub; a stale answer never rewinds what this page already marked. */
  private takeCursors(cursors: Record<string, number>): void {
    for (const [channel, seq] of Object.entries(cursors)) this.seen.set(channel, Math.max(seq, this.seen.get(channel) ?? 0))
  }

  /** An operator action: the hub's answer as one line, or its refusal thrown with the hub's own text. */
  async act(method: string, path: string, body?: unknown): Promise<string> {
    const answer = await call(method, path, body)
    await Promise.all([this.refreshRoster().catch(() => {}), this.refreshDebts()])
    this.changed()
    return `done: ${JSON.stringify(answer).slice(0, 200)}`
  }

  async verify(channel: string): Promise<void> {
    try {
      this.ledgers.set(channel, verifyLedgerText(await callText('GET', `/channels/${enc(channel)}/ledger`)))
    } catch (err) {
      this.ledgers.set(channel, {error: (err as Error).message})
    }
    this.changed()
  }
}

function readCursors(): Promise<Record<string, number>> {
  return call<{cursors: Record<string, number>}>('GET', '/cursors').then(r => r.cursors)
}
