import type {Ctx} from '../kernel/index.js'
import {selectMessages} from '../messages/index.js'
import {withStates} from './debts.js'
import {entry} from '../store/index.js'
import type {StoreRow} from '../store/index.js'
import type {RouteAnswer} from '@agora/protocol'

/**
 * GET /channels/{c}/digest: the whole room folded into what is still open, what was decided
 * (newest 50) and the `decision:*` rows, independent of any cursor. Phases and rulings are Layer 3
 * and served empty.
 */
type Digest = RouteAnswer<'get /channels/{c}/digest'>

export async function digest(ctx: Ctx, channel: string): Promise<Digest> {
  const roots = await selectMessages(ctx, `FROM messages WHERE channel = ? AND status IN ('open','blocked') AND retracted_at IS NULL
    ORDER BY seq`, channel)
  const open: Digest['open_questions'] = []
  const decided: Digest['decided'] = []
  for (const {m, state} of await withStates(ctx, roots)) {
    const row = {id: m.id, seq: m.seq, sender: m.sender, title: m.title, status: m.status, to: m.to, created_at: m.created_at}
    if (state.closed) decided.push({...row, closed_by: state.closedBy, has_resolved_reply: state.hasResolvedReply})
    else open.push({...row, pending_asks: state.pending, replies: state.replies.length, has_resolved_reply: state.hasResolvedReply})
  }
  const decisions = (await ctx.db.all<StoreRow>(`SELECT * FROM store WHERE channel = ? AND key >= 'decision:' AND key < 'decision;' ORDER BY key`, channel))
    .map(entry)
  const messages = (await ctx.db.get<{n: number}>('SELECT count(*) AS n FROM messages WHERE channel = ?', channel))?.n ?? 0
  const newest = decided.reverse().slice(0, 50)
  return {
    channel, phases: [], rulings: [], unacknowledged_rulings: [], phase_lines: [],
    open_questions: open, decided: newest, decisions,
    counts: {messages, open_questions: open.length, decided: decided.length, decisions: decisions.length},
  }
}
