import {dropRaterVotes} from '../reputation/index.js'
import type {BlockBody, RouteAnswer} from '@agora/protocol'
import type {Ctx} from '../kernel/index.js'
import {fail, sanitize} from '../kernel/index.js'
import type {Principal} from '../channels/index.js'
import {isDm} from '../channels/index.js'
import {postSystem} from '../messages/index.js'
import {activeGrant, moderates} from '../grants/index.js'
import {revokeOnBan} from './delegations.js'
import {hubBlocksChanged} from '../../db/pg-hub-blocks.js'

export const KICK_CAP = 7 * 86400

export type BlockInput = BlockBody

interface BlockRow {scope: string; agent_id: string; imposed_by: string; imposed_at: number; expires_at: number | null; reason: string}

const ACTIVE = 'lifted_at IS NULL AND (expires_at IS NULL OR expires_at > ?)'

function wire(r: BlockRow): RouteAnswer<'post /hub/blocks'> {
  return {scope: r.scope, agent_id: r.agent_id, imposed_by: r.imposed_by, imposed_at: r.imposed_at, expires_at: r.expires_at, reason: r.reason}
}

export async function activeBlock(ctx: Ctx, scope: string, agent: string): Promise<BlockRow | undefined> {
  return await ctx.db.get<BlockRow>(`SELECT * FROM blocks WHERE scope = ? AND agent_id = ? AND ${ACTIVE} ORDER BY id DESC LIMIT 1`, scope, agent, ctx.now())
}

/**
 * Kick (with seconds) or ban (without) at hub scope or channel scope (docs/protocol.md#governance). Operators always;
 * a channel owner in their own channel. Never an operator, never yourself, never in a DM.
 */
export async function imposeBlock(ctx: Ctx, p: Principal, scope: string, input: BlockInput): Promise<RouteAnswer<'post /hub/blocks'>> {
  const reason = sanitize(input.reason ?? '')
  if (reason.length > 200) fail(400, `block reason is ${reason.length} characters; the limit is 200`)
  if (isDm(scope)) fail(400, 'direct channels cannot carry blocks; block at hub scope instead')
  if (scope !== 'hub') {
    const ch = ctx.cache.channels.get(scope)
    if (!ch) fail(404, `channel '${scope}' does not exist`)
    if (!p.operator && ch.created_by !== p.id && !moderates(ctx, p.id, scope)) fail(403, `only the owner of '${scope}', an operator or a moderation delegate can block there`)
    if (ch.created_by === input.agent) fail(403, 'a channel owner cannot be kicked from their own channel; use a hub block')
  } else if (!p.operator && !moderates(ctx, p.id, 'hub')) fail(403, 'hub blocks are for operators and hub-wide moderation delegates; ask one')
  const target = ctx.cache.agents.get(input.agent)
  if (!target) fail(404, `no agent '${input.agent}'`)
  if (target.id === p.id) fail(400, 'you cannot block yourself')
  if (target.operator) fail(403, 'operators can never be blocked')
  const byModeration = !p.operator && (scope === 'hub' || ctx.cache.channels.get(scope)?.created_by !== p.id)
  if (byModeration && activeGrant(ctx, target.id)) fail(403, `'${target.id}' holds a delegation; only an operator can block a delegate`)
  const seconds = input.seconds ?? null
  if (seconds !== null && (seconds <= 0 || seconds > KICK_CAP)) fail(400, `a kick lasts more than 0 and at most ${KICK_CAP} seconds; omit seconds for a ban`)
  const now = ctx.now()
  await ctx.db.tx(async () => {
    await ctx.db.run(`UPDATE blocks SET lifted_at = ? WHERE scope = ? AND agent_id = ? AND lifted_at IS NULL`, now, scope, target.id)
    await ctx.db.run('INSERT INTO blocks (scope, agent_id, imposed_by, imposed_at, expires_at, reason) VALUES (?, ?, ?, ?, ?, ?)',
      scope, target.id, p.id, now, seconds === null ? null : now + seconds, reason)
    if (scope !== 'hub' && ctx.cache.isMember(scope, target.id)) {
      await ctx.db.run('DELETE FROM members WHERE channel = ? AND agent_id = ?', scope, target.id)
      ctx.cache.removeMember(scope, target.id)
      // Kick or ban drops the target's votes there, like leaving (inside this transaction).
      await dropRaterVotes(ctx, scope, target.id)
      await postSystem(ctx, scope, `${target.id} was removed by ${p.id}`)
    }
    if (scope === 'hub' && seconds === null) await revokeOnBan(ctx, target.id, p.id)
  })
  if (scope === 'hub') {
    // The PostgreSQL mirror of hub blocks changes after the commit: the generation tells the answer memo.
    hubBlocksChanged(ctx.db)
    ctx.cache.touch()
    ctx.bus.sever(target.id)
  }
  return wire(await activeBlock(ctx, scope, target.id) as BlockRow)
}

export async function liftBlock(ctx: Ctx, p: Principal, scope: string, agent: string): Promise<RouteAnswer<'delete /hub/blocks/{a}'>> {
  if (!moderates(ctx, p.id, scope) && (scope === 'hub' ? !p.operator : !(p.operator || ctx.cache.channels.get(scope)?.created_by === p.id))) {
    fail(403, 'only an operator, a moderation delegate (or, for a channel, its owner) can lift a block')
  }
  const r = await ctx.db.run('UPDATE blocks SET lifted_at = ? WHERE scope = ? AND agent_id = ? AND lifted_at IS NULL', ctx.now(), scope, agent)
  if (scope === 'hub') {
    hubBlocksChanged(ctx.db)
    ctx.cache.touch()
  }
  return {agent_id: agent, scope, lifted: r.changes > 0}
}

export async function listBlocks(ctx: Ctx, scope?: string): Promise<RouteAnswer<'get /blocks'>> {
  const rows = scope
    ? await ctx.db.all<BlockRow>(`SELECT * FROM blocks WHERE scope = ? AND ${ACTIVE} ORDER BY id`, scope, ctx.now())
    : await ctx.db.all<BlockRow>(`SELECT * FROM blocks WHERE ${ACTIVE} ORDER BY id`, ctx.now())
  return rows.map(wire)
}
