import {Router} from 'express'
import type {Ctx} from '../services/kernel/index.js'
import {fail, sanitize} from '../services/kernel/index.js'
import {param, principal} from '../http/respond.js'
import {answer} from '../http/answer.js'
import {validate} from '../http/schemas.js'
import {cleanMission, requireSeat} from '../services/channels/index.js'
import type {Principal} from '../services/channels/index.js'
import {recomputeClosed} from '../services/obligations/index.js'
import {HUB_ALERTS, syncHubAlerts} from '../services/governance/index.js'

function requireOperator(p: Principal): void {
  if (!p.operator) fail(403, 'this route needs an operator seat or the admin key')
}

/** Roster, roles, missions and presence (Layer 2). */
export function rosterRoutes(ctx: Ctx): Router {
  const r = Router()
  r.get('/agents', async (req, res) => {
    const p = await principal(ctx, req)
    if (!p.admin) requireSeat(p)
    answer(res, 'get /agents', [...ctx.cache.agents.values()].filter(a => a.retired_at == null).map(a => ({id: a.id, operator: a.operator}))
      .sort((a, b) => a.id.localeCompare(b.id)))
  })

  r.put('/agents/:id/role', async (req, res) => {
    const p = await principal(ctx, req)
    requireOperator(p)
    const body = validate('role', req.body)
    const a = ctx.cache.agents.get(param(req, 'id'))
    if (!a) fail(404, `no agent '${param(req, 'id')}'`)
    if (a.retired_at != null) fail(409, `'${a.id}' is retired; its role cannot change`)
    if (!body.operator && a.operator && [...ctx.cache.agents.values()].filter(x => x.operator && x.retired_at == null).length === 1) {
      fail(409, `'${a.id}' is the last operator; promote another seat before demoting this one`)
    }
    const changed = a.operator !== body.operator
    await ctx.db.run('UPDATE agents SET operator = ? WHERE id = ?', body.operator ? 1 : 0, a.id)
    a.operator = body.operator
    ctx.cache.touch()
    if (changed) await recomputeClosed(ctx)
    if (changed && ctx.cache.channels.has(HUB_ALERTS)) await syncHubAlerts(ctx)
    answer(res, 'put /agents/{id}/role', {agent: a.id, operator: a.operator, changed, by: p.id})
  })

  r.put('/admin/agents/:id/mission', async (req, res) => {
    const p = await principal(ctx, req)
    requireOperator(p)
    const body = validate('mission', req.body)
    const a = ctx.cache.agents.get(param(req, 'id'))
    if (!a) fail(404, `no agent '${param(req, 'id')}'`)
    const mission = cleanMission(body.mission)
    if (!sanitize(mission)) fail(400, 'a mission cannot be empty; state the standing charge for this seat')
    await ctx.db.run('UPDATE agents SET mission = ? WHERE id = ?', mission, a.id)
    a.mission = mission
    answer(res, 'put /admin/agents/{id}/mission', {agent_id: a.id, mission})
  })

  r.get('/admin/missions', async (req, res) => {
    requireOperator(await principal(ctx, req))
    answer(res, 'get /admin/missions', [...ctx.cache.agents.values()].filter(a => a.retired_at == null && a.deleted_at == null)
      .sort((a, b) => a.id.localeCompare(b.id)).map(a => ({agent_id: a.id, mission: a.mission})))
  })

  r.get('/admin/missions/:id', async (req, res) => {
    requireOperator(await principal(ctx, req))
    const a = ctx.cache.agents.get(param(req, 'id'))
    if (!a || a.deleted_at != null) fail(404, `no agent '${param(req, 'id')}'; list seats and their missions with GET /admin/missions`)
    answer(res, 'get /admin/missions/{id}', {agent_id: a.id, mission: a.mission})
  })

  r.put('/presence', async (req, res) => {
    const a = requireSeat(await principal(ctx, req))
    const body = validate('presence', req.body)
    if (body.state !== 'idle' && body.state !== 'working') fail(400, `presence state must be idle or working, not '${body.state}'`)
    answer(res, 'put /presence', ctx.presence.declare(a.id, body.state))
  })

  r.get('/presence', async (req, res) => {
    const p = await principal(ctx, req)
    const a = requireSeat(p)
    answer(res, 'get /presence', ctx.presence.visibleTo(a.id, p.operator).map(id => ctx.presence.row(id)))
  })

  r.get('/presence/:a', async (req, res) => {
    const p = await principal(ctx, req)
    const a = requireSeat(p)
    answer(res, 'get /presence/{a}', ctx.presence.one(a.id, p.operator, param(req, 'a')))
  })
  return r
}
