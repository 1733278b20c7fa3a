import type {Ctx} from '../kernel/index.js'
import type {StoredMessage} from '../messages/index.js'
import {repliesToMany, selectMessages, sendersOf} from '../messages/index.js'
import {authoritativeResolution, isDirectiveFor} from '../obligations/index.js'
import {directiveDebts} from '../obligations/index.js'
import {activeGrant} from '../grants/index.js'

interface Fleet {
  named: Map<string, StoredMessage[]>
  parents: Map<string, string>
  replies: Map<string, StoredMessage[]>
}

/**
 * Every seat's directive debts for one sweep pass (debts.ts `directiveDebts`, the /owed rule), from
 * three queries for the whole fleet instead of four per seat: the uncleared addressed replies and
 * fyis, their parents' senders, and their replies. A reporting delegate also inherits operators'
 * unaddressed directives; those few seats keep the per-seat query.
 */
export class FleetDirectives {
  private fleet: Fleet | null = null

  constructor(private readonly ctx: Ctx) {}

  private async load(): Promise<Fleet> {
    const {ctx} = this
    const rows = await selectMessages(ctx, `FROM messages m WHERE m.kind = 'message' AND m.status IN ('reply','fyi') AND m.retracted_at IS NULL
      AND m.id IN (SELECT message_id FROM message_to WHERE cleared = 0)`)
    const byId = new Map(rows.map(m => [m.id, m]))
    const named = new Map<string, StoredMessage[]>()
    for (const t of await ctx.db.all<{message_id: string; agent_id: string}>('SELECT message_id, agent_id FROM message_to WHERE cleared = 0')) {
      const m = byId.get(t.message_id)
      if (!m) continue
      let list = named.get(t.agent_id)
      if (!list) named.set(t.agent_id, (list = []))
      list.push(m)
    }
    const parents = await sendersOf(ctx, rows.filter(d => d.reply_to).map(d => d.reply_to as string))
    const replies = await repliesToMany(ctx, rows.map(d => d.id))
    return {named, parents, replies}
  }

  async of(viewer: string): Promise<StoredMessage[]> {
    const {ctx} = this
    const g = activeGrant(ctx, viewer)
    if (g && g.powers.includes('reporting')) return directiveDebts(ctx, viewer)
    const {named, parents, replies} = this.fleet ??= await this.load()
    const mine = new Map<string, StoredMessage>()
    for (const d of named.get(viewer) ?? []) if (d.sender !== viewer && ctx.cache.isMember(d.channel, viewer)) mine.set(d.id, d)
    const rows = [...mine.values()].sort((a, b) => a.created_at - b.created_at || a.seq - b.seq)
    const out: StoredMessage[] = []
    for (const d of rows) {
      if (!isDirectiveFor(ctx, d, viewer, d.reply_to ? (parents.get(d.reply_to) ?? null) : null)) continue
      const list = replies.get(d.id) ?? []
      if (list.some(r => r.sender === viewer)) continue
      if (authoritativeResolution(ctx, d, list)) continue
      out.push(d)
    }
    return out
  }
}
