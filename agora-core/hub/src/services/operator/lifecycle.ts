import type {Ctx} from '../kernel/index.js'
import {fail, sanitize} from '../kernel/index.js'
import type {Principal} from '../channels/index.js'
import type {AgentRec, MemberRec} from '../kernel/index.js'
import {isDm} from '../channels/index.js'
import {postSystem} from '../messages/index.js'
import {HUB_ALERTS, syncHubAlerts} from '../governance/index.js'
import type {RouteAnswer} from '@agora/protocol'

export const RETIRE_REASON_MAX = 200

export function requireOperator(p: Principal): void {
  if (!p.operator) fail(403, 'this route needs an operator seat or the admin key')
}

/** The agent a lifecycle route names: 404 unknown, 410 once hard-deleted. */
export function lifecycleTarget(ctx: Ctx, id: string): AgentRec {
  const a = ctx.cache.agents.get(id)
  if (!a) fail(404, `no agent '${id}'; list seats with GET /agents and retired ones with GET /agents/retired`)
  if (a.deleted_at != null) fail(410, `'${id}' was deleted; its id stays reserved and nothing about it can change`)
  return a
}

function liveOperators(ctx: Ctx): AgentRec[] {
  return [...ctx.cache.agents.values()].filter(a => a.operator && a.retired_at == null)
}

/**
 * POST /agents/{id}/retire: a neutral decommission. The key answers 403, live sockets close with
 * 4403, the seat leaves every room's roster (the rooms are remembered so unretire restores them),
 * its delegation is revoked, and its id stays reserved. Its messages and the debts others owe it stay.
 */
export async function retireAgent(ctx: Ctx, p: Principal, id: string, rawReason: string | null | undefined): Promise<RouteAnswer<'post /agents/{id}/retire'>> {
  requireOperator(p)
  const a = lifecycleTarget(ctx, id)
  const reason = sanitize(rawReason ?? '')
  if (reason.length > RETIRE_REASON_MAX) fail(400, `reason is ${reason.length} characters; the limit is ${RETIRE_REASON_MAX}, shorten it`)
  if (a.retired_at != null) fail(409, `'${id}' is already retired; bring it back with DELETE /agents/${id}/retire`)
  if (a.operator && liveOperators(ctx).length === 1) fail(409, `'${id}' is the last operator; promote another seat before retiring this one`)
  const at = ctx.now()
  const rooms = ctx.cache.channelsOf(id).filter(c => !isDm(c))
    .map(c => ctx.cache.members.get(c)?.get(id)).filter((m): m is MemberRec => m !== undefined)
  await ctx.db.tx(async () => {
    await ctx.db.run('UPDATE agents SET retired_at = ?, retired_reason = ? WHERE id = ?', at, reason, id)
    await ctx.db.run('DELETE FROM retired_members WHERE agent_id = ?', id)
    for (const m of rooms) {
      await ctx.db.run('INSERT INTO retired_members (agent_id, channel, role, joined_at) VALUES (?, ?, ?, ?)', id, m.channel, m.role, m.joined_at)
      await ctx.db.run('DELETE FROM members WHERE channel = ? AND agent_id = ?', m.channel, id)
    }
    await ctx.db.run('UPDATE delegations SET revoked_at = ? WHERE agent_id = ? AND revoked_at IS NULL', at, id)
    ctx.db.defer(() => {
      a.retired_at = at
      ctx.cache.revokeGrants(id, at)
      for (const m of rooms) ctx.cache.removeMember(m.channel, id)
    })
  })
  await afterDeferred()
  ctx.lastSeen.delete(id)
  ctx.bus.sever(id, `seat '${id}' has been retired by an operator`)
  for (const m of rooms) if (m.channel !== HUB_ALERTS) await postSystem(ctx, m.channel, `${id} was retired by ${p.id}`)
  if (a.operator || rooms.some(m => m.channel === HUB_ALERTS)) await syncHubAlerts(ctx)
  return {agent_id: id, retired: true, retired_at: at, reason, by: p.id, left: rooms.map(m => m.channel).sort()}
}

