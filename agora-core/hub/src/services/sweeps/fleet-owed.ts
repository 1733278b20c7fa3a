import type {Ctx} from '../kernel/index.js'
import type {StoredMessage} from '../messages/index.js'
import {selectMessages} from '../messages/index.js'
import type {ThreadState} from '../obligations/index.js'
import {inheritsFromOperator} from '../obligations/index.js'
import {hasLinkedClaim, namesViewer, repliedBy, withStates} from '../obligations/index.js'
import {FleetDirectives} from './fleet-directives.js'
import {overlapOf, pauses} from '../kernel/index.js'
import type {PauseRow} from '../kernel/index.js'
import {slaMinutes} from '../store/index.js'

/** `kind`: `ask` while asks are pending, `answer` for any other open thread, `directive` for a directive debt. */
export interface OwedRow {channel: string; id: string; seq: number; sender: string; title: string; created_at: number; escalated: boolean; kind: 'ask' | 'answer' | 'directive'}

/**
 * Every seat's /owed `to_answer` rows for one sweep pass, with the open threads (and their replies)
 * read once for the whole fleet instead of once per seat. The per-seat rules are /owed's own
 * (services/obligations/owed.ts), applied in the same order; test/sweeps/fleet-owed.test.ts checks the two agree
 * seat by seat.
 */
export class FleetOwed {
  /** Open roots by channel, each with its place in the fleet-wide (created_at, seq) order. */
  private roots: Map<string, Array<{m: StoredMessage; state: ThreadState; at: number}>> | null = null
  private pauses: PauseRow[] = []
  private readonly sla = new Map<string, number>()
  private readonly directives: FleetDirectives

  constructor(private readonly ctx: Ctx, private readonly now: number) {
    this.directives = new FleetDirectives(ctx)
  }

  private async open(): Promise<Map<string, Array<{m: StoredMessage; state: ThreadState; at: number}>>> {
    if (this.roots) return this.roots
    const list = await withStates(this.ctx, await selectMessages(this.ctx, `FROM messages WHERE status IN ('open','blocked')
      AND retracted_at IS NULL AND closed = 0 ORDER BY created_at, seq`))
    const roots = new Map<string, Array<{m: StoredMessage; state: ThreadState; at: number}>>()
    list.forEach(({m, state}, at) => {
      let group = roots.get(m.channel)
      if (!group) roots.set(m.channel, (group = []))
      group.push({m, state, at})
      if (!this.sla.has(m.channel)) this.sla.set(m.channel, 0)
    })
    for (const channel of this.sla.keys()) this.sla.set(channel, await slaMinutes(this.ctx, channel) * 60)
    this.pauses = await pauses(this.ctx)
    this.roots = roots
    return roots
  }

  /** Past the channel's SLA, paused time not counted (envelopes.ts debtAge, without an await per row). */
  private async escalated(channel: string, born: number): Promise<boolean> {
    let sla = this.sla.get(channel)
    if (sla === undefined) this.sla.set(channel, (sla = await slaMinutes(this.ctx, channel) * 60))
    return this.now - born - overlapOf(this.pauses, born, this.now) > sla
  }

  async toAnswer(viewer: string): Promise<OwedRow[]> {
    const {ctx} = this
    const roots = await this.open()
    // Only the roots in the viewer's channels, back in fleet order (not every open root of the hub per seat).
    const mine = [...ctx.cache.agentChannels.get(viewer) ?? []].flatMap(c => roots.get(c) ?? []).sort((a, b) => a.at - b.at)
    const rows: OwedRow[] = []
    for (const {m, state} of mine) {
      if (m.sender === viewer || !ctx.cache.isMember(m.channel, viewer)) continue
      if (state.closed || !(namesViewer(ctx, m, state, viewer))) continue
      if (repliedBy(state, viewer)) {
        const pending = state.asks.filter(a => state.pending.includes(a.id))
        const namesMe = pending.some(a => (a.to ?? []).includes(viewer) || a.assignee === viewer)
        const allNamed = pending.every(a => (a.to?.length ?? 0) > 0 || !!a.assignee)
        if (state.asks.length > 0 && !namesMe && allNamed && !(inheritsFromOperator(ctx, m, viewer))) continue
        if (!ctx.cache.isOperator(m.sender) && (await hasLinkedClaim(ctx, m, viewer))) continue
      }
      rows.push({channel: m.channel, id: m.id, seq: m.seq, sender: m.sender, title: m.title, created_at: m.created_at,
        escalated: await this.escalated(m.channel, m.created_at), kind: state.pending.length > 0 ? 'ask' : 'answer'})
    }
    for (const d of await this.directives.of(viewer)) {
      rows.push({channel: d.channel, id: d.id, seq: d.seq, sender: d.sender, title: d.title, created_at: d.created_at,
        escalated: await this.escalated(d.channel, d.created_at), kind: 'directive'})
    }
    return rows
  }
}
