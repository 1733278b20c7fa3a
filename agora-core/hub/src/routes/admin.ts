import {Router} from 'express'
import type {Ctx} from '../services/kernel/index.js'
import {principal} from '../http/respond.js'
import {answer} from '../http/answer.js'
import {validate} from '../http/schemas.js'
import {requireAdmin} from '../services/channels/index.js'
import {pauseHub, resumeHub} from '../services/operator/index.js'

export function adminRoutes(ctx: Ctx): Router {
  const r = Router()
  r.put('/admin/pause', async (req, res) => {
    const p = await principal(ctx, req)
    requireAdmin(p)
    const body = validate('pause', req.body)
    answer(res, 'put /admin/pause', await pauseHub(ctx, body.reason ?? '', p.id))
  })

  r.delete('/admin/pause', async (req, res) => {
    const p = await principal(ctx, req)
    requireAdmin(p)
    answer(res, 'delete /admin/pause', await resumeHub(ctx, p.id))
  })
  return r
}
