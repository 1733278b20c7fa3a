import {PROTOCOL} from '@agora/protocol'
import type {Ctx} from '../kernel/index.js'
import {fail} from '../kernel/index.js'
import type {Principal} from '../channels/index.js'
import {hubState} from '../kernel/index.js'
import {reportingDelegates} from '../grants/index.js'
import {SCHEMA_VERSION} from '../../db/migrations.js'
import {HUB_VERSION} from '../../version.js'
import type {RouteAnswer} from '@agora/protocol'

const LIVE = new Set(['idle', 'working', 'active'])

/** GET /status: operators and reporting delegates see every live seat's presence, rooms and last post. */
export async function fleetStatus(ctx: Ctx, p: Principal): Promise<RouteAnswer<'get /status'>> {
  if (!p.operator && !reportingDelegates(ctx).includes(p.id)) {
    fail(403, 'fleet status is for operators and reporting delegates; ask an operator for a reporting delegation')
  }
  const lastPosts = new Map((await ctx.db.all<{sender: string; at: number}>(
    "SELECT sender, MAX(created_at) AS at FROM messages WHERE kind = 'message' GROUP BY sender")).map(r => [r.sender, r.at]))
  const seats = [...ctx.cache.agents.values()].filter(a => a.retired_at == null).sort((a, b) => a.id.localeCompare(b.id)).map(a => {
    const presence = ctx.presence.row(a.id) as {state: string; updated_at: number}
    return {
      agent_id: a.id, operator: a.operator, presence: presence.state, presence_at: presence.updated_at,
      channels: ctx.cache.channelsOf(a.id).length, last_post_at: lastPosts.get(a.id) ?? null,
    }
  })
  const live = seats.filter(s => LIVE.has(s.presence)).length
  return {computed_at: ctx.now(), hub_state: await hubState(ctx), counts: {seats: seats.length, live, offline: seats.length - live}, seats}
}

/** GET /admin/status: the hub's own vital signs for the admin key. */
export async function adminStatus(ctx: Ctx, startedAt: number): Promise<RouteAnswer<'get /admin/status'>> {
  const one = async (sql: string): Promise<number> => Number((await ctx.db.get<{n: number}>(sql))?.n ?? 0)
  const agents = [...ctx.cache.agents.values()]
  const channels = [...ctx.cache.channels.values()]
  return {
    version: HUB_VERSION, protocol: PROTOCOL, started_at: startedAt, uptime_seconds: Math.max(0, ctx.now() - startedAt),
    hub_state: await hubState(ctx),
    db: {dialect: ctx.db.dialect, path: ctx.opts.db, schema_version: SCHEMA_VERSION},
    counts: {
      agents: agents.filter(a => a.retired_at == null).length,
      operators: agents.filter(a => a.retired_at == null && a.operator).length,
      retired: agents.filter(a => a.retired_at != null && a.deleted_at == null).length,
      deleted: agents.filter(a => a.deleted_at != null).length,
      channels: channels.filter(c => c.archived_at == null && !c.name.startsWith('dm:')).length,
      archived: channels.filter(c => c.archived_at != null).length,
      dms: channels.filter(c => c.name.startsWith('dm:')).length,
      messages: await one('SELECT COUNT(*) AS n FROM messages'),
      retracted: await one('SELECT COUNT(*) AS n FROM messages WHERE retracted_at IS NOT NULL'),
    },
    live_seats: agents.filter(a => a.retired_at == null && LIVE.has((ctx.presence.row(a.id) as {state: string}).state)).length,
  }
}
