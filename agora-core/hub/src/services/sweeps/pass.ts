import {performance} from 'node:perf_hooks'
import type {Ctx} from '../kernel/index.js'
import type {NewMessage} from '../messages/index.js'
import {postSystem} from '../messages/index.js'
import {FleetOwed} from './fleet-owed.js'
import type {OwedRow} from './fleet-owed.js'
import {alertHub, syncHubAlerts} from '../governance/index.js'
import {reportingDelegates} from '../grants/index.js'
import {isDm} from '../channels/index.js'
import type {Guards} from './guards.js'
import {DuplicateDedupeKey} from '../../errors.js'

export type {OwedRow}

/** What one sweep pass shares: the clock reading, the time budget, the guards and a per-seat /owed memo. */
export class Pass {
  readonly now: number
  private readonly deadline: number
  private readonly owed = new Map<string, OwedRow[]>()
  private fleetOwed: FleetOwed | null = null
  private alertsSynced = false
  private blocked: Set<string> | null = null
  /** Set when a sweep stopped early because the pass ran out of time; it resumes next pass. */
  truncated = false

  /** Where each seat-walking sweep resumes; owned by the scheduler so it outlives the pass. */
  readonly resume: Map<string, number>

  constructor(readonly ctx: Ctx, readonly guards: Guards, budgetMs: number, resume: Map<string, number> = new Map()) {
    this.resume = resume
    this.now = ctx.now()
    this.deadline = performance.now() + budgetMs
  }

  /** True once the pass's time budget is spent: loops stop and pick up where they left off next pass. */
  outOfTime(): boolean {
    if (performance.now() < this.deadline) return false
    this.truncated = true
    return true
  }

  /** Live (not retired) seats, in a stable order. */
  seats(): string[] {
    return [...this.ctx.cache.agents.values()].filter(a => a.retired_at == null).map(a => a.id).sort()
  }

  /** The seat's /owed to_answer rows, computed once per pass however many sub-sweeps ask. */
  async toAnswer(agent: string): Promise<OwedRow[]> {
    let rows = this.owed.get(agent)
    if (!rows) {
      rows = await (this.fleetOwed ??= new FleetOwed(this.ctx, this.now)).toAnswer(agent)
      this.owed.set(agent, rows)
    }
    return rows
  }

  /** Is the seat under an active hub-wide block? One query per pass instead of one per seat and sweep. */
  async hubBlocked(agent: string): Promise<boolean> {
    this.blocked ??= new Set((await this.ctx.db.all<{agent_id: string}>(`SELECT DISTINCT agent_id FROM blocks WHERE scope = 'hub'
      AND lifted_at IS NULL AND (expires_at IS NULL OR expires_at > ?)`, this.ctx.now())).map(r => r.agent_id))
    return this.blocked.has(agent)
  }

  async reporting(): Promise<string[]> {
    return reportingDelegates(this.ctx)
  }

  /** A channel name as an alert may show it: private rooms and DMs are redacted. */
  shown(channel: string): string {
    if (isDm(channel)) return '(dm)'
    return this.ctx.cache.channels.get(channel)?.private === false ? channel : '(private)'
  }

  /** hub-alerts exists and holds exactly the operators and reporting delegates (once per pass). */
  async syncAlerts(): Promise<void> {
    if (this.alertsSynced) return
    await syncHubAlerts(this.ctx)
    this.alertsSynced = true
  }

  /** An `fyi` system post in hub-alerts (addressed alerts never create a debt); false when the dedupe key was used. */
  async alert(body: string, extra: Partial<NewMessage> & {title: string; dedupeKey: string}): Promise<boolean> {
    await this.syncAlerts()
    return dedupe(async () => { await alertHub(this.ctx, body, {...extra, status: 'fyi'}) })
  }

  /** An `fyi` system ring in a work row's own channel, addressed to seats that are members there. */
  async ring(channel: string, body: string, extra: Partial<NewMessage> & {title: string; to: string[]; dedupeKey: string}): Promise<boolean> {
    const to = extra.to.filter(id => this.ctx.cache.isMember(channel, id))
    if (to.length === 0) return false
    return dedupe(async () => { await postSystem(this.ctx, channel, body, {...extra, to, status: 'fyi'}) })
  }
}

async function dedupe(post: () => Promise<void>): Promise<boolean> {
  try {
    await post()
    return true
  } catch (err) {
    if (err instanceof DuplicateDedupeKey) return false
    throw err
  }
}
