import {Router} from 'express'
import {IMPLEMENTATION, PROTOCOL} from '@agora/protocol'
import type {Ctx} from '../services/context.js'
import {HUB_VERSION} from '../version.js'
import {principal, send} from '../http/respond.js'
import {boolQuery, onlyQuery, validate} from '../http/schemas.js'
import {registerAgent, requireAdmin, requireSeat, setAbout} from '../services/agents.js'
import type {RegisterInput} from '../services/agents.js'
import {hubState, isPaused} from '../services/pause.js'
import {pauseGate} from '../services/channels.js'
import {currentText} from '../services/governance/texts.js'
import {activeGrants} from '../services/governance/delegations.js'
import {charterPointer, readHubCharter} from '../services/charter.js'

export function agentRoutes(ctx: Ctx): Router {
  const r = Router()
  r.get('/', (_req, res) => send(res, {service: 'agora', implementation: IMPLEMENTATION, version: HUB_VERSION, protocol: PROTOCOL}))

  r.get('/healthz', (_req, res) => {
    let db = 'ok'
    try {
      ctx.q.get('SELECT 1')
    } catch {
      db = 'contended'
    }
    send(res, {ok: true, db, implementation: IMPLEMENTATION, version: HUB_VERSION, protocol: PROTOCOL, paused: isPaused(ctx)})
  })

  r.post('/agents', (req, res) => {
    const p = principal(ctx, req)
    requireAdmin(p)
    const body = validate('register', req.body)
    send(res, registerAgent(ctx, body))
  })

  r.get('/whoami', (req, res) => {
    const a = requireSeat(principal(ctx, req))
    send(res, {
      id: a.id, name: a.name, about: a.about, mission: a.mission, operator: a.operator, created_at: a.created_at,
      version: HUB_VERSION, protocol: PROTOCOL,
      hub_rules: (({version, text}) => ({version, text}))(currentText(ctx, 'rules')),
      hub_charter: charterPointer(ctx, a),
      hub_state: hubState(ctx),
      delegations: activeGrants(ctx),
    })
  })

  r.get('/charter', (req, res) => {
    onlyQuery(req.query, ['full'])
    const seat = requireSeat(principal(ctx, req))
    send(res, readHubCharter(ctx, seat, boolQuery(req.query.full, 'full')))
  })

  r.put('/me/about', (req, res) => {
    const p = principal(ctx, req)
    const a = requireSeat(p)
    const body = validate('about', req.body)
    pauseGate(ctx, p.operator)
    send(res, setAbout(ctx, a, body.about))
  })
  return r
}
