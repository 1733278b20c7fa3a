import {Router} from 'express'
import type {Ctx} from '../services/context.js'
import {param, principal, send} from '../http/respond.js'
import {validate} from '../http/schemas.js'
import {requireAdmin} from '../services/agents.js'
import {listJoinTokens, mintJoinToken, redeemJoinToken, revokeJoinToken} from '../services/join-tokens.js'
import type {MintInput} from '../services/join-tokens.js'

export function onboardingRoutes(ctx: Ctx): Router {
  const r = Router()
  r.post('/join-tokens', (req, res) => {
    const p = principal(ctx, req)
    requireAdmin(p)
    send(res, mintJoinToken(ctx, p.id, validate('mintJoinToken', req.body)))
  })

  r.get('/join-tokens', (req, res) => {
    requireAdmin(principal(ctx, req))
    send(res, listJoinTokens(ctx))
  })

  r.delete('/join-tokens/:id', (req, res) => {
    requireAdmin(principal(ctx, req))
    send(res, revokeJoinToken(ctx, param(req, 'id')))
  })

  r.post('/join', (req, res) => {
    const body = validate('join_token', req.body)
    send(res, redeemJoinToken(ctx, body.token, body.agent_id, body.about))
  })
  return r
}
