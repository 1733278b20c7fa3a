import {parseJsonLossless, toPlain} from '@agora/protocol'
import type {Ctx} from '../kernel/index.js'
import type {StoredMessage} from '../messages/index.js'
import {repliesToMany, selectMessages, sendersOf} from '../messages/index.js'
import {authoritativeResolution, inheritsFromOperator, isDirectiveFor, pendingAskNames, threadState, threadStateOf} from './obligations.js'
import type {ThreadState} from './obligations.js'
import {activeHubBlock} from '../channels/index.js'
import {activeGrant} from '../grants/index.js'

const MY_CHANNELS = 'SELECT channel FROM members WHERE agent_id = ?'

/** Roots with their thread state, replies fetched in one batched pass. */
export async function withStates(ctx: Ctx, roots: StoredMessage[]): Promise<Array<{m: StoredMessage; state: ThreadState}>> {
  const replies = await repliesToMany(ctx, roots.map(m => m.id))
  return roots.map(m => ({m, state: threadStateOf(ctx, m, replies.get(m.id) ?? [])}))
}

/**
 * Recompute the stored `closed` flag of every live open/blocked root. Closure depends on who is an
 * operator, so a role change can open or close threads without any new reply.
 */
export async function recomputeClosed(ctx: Ctx): Promise<void> {
  const roots = await selectMessages(ctx, "FROM messages WHERE status IN ('open','blocked') AND retracted_at IS NULL")
  await ctx.db.tx(async () => {
    for (const {m, state} of await withStates(ctx, roots)) await ctx.db.run('UPDATE messages SET closed = ? WHERE id = ?', state.closed ? 1 : 0, m.id)
  })
}

/** Unclosed open/blocked roots in the viewer's channels, not sent by the viewer. */
export async function openObligations(ctx: Ctx, viewer: string): Promise<StoredMessage[]> {
  return selectMessages(ctx, `FROM messages WHERE status IN ('open','blocked')
    AND retracted_at IS NULL AND closed = 0 AND channel IN (${MY_CHANNELS}) AND sender != ? ORDER BY created_at, seq`, viewer, viewer)
}

/** The viewer's own open/blocked roots (for to_consume, to_close and waiting_on). */
export async function ownObligations(ctx: Ctx, viewer: string): Promise<StoredMessage[]> {
  return selectMessages(ctx, `FROM messages WHERE sender = ? AND status IN ('open','blocked')
    AND retracted_at IS NULL AND channel IN (${MY_CHANNELS}) ORDER BY created_at, seq`, viewer, viewer)
}

/**
 * A thread the viewer has replied in stays theirs to answer unless every ask still pending names other seats
 * (rule 3(a): a plain addressee is released once the pending asks are someone else's) and the viewer is not
 * answering on an operator's behalf.
 */
export function pendingAsksNameOthers(ctx: Ctx, m: StoredMessage, state: ThreadState, viewer: string): boolean {
  const pending = state.asks.filter(a => state.pending.includes(a.id))
  const namesMe = pending.some(a => (a.to ?? []).includes(viewer) || a.assignee === viewer)
  const allNamed = pending.every(a => (a.to?.length ?? 0) > 0 || !!a.assignee)
  return state.asks.length > 0 && !namesMe && allNamed && !inheritsFromOperator(ctx, m, viewer)
}

export function repliedBy(state: ThreadState, agent: string): boolean {
  return state.replies.some(r => r.sender === agent)
}

/** Everyone an obligation names: `to` plus every ask's `to` and assignee. */
export function addresseesOf(m: StoredMessage, state: ThreadState): Set<string> {
  const set = new Set(m.to)
  for (const a of state.asks) {
    for (const t of a.to ?? []) set.add(t)
    if (a.assignee) set.add(a.assignee)
  }
  return set
}

export async function isLiveAddressee(ctx: Ctx, channel: string, agent: string): Promise<boolean> {
  return ctx.cache.isMember(channel, agent) && !await activeHubBlock(ctx, agent)
}

/**
 * Operator replies and fyis in the channels a reporting delegate's grant reaches: the delegate owes
 * them even when not named (docs/protocol.md#discharge-and-closure). Empty for everyone else.
 */
