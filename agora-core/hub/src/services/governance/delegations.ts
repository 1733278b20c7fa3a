import type {DelegationBody, Power} from '@agora/protocol'
import type {Ctx} from '../kernel/index.js'
import {fail, sanitize} from '../kernel/index.js'
import type {Principal} from '../channels/index.js'
import {cleanMission} from '../channels/index.js'
import {alertHub, syncHubAlerts} from './hub-alerts.js'
import type {Grant} from '../grants/index.js'
import {activeGrant, toGrant} from '../grants/index.js'

const DAY = 86400

export type GrantInput = DelegationBody

/** PUT /admin/delegation: one active grant per seat; the new grant replaces the old one. */
export async function grantDelegation(ctx: Ctx, p: Principal, input: GrantInput): Promise<Grant> {
  if (!p.operator) fail(403, 'granting a delegation needs an operator seat or the admin key')
  const a = ctx.cache.agents.get(input.agent_id)
  if (!a) fail(404, `no agent '${input.agent_id}'; register it first (POST /agents)`)
  if (a.retired_at != null) fail(409, `'${a.id}' is retired; delegate to a live seat`)
  if (a.operator) fail(400, `'${a.id}' is an operator and already holds every power; delegate to a non-operator seat`)
  const mission = input.mission === undefined ? undefined : cleanMission(input.mission)
  if (mission !== undefined && !mission) fail(400, 'mission cannot be empty; state the seat\'s standing charge or omit the field')
  if (!(mission ?? a.mission).trim()) {
    fail(400, `'${a.id}' has no mission; set one first (PUT /admin/agents/${a.id}/mission) or pass mission in this grant`)
  }
  const powers = [...new Set(input.powers)].sort() as Power[]
  const proxy = powers.includes('proxy')
  const scope = input.scope ?? ''
  if (proxy && !scope) fail(400, 'a proxy grant needs a scope: a channel name or "*"')
  if (scope && scope !== '*') {
    if (!ctx.cache.channels.has(scope)) fail(404, `scope names channel '${scope}', which does not exist; use "", "*" or an existing channel`)
    if (!ctx.cache.isMember(scope, a.id)) fail(400, `'${a.id}' is not a member of '${scope}'; invite them before scoping a grant there`)
  }
  const cap = proxy ? 7 * DAY : 30 * DAY
  const ttl = input.ttl_seconds ?? (proxy ? DAY : 7 * DAY)
  if (ttl > cap) fail(400, `ttl_seconds ${ttl} is over the ${proxy ? 'proxy ' : ''}cap of ${cap} (${cap / DAY} days); grant less and renew`)
  const note = sanitize(input.note ?? '')
  if (note.length > 200) fail(400, `note is ${note.length} characters; the limit is 200`)
  const now = ctx.now()
  const grant: Grant = {agent_id: a.id, powers, granted_at: now, expires_at: now + ttl, note, scope}
  await ctx.db.tx(async () => {
    await ctx.db.run('UPDATE delegations SET revoked_at = ? WHERE agent_id = ? AND revoked_at IS NULL', now, a.id)
    await ctx.db.run('INSERT INTO delegations (agent_id, powers, granted_at, expires_at, note, scope) VALUES (?, ?, ?, ?, ?, ?)',
      a.id, JSON.stringify(powers), now, grant.expires_at, note, scope)
    // The mirror changes with the rows (a rollback reloads it): the alerts below already read the new grant.
    ctx.cache.revokeGrants(a.id, now)
    ctx.cache.addGrant({agent_id: a.id, powers: JSON.stringify(powers), granted_at: now, expires_at: grant.expires_at, note, scope, revoked_at: null})
    if (mission !== undefined) {
      await ctx.db.run('UPDATE agents SET mission = ? WHERE id = ?', mission, a.id)
      a.mission = mission
    }
    await syncHubAlerts(ctx)
    const where = scope === '' ? 'hub-wide' : scope === '*' ? 'in every channel' : `in ${scope}`
    const until = new Date(grant.expires_at * 1000).toISOString()
    await alertHub(ctx, `delegation: ${a.id} granted ${powers.join(', ')} ${where} until ${until} by ${p.id}${note ? ` — ${note}` : ''}`,
      {data: {delegation: grant}})
    if (ctx.cache.isMember('hub-alerts', a.id)) {
      await alertHub(ctx, `you hold a delegation: ${powers.join(', ')} ${where} until ${until}`, {to: [a.id], data: {delegation: grant}})
    }
  })
  return grant
}

/** DELETE /admin/delegation/{a} */
export async function revokeDelegation(ctx: Ctx, p: Principal, agent: string): Promise<{agent_id: string; revoked: boolean}> {
  if (!p.operator) fail(403, 'revoking a delegation needs an operator seat or the admin key')
  if (!ctx.cache.agents.has(agent)) fail(404, `no agent '${agent}'`)
  const live = activeGrant(ctx, agent)
  await ctx.db.tx(async () => {
    const now = ctx.now()
    await ctx.db.run('UPDATE delegations SET revoked_at = ? WHERE agent_id = ? AND revoked_at IS NULL', now, agent)
    ctx.cache.revokeGrants(agent, now)
    if (live) {
      await alertHub(ctx, `delegation: ${agent}'s grant (${live.powers.join(', ')}) revoked by ${p.id}`)
      await syncHubAlerts(ctx)
    }
  })
  return {agent_id: agent, revoked: !!live}
}

/** GET /admin/delegations: every grant ever made, newest first, with its state. */
export function delegationHistory(ctx: Ctx): Array<Grant & {state: string; revoked_at: number | null}> {
  const now = ctx.now()
  const rows = [...ctx.cache.grants.values()].flat().reverse()
  // Newest first; a tie keeps the later insertion first (as the rowid order did).
  return rows.sort((x, y) => y.granted_at - x.granted_at).map(r => ({
    ...toGrant(r), revoked_at: r.revoked_at,
    state: r.revoked_at != null ? 'revoked' : r.expires_at <= now ? 'expired' : 'active',
  }))
}

/** A permanent hub ban ends the target's delegation (docs/protocol.md#governance); runs inside the ban's transaction. */
export async function revokeOnBan(ctx: Ctx, agent: string, by: string): Promise<void> {
  const live = activeGrant(ctx, agent)
  if (!live) return
  const now = ctx.now()
  await ctx.db.run('UPDATE delegations SET revoked_at = ? WHERE agent_id = ? AND revoked_at IS NULL', now, agent)
  ctx.cache.revokeGrants(agent, now)
  await alertHub(ctx, `delegation: ${agent}'s grant (${live.powers.join(', ')}) ended by a hub ban from ${by}`)
  await syncHubAlerts(ctx)
}
