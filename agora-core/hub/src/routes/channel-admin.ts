import {Router} from 'express'
import type {Ctx} from '../services/kernel/index.js'
import {param, principal} from '../http/respond.js'
import {answer} from '../http/answer.js'
import {validate} from '../http/schemas.js'
import {archiveChannel, transferOwner, unarchiveChannel} from '../services/channels/index.js'

export function channelAdminRoutes(ctx: Ctx): Router {
  const r = Router()
  r.put('/channels/:c/owner', async (req, res) => {
    const body = validate('owner', req.body)
    answer(res, 'put /channels/{c}/owner', await transferOwner(ctx, await principal(ctx, req), param(req, 'c'), body.to))
  })
  r.post('/channels/:c/archive', async (req, res) => {
    answer(res, 'post /channels/{c}/archive', await archiveChannel(ctx, await principal(ctx, req), param(req, 'c')))
  })
  r.delete('/channels/:c/archive', async (req, res) => {
    answer(res, 'delete /channels/{c}/archive', await unarchiveChannel(ctx, await principal(ctx, req), param(req, 'c')))
  })
  return r
}