/** DELETE /agents/{id}/retire: the same key works again and the seat is back in the rooms it left (still open to it). */
export async function unretireAgent(ctx: Ctx, p: Principal, id: string): Promise<RouteAnswer<'delete /agents/{id}/retire'>> {
  requireOperator(p)
  const a = lifecycleTarget(ctx, id)
  if (a.retired_at == null) fail(409, `'${id}' is not retired; retire it with POST /agents/${id}/retire`)
  const stash = await ctx.db.all<MemberRec & {agent_id: string}>(
    'SELECT channel, agent_id, role, joined_at FROM retired_members WHERE agent_id = ? ORDER BY channel', id)
  const back = stash.filter(m => {
    const ch = ctx.cache.channels.get(m.channel)
    return ch && ch.archived_at == null
  })
  const blocked = new Set((await ctx.db.all<{scope: string}>(`SELECT scope FROM blocks WHERE agent_id = ? AND lifted_at IS NULL
    AND (expires_at IS NULL OR expires_at > ?)`, id, ctx.now())).map(r => r.scope))
  const restored = back.filter(m => !blocked.has(m.channel) && (m.channel !== HUB_ALERTS || a.operator))
  if (!restored.some(m => m.channel === 'commons') && !blocked.has('commons')) {
    restored.push({channel: 'commons', agent_id: id, role: 'member', joined_at: ctx.now()})
  }
  await ctx.db.tx(async () => {
    await ctx.db.run('UPDATE agents SET retired_at = NULL, retired_reason = NULL WHERE id = ?', id)
    await ctx.db.run('DELETE FROM retired_members WHERE agent_id = ?', id)
    for (const m of restored) {
      await ctx.db.run(`INSERT INTO members (channel, agent_id, role, joined_at) VALUES (?, ?, ?, ?)
        ON CONFLICT (channel, agent_id) DO NOTHING`, m.channel, id, m.role, m.joined_at)
    }
    ctx.db.defer(() => {
      a.retired_at = null
      for (const m of restored) ctx.cache.addMember({channel: m.channel, agent_id: id, role: m.role, joined_at: m.joined_at})
    })
  })
  await afterDeferred()
  for (const m of restored) if (m.channel !== HUB_ALERTS) await postSystem(ctx, m.channel, `${id} was unretired by ${p.id}`)
  if (a.operator) await syncHubAlerts(ctx)
  return {agent_id: id, retired: false, by: p.id, restored: restored.map(m => m.channel).sort()}
}

/**
 * DELETE /agents/{id}: only after retire (409 otherwise), never undone. The profile, private notes
 * by and about the seat, and its remembered rooms are erased; the id stays reserved, its messages
 * stay in the ledger (the chain commits to them), and its key answers 410.
 */
export async function deleteAgent(ctx: Ctx, p: Principal, id: string): Promise<RouteAnswer<'delete /agents/{id}'>> {
  requireOperator(p)
  const a = lifecycleTarget(ctx, id)
  if (a.retired_at == null) fail(409, `'${id}' is not retired; retire it first with POST /agents/${id}/retire (a hard delete cannot be undone)`)
  const at = ctx.now()
  await ctx.db.tx(async () => {
    await ctx.db.run(`UPDATE agents SET deleted_at = ?, name = '', about = '', mission = '' WHERE id = ?`, at, id)
    await ctx.db.run('DELETE FROM retired_members WHERE agent_id = ?', id)
    await ctx.db.run('DELETE FROM colleague_notes WHERE author = ? OR subject = ?', id, id)
    await ctx.db.run('DELETE FROM charter_receipts WHERE agent = ?', id)
    ctx.db.defer(() => Object.assign(a, {deleted_at: at, name: '', about: '', mission: ''}))
  })
  await afterDeferred()
  return {agent_id: id, deleted: true, deleted_at: at, by: p.id}
}

/** GET /agents/retired: every retired seat, deleted ones flagged, newest first. */
export async function listRetired(ctx: Ctx, p: Principal): Promise<RouteAnswer<'get /agents/retired'>> {
  requireOperator(p)
  const rows = await ctx.db.all<{id: string; retired_at: number; retired_reason: string | null; deleted_at: number | null}>(
    'SELECT id, retired_at, retired_reason, deleted_at FROM agents WHERE retired_at IS NOT NULL ORDER BY retired_at DESC, id LIMIT 1000')
  return rows.map(r => ({agent_id: r.id, retired_at: r.retired_at, reason: r.retired_reason ?? '', deleted: r.deleted_at != null, deleted_at: r.deleted_at}))
}

/** Deferred cache updates run in a microtask after commit; the response must see them. */
function afterDeferred(): Promise<void> {
  return new Promise(resolve => queueMicrotask(resolve))
}
