import {Router} from 'express'
import type {Ctx} from '../services/kernel/index.js'
import {param, principal} from '../http/respond.js'
import {answer} from '../http/answer.js'
import {validate} from '../http/schemas.js'
import {deleteAgent, listRetired, retireAgent, unretireAgent} from '../services/operator/index.js'

/** Agent lifecycle (Layer 3): retire, unretire, hard delete, the retired list. Operators or the admin key. */
export function lifecycleRoutes(ctx: Ctx): Router {
  const r = Router()
  r.get('/agents/retired', async (req, res) => {
    answer(res, 'get /agents/retired', await listRetired(ctx, await principal(ctx, req)))
  })
  r.post('/agents/:id/retire', async (req, res) => {
    const p = await principal(ctx, req)
    const body = validate('retire', req.body ?? {})
    answer(res, 'post /agents/{id}/retire', await retireAgent(ctx, p, param(req, 'id'), body.reason))
  })
  r.delete('/agents/:id/retire', async (req, res) => {
    answer(res, 'delete /agents/{id}/retire', await unretireAgent(ctx, await principal(ctx, req), param(req, 'id')))
  })
  r.delete('/agents/:id', async (req, res) => {
    answer(res, 'delete /agents/{id}', await deleteAgent(ctx, await principal(ctx, req), param(req, 'id')))
  })
  return r
}