async function inheritedDirectives(ctx: Ctx, viewer: string): Promise<StoredMessage[]> {
  const g = activeGrant(ctx, viewer)
  if (!g || !g.powers.includes('reporting')) return []
  const scoped = g.scope !== '' && g.scope !== '*'
  return selectMessages(ctx, `FROM messages m WHERE m.kind = 'message' AND m.status IN ('reply','fyi') AND m.sender != ?
    AND m.retracted_at IS NULL AND m.sender IN (SELECT id FROM agents WHERE operator = 1)
    AND m.channel IN (${MY_CHANNELS})${scoped ? ' AND m.channel = ?' : ''}`, viewer, viewer, ...(scoped ? [g.scope] : []))
}

/** Directive debts the viewer owes (docs/protocol.md#discharge-and-closure): addressed peer replies / operator directives not yet engaged. */
export async function directiveDebts(ctx: Ctx, viewer: string): Promise<StoredMessage[]> {
  const named = await selectMessages(ctx, `FROM messages m JOIN message_to t ON m.id = t.message_id
    WHERE t.agent_id = ? AND t.cleared = 0 AND m.kind = 'message' AND m.status IN ('reply','fyi') AND m.sender != ?
    AND m.retracted_at IS NULL AND m.channel IN (${MY_CHANNELS})`, viewer, viewer, viewer)
  const byId = new Map(named.map(d => [d.id, d]))
  for (const d of await inheritedDirectives(ctx, viewer)) if (!byId.has(d.id)) byId.set(d.id, d)
  const rows = [...byId.values()].sort((a, b) => a.created_at - b.created_at || a.seq - b.seq)
  const out: StoredMessage[] = []
  const parents = await sendersOf(ctx, rows.filter(d => d.reply_to).map(d => d.reply_to as string))
  const candidates = rows.filter(d => isDirectiveFor(ctx, d, viewer, d.reply_to ? (parents.get(d.reply_to) ?? null) : null))
  const repliesById = await repliesToMany(ctx, candidates.map(d => d.id))
  for (const d of candidates) {
    const replies = repliesById.get(d.id) ?? []
    if (replies.some(r => r.sender === viewer)) continue
    if (authoritativeResolution(ctx, d, replies)) continue
    out.push(d)
  }
  return out
}

/** The parsed `claim:*` values of a channel (objects only). */
export async function claimsIn(ctx: Ctx, channel: string): Promise<Array<Record<string, unknown>>> {
  const rows = await ctx.db.all<{value_json: string | null}>(`SELECT value_json FROM store WHERE channel = ? AND key >= 'claim:' AND key < 'claim;'`, channel)
  const out: Array<Record<string, unknown>> = []
  for (const r of rows) {
    if (!r.value_json) continue
    const v = toPlain(parseJsonLossless(r.value_json)) as Record<string, unknown> | null
    if (v && typeof v === 'object') out.push(v)
  }
  return out
}

/**
 * A live `claim:*` row owned by the viewer that links back to `m` releases their /owed row. `claims`
 * (a per-call memo of claimsIn) spares a read and a parse per row when many rows share a channel.
 */
export async function hasLinkedClaim(ctx: Ctx, m: StoredMessage, viewer: string,
  claims: (channel: string) => Promise<Array<Record<string, unknown>>> = channel => claimsIn(ctx, channel)): Promise<boolean> {
  const refs = new Set([m.id, `${m.channel}#${m.seq}`])
  for (const v of await claims(m.channel)) {
    if (v.owner === viewer && v.status !== 'done' && refs.has(v.source_message_id as string)) return true
  }
  return false
}

/**
 * Is `m` an open obligation the viewer must answer (the /owed to_answer test, before release)?
 * Named in `to`, named by a pending ask, or a reporting delegate inheriting an operator's message.
 */
export function namesViewer(ctx: Ctx, m: StoredMessage, state: ThreadState, viewer: string): boolean {
  return m.to.includes(viewer) || pendingAskNames(state, viewer) || inheritsFromOperator(ctx, m, viewer)
}

export {threadState}
