import {Router} from 'express'
import type {Ctx} from '../services/context.js'
import {param, principal, send} from '../http/respond.js'
import {onlyQuery, validate} from '../http/schemas.js'
import {requireSeat} from '../services/agents.js'
import {imposeBlock, liftBlock, listBlocks} from '../services/blocks.js'
import type {BlockInput} from '../services/blocks.js'

export function blockRoutes(ctx: Ctx): Router {
  const r = Router()
  r.post('/hub/blocks', (req, res) => {
    send(res, imposeBlock(ctx, principal(ctx, req), 'hub', validate('block', req.body)))
  })
  r.delete('/hub/blocks/:a', (req, res) => {
    send(res, liftBlock(ctx, principal(ctx, req), 'hub', param(req, 'a')))
  })
  r.post('/channels/:c/blocks', (req, res) => {
    send(res, imposeBlock(ctx, principal(ctx, req), param(req, 'c'), validate('block', req.body)))
  })
  r.delete('/channels/:c/blocks/:a', (req, res) => {
    send(res, liftBlock(ctx, principal(ctx, req), param(req, 'c'), param(req, 'a')))
  })
  r.get('/blocks', (req, res) => {
    onlyQuery(req.query, ['scope'])
    const p = principal(ctx, req)
    if (!p.admin) requireSeat(p)
    send(res, listBlocks(ctx, typeof req.query.scope === 'string' ? req.query.scope : undefined))
  })
  return r
}
