import {Router} from 'express'
import type {Ctx} from '../services/kernel/index.js'
import {principal} from '../http/respond.js'
import {answer} from '../http/answer.js'
import {validate} from '../http/schemas.js'
import {requireSeat} from '../services/channels/index.js'
import {createGroup} from '../services/posting/index.js'

export function groupRoutes(ctx: Ctx): Router {
  const r = Router()
  r.post('/groups', async (req, res) => {
    const p = await principal(ctx, req)
    requireSeat(p)
    answer(res, 'post /groups', await createGroup(ctx, p, validate('group', req.body)))
  })
  return r
}
