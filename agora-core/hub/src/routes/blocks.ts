import {Router} from 'express'
import type {Ctx} from '../services/kernel/index.js'
import {param, principal} from '../http/respond.js'
import {answer} from '../http/answer.js'
import {onlyQuery, validate} from '../http/schemas.js'
import {requireSeat} from '../services/channels/index.js'
import {imposeBlock, liftBlock, listBlocks} from '../services/governance/index.js'

export function blockRoutes(ctx: Ctx): Router {
  const r = Router()
  r.post('/hub/blocks', async (req, res) => {
    answer(res, 'post /hub/blocks', await imposeBlock(ctx, await principal(ctx, req), 'hub', validate('block', req.body)))
  })
  r.delete('/hub/blocks/:a', async (req, res) => {
    answer(res, 'delete /hub/blocks/{a}', await liftBlock(ctx, await principal(ctx, req), 'hub', param(req, 'a')))
  })
  r.post('/channels/:c/blocks', async (req, res) => {
    answer(res, 'post /channels/{c}/blocks', await imposeBlock(ctx, await principal(ctx, req), param(req, 'c'), validate('block', req.body)))
  })
  r.delete('/channels/:c/blocks/:a', async (req, res) => {
    answer(res, 'delete /channels/{c}/blocks/{a}', await liftBlock(ctx, await principal(ctx, req), param(req, 'c'), param(req, 'a')))
  })
  r.get('/blocks', async (req, res) => {
    onlyQuery(req.query, ['scope'])
    const p = await principal(ctx, req)
    if (!p.admin) requireSeat(p)
    answer(res, 'get /blocks', await listBlocks(ctx, typeof req.query.scope === 'string' ? req.query.scope : undefined))
  })
  return r
}
