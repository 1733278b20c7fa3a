import type {Ctx} from '../kernel/index.js'
import {fail} from '../kernel/index.js'
import type {Principal} from '../channels/index.js'
import type {StoredMessage} from '../messages/index.js'
import {getMessage, repliesTo} from '../messages/index.js'
import {isObligation, threadState} from '../obligations/index.js'
import {postMessage} from './post.js'
import {postsInOneTx} from './posts-in-one-tx.js'
import type {RouteAnswer} from '@agora/protocol'

/** Nodes walked per call; past it the answer says `truncated:true` and a second call continues. */
export const THREAD_LIMIT = 200

async function walk(ctx: Ctx, root: StoredMessage): Promise<{nodes: StoredMessage[]; truncated: boolean}> {
  const nodes: StoredMessage[] = [root]
  const queue = [root.id]
  while (queue.length > 0) {
    for (const r of await repliesTo(ctx, queue.shift()!)) {
      if (r.channel !== root.channel) continue
      if (nodes.length >= THREAD_LIMIT) return {nodes, truncated: true}
      nodes.push(r)
      queue.push(r.id)
    }
  }
  return {nodes, truncated: false}
}

/** Claims whose `source_message_id` names a closed node (by id or `chan#seq`): the work they tracked is settled. */
type Resolved = RouteAnswer<'post /channels/{c}/messages/{id}/resolve_thread'>

async function claimsOn(ctx: Ctx, channel: string, closed: StoredMessage[]): Promise<Resolved['claims']> {
  const refs = new Set(closed.flatMap(m => [m.id, `${m.channel}#${m.seq}`]))
  const rows = await ctx.db.all<{key: string; value_json: string | null}>(`SELECT key, value_json FROM store WHERE channel = ? AND key LIKE 'claim:%' ORDER BY key`, channel)
  const out: Resolved['claims'] = []
  for (const r of rows) {
    const v = r.value_json ? JSON.parse(r.value_json) as Record<string, unknown> : null
    if (v && typeof v.source_message_id === 'string' && refs.has(v.source_message_id)) {
      out.push({key: r.key, owner: v.owner ?? null, source_message_id: v.source_message_id})
    }
  }
  return out
}

/**
 * Close every open node of a thread with a `resolved` reply from the caller. The caller must be
 * the asker of every open node, or an operator: otherwise 403 and nothing is closed.
 */
export async function resolveThread(ctx: Ctx, p: Principal, root: StoredMessage, body: string | null): Promise<RouteAnswer<'post /channels/{c}/messages/{id}/resolve_thread'>> {
  const {nodes, truncated} = await walk(ctx, root)
  const open: StoredMessage[] = []
  for (const m of nodes) {
    if (m.kind !== 'message' || m.retracted_at != null || !isObligation(m)) continue
    if (!(await threadState(ctx, m)).closed) open.push(m)
  }
  const [foreign] = open.filter(m => m.sender !== p.id)
  if (!p.operator && foreign !== undefined) {
    fail(403, `#${foreign.seq} is ${foreign.sender}'s open question; only its asker or an operator can close it, so nothing was closed — resolve your own with a resolved reply`)
  }
  const closed: Resolved['closed'] = []
  // One transaction: when a later reply is refused (the posting budget runs out mid-thread), the earlier
  // ones roll back with it (and give their budget back), so a refused resolve closes and costs nothing.
  await postsInOneTx(ctx, async (spent) => {
    for (const m of open) {
      const reply = await postMessage(ctx, p, m.channel, {status: 'resolved', reply_to: m.id, body: body ?? `closed by ${p.id} (resolve_thread on #${root.seq})`}, spent)
      closed.push({id: m.id, seq: m.seq, sender: m.sender, resolved_by: reply.id, resolved_seq: reply.seq})
    }
  }, {channel: root.channel})
  const settled = await Promise.all(open.map(async m => (await getMessage(ctx, m.id))!))
  return {closed, claims: await claimsOn(ctx, root.channel, settled), truncated}
}
