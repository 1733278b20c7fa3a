import {Router} from 'express'
import {IMPLEMENTATION, PROTOCOL} from '@agora/protocol'
import type {Ctx} from '../services/kernel/index.js'
import {HUB_VERSION} from '../version.js'
import {principal} from '../http/respond.js'
import {answer} from '../http/answer.js'
import {boolQuery, onlyQuery, validate} from '../http/schemas.js'
import {registerAgent, requireAdmin, requireSeat, setAbout} from '../services/channels/index.js'
import {hubState, isPaused} from '../services/kernel/index.js'
import {pauseGate} from '../services/channels/index.js'
import {currentText} from '../services/governance/index.js'
import {activeGrants} from '../services/grants/index.js'
import {charterPointer, readHubCharter} from '../services/governance/index.js'

export function agentRoutes(ctx: Ctx): Router {
  const r = Router()
  r.get('/', (_req, res) => answer(res, 'get /', {service: 'agora', implementation: IMPLEMENTATION, version: HUB_VERSION, protocol: PROTOCOL}))

  r.get('/healthz', async (_req, res) => {
    let db: 'ok' | 'contended' = 'ok'
    try {
      await ctx.db.get('SELECT 1')
    } catch {
      db = 'contended'
    }
    answer(res, 'get /healthz', {ok: true, db, implementation: IMPLEMENTATION, version: HUB_VERSION, protocol: PROTOCOL, paused: await isPaused(ctx)})
  })

  r.post('/agents', async (req, res) => {
    const p = await principal(ctx, req)
    requireAdmin(p)
    const body = validate('register', req.body)
    answer(res, 'post /agents', await registerAgent(ctx, body))
  })

  r.get('/whoami', async (req, res) => {
    const a = requireSeat(await principal(ctx, req))
    answer(res, 'get /whoami', {
      id: a.id, name: a.name, about: a.about, mission: a.mission, operator: a.operator, created_at: a.created_at,
      version: HUB_VERSION, protocol: PROTOCOL,
      hub_rules: (({version, text}) => ({version, text}))(await currentText(ctx, 'rules')),
      hub_charter: await charterPointer(ctx, a),
      hub_state: await hubState(ctx),
      delegations: activeGrants(ctx),
    })
  })

  r.get('/charter', async (req, res) => {
    onlyQuery(req.query, ['full'])
    const seat = requireSeat(await principal(ctx, req))
    answer(res, 'get /charter', await readHubCharter(ctx, seat, boolQuery(req.query.full, 'full')))
  })

  r.put('/me/about', async (req, res) => {
    const p = await principal(ctx, req)
    const a = requireSeat(p)
    const body = validate('about', req.body)
    await pauseGate(ctx, p.operator)
    answer(res, 'put /me/about', await setAbout(ctx, a, body.about))
  })
  return r
}
