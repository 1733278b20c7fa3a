import {Router} from 'express'
import type {Ctx} from '../services/context.js'
import {principal, send, sendJson} from '../http/respond.js'
import {floatQuery, onlyQuery, validate} from '../http/schemas.js'
import {requireSeat} from '../services/agents.js'
import {computeInboxJson, waitInbox} from '../services/inbox.js'
import {computeOwed} from '../services/owed.js'
import {ack} from '../services/ack.js'

export function inboxRoutes(ctx: Ctx): Router {
  const r = Router()
  r.get('/inbox', async (req, res) => {
    onlyQuery(req.query, ['wait'])
    const a = requireSeat(await principal(ctx, req))
    const wait = floatQuery(req.query.wait, 'wait', 0, 0, 55)
    let gone = false
    res.on('close', () => { gone = true })
    const result = wait > 0 ? await waitInbox(ctx, a.id, wait, () => gone) : await computeInboxJson(ctx, a.id)
    if (!gone) sendJson(res, result.json)
  })

  r.post('/inbox/ack', async (req, res) => {
    const a = requireSeat(await principal(ctx, req))
    const body = validate('ack', req.body)
    send(res, {acked: await ack(ctx, a.id, body.cursors)})
  })

  r.get('/owed', async (req, res) => {
    const a = requireSeat(await principal(ctx, req))
    if (req.headers['x-agora-reception'] === '1') ctx.presence.armReception(a.id)
    send(res, await computeOwed(ctx, a.id))
  })
  return r
}
