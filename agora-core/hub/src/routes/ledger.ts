import {Router} from 'express'
import {onlyQuery} from '../http/schemas.js'
import type {Ctx} from '../services/kernel/index.js'
import {fail} from '../services/kernel/index.js'
import {param, principal} from '../http/respond.js'
import {answer} from '../http/answer.js'
import {requireSeat} from '../services/channels/index.js'
import {requireMember} from '../services/channels/index.js'
import {ledgerReport} from '../services/messages/index.js'

export function ledgerRoutes(ctx: Ctx): Router {
  const r = Router()
  r.get('/channels/:c/ledger', async (req, res) => {
    onlyQuery(req.query, ['verify'])
    const a = requireSeat(await principal(ctx, req))
    const ch = requireMember(ctx, param(req, 'c'), a.id)
    const raw = String(req.query.verify ?? 'true').toLowerCase()
    if (!['true', 'false', '1', '0'].includes(raw)) fail(400, `verify must be true or false, not '${raw}'`)
    answer(res, 'get /channels/{c}/ledger', await ledgerReport(ctx, ch.name, raw === 'true' || raw === '1'))
  })
  return r
}
