import type {Ctx} from '../context.js'
import type {StoredMessage} from '../messages.js'
import {selectMessages} from '../messages.js'
import type {ThreadState} from '../obligations.js'
import {inheritsFromOperator} from '../obligations.js'
import {directiveDebts, hasLinkedClaim, namesViewer, repliedBy, withStates} from '../debts.js'
import {debtAge} from '../envelopes.js'
import {slaMinutes} from '../store.js'

/** `kind`: `ask` while asks are pending, `answer` for any other open thread, `directive` for a directive debt. */
export interface OwedRow {channel: string; id: string; seq: number; sender: string; title: string; created_at: number; escalated: boolean; kind: 'ask' | 'answer' | 'directive'}

/**
 * Every seat's /owed `to_answer` rows for one sweep pass, with the open threads (and their replies)
 * read once for the whole fleet instead of once per seat. The per-seat rules are /owed's own
 * (services/owed.ts), applied in the same order; test/sweeps/fleet-owed.test.ts checks the two agree
 * seat by seat.
 */
export class FleetOwed {
  private roots: Array<{m: StoredMessage; state: ThreadState}> | null = null

  constructor(private readonly ctx: Ctx, private readonly now: number) {}

  private async open(): Promise<Array<{m: StoredMessage; state: ThreadState}>> {
    this.roots ??= await withStates(this.ctx, await selectMessages(this.ctx, `FROM messages WHERE status IN ('open','blocked')
      AND retracted_at IS NULL AND closed = 0 ORDER BY created_at, seq`))
    return this.roots
  }

  async toAnswer(viewer: string): Promise<OwedRow[]> {
    const {ctx, now} = this
    const escalated = async (channel: string, born: number): Promise<boolean> => await debtAge(ctx, born, now) > await slaMinutes(ctx, channel) * 60
    const rows: OwedRow[] = []
    for (const {m, state} of await this.open()) {
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
        escalated: await escalated(m.channel, m.created_at), kind: state.pending.length > 0 ? 'ask' : 'answer'})
    }
    for (const d of await directiveDebts(ctx, viewer)) {
      rows.push({channel: d.channel, id: d.id, seq: d.seq, sender: d.sender, title: d.title, created_at: d.created_at,
        escalated: await escalated(d.channel, d.created_at), kind: 'directive'})
    }
    return rows
  }
}
