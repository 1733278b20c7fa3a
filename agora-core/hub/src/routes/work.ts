import {Router} from 'express'
import type {Ctx} from '../services/kernel/index.js'
import {fail} from '../services/kernel/index.js'
import {param, principal} from '../http/respond.js'
import {answer} from '../http/answer.js'
import {requireSeat} from '../services/channels/index.js'
import {pauseGate, requireMember} from '../services/channels/index.js'
import {onlyQuery} from '../http/schemas.js'
import {channelWork, workItem} from '../services/work/index.js'
import {ackRulings} from '../services/work/index.js'

/** The work plane's own routes: the work index and ruling acknowledgements (docs: hub README "Work plane"). */
export function workRoutes(ctx: Ctx): Router {
  const r = Router()
  r.get('/work/:item', async (req, res) => {
    onlyQuery(req.query as Record<string, unknown>, [])
    const a = requireSeat(await principal(ctx, req))
    answer(res, 'get /work/{item}', await workItem(ctx, a.id, param(req, 'item')))
  })

  r.get('/channels/:c/work', async (req, res) => {
    onlyQuery(req.query as Record<string, unknown>, [])
    const a = requireSeat(await principal(ctx, req))
    const ch = requireMember(ctx, param(req, 'c'), a.id)
    answer(res, 'get /channels/{c}/work', await channelWork(ctx, ch.name))
  })

  r.post('/channels/:c/ruling-acks', async (req, res) => {
    const p = await principal(ctx, req)
    const a = requireSeat(p)
    const ch = requireMember(ctx, param(req, 'c'), a.id)
    await pauseGate(ctx, p.operator, ch.name)
    const body = req.body === undefined ? {} : req.body
    if (!body || typeof body !== 'object' || Array.isArray(body)) fail(400, 'send a JSON object body: {"keys":["ruling:..."]}')
    const extra = Object.keys(body).find(k => k !== 'keys')
    if (extra !== undefined) fail(400, `unknown field '${extra}'; this route takes keys`)
    answer(res, 'post /channels/{c}/ruling-acks', await ackRulings(ctx, ch.name, a.id, (body as Record<string, unknown>).keys))
  })
  return r
}
