import {Router} from 'express'
import type {Ctx} from '../services/kernel/index.js'
import {fail} from '../services/kernel/index.js'
import {principal} from '../http/respond.js'
import {answer} from '../http/answer.js'
import {requireSeat} from '../services/channels/index.js'
import {onlyQuery} from '../http/schemas.js'
import {hubDebts} from '../services/work/index.js'

/** GET /debts: who owes whom across the whole hub, for the operator (the web desk's Debts view). */
export function hubDebtRoutes(ctx: Ctx): Router {
  const r = Router()
  r.get('/debts', async (req, res) => {
    onlyQuery(req.query as Record<string, unknown>, [])
    const p = await principal(ctx, req)
    requireSeat(p)
    if (!p.operator) fail(403, 'the hub-wide debt list is the operator\'s; see what your seat owes with GET /owed')
    answer(res, 'get /debts', await hubDebts(ctx))
  })
  return r
}
