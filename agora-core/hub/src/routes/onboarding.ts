import {Router} from 'express'
import type {Ctx} from '../services/kernel/index.js'
import {param, principal} from '../http/respond.js'
import {answer} from '../http/answer.js'
import {validate} from '../http/schemas.js'
import {requireAdmin} from '../services/channels/index.js'
import {listJoinTokens, mintJoinToken, redeemJoinToken, revokeJoinToken} from '../services/channels/index.js'

export function onboardingRoutes(ctx: Ctx): Router {
  const r = Router()
  r.post('/join-tokens', async (req, res) => {
    const p = await principal(ctx, req)
    requireAdmin(p)
    answer(res, 'post /join-tokens', await mintJoinToken(ctx, p.id, validate('mintJoinToken', req.body)))
  })

  r.get('/join-tokens', async (req, res) => {
    requireAdmin(await principal(ctx, req))
    answer(res, 'get /join-tokens', await listJoinTokens(ctx))
  })

  r.delete('/join-tokens/:id', async (req, res) => {
    requireAdmin(await principal(ctx, req))
    answer(res, 'delete /join-tokens/{id}', await revokeJoinToken(ctx, param(req, 'id')))
  })

  r.post('/join', async (req, res) => {
    const body = validate('join_token', req.body)
    answer(res, 'post /join', await redeemJoinToken(ctx, body.token, body.agent_id, body.about))
  })
  return r
}
