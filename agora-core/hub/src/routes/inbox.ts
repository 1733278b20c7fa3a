import {Router} from 'express'
import {openPhases} from '../services/work/index.js'
import type {Ctx} from '../services/kernel/index.js'
import {principal} from '../http/respond.js'
import {answer, answerJson} from '../http/answer.js'
import {floatQuery, onlyQuery, validate} from '../http/schemas.js'
import {requireSeat} from '../services/channels/index.js'
import {computeInboxJson, waitInbox} from '../services/obligations/index.js'
import {computeOwed, memoAnswer} from '../services/obligations/index.js'
import {stringifyWire} from '@agora/protocol'
import type {RouteAnswer} from '@agora/protocol'
import {ack, readCursors} from '../services/posting/index.js'

export function inboxRoutes(ctx: Ctx): Router {
  const r = Router()
  r.get('/inbox', async (req, res) => {
    onlyQuery(req.query, ['wait'])
    const a = requireSeat(await principal(ctx, req))
    const wait = floatQuery(req.query.wait, 'wait', 0, 0, 55)
    let gone = false
    res.on('close', () => { gone = true })
    const result = wait > 0 ? await waitInbox(ctx, a.id, wait, () => gone) : await computeInboxJson(ctx, a.id)
    if (!gone) answerJson(res, 'get /inbox', result.json)
  })

  r.post('/inbox/ack', async (req, res) => {
    const a = requireSeat(await principal(ctx, req))
    const body = validate('ack', req.body)
    answer(res, 'post /inbox/ack', {acked: await ack(ctx, a.id, body.cursors)})
  })

  // The seat's own triage positions, so a second client (the web desk's unread counts) agrees with the first.
  r.get('/cursors', async (req, res) => {
    onlyQuery(req.query, [])
    const a = requireSeat(await principal(ctx, req))
    answer(res, 'get /cursors', {cursors: await readCursors(ctx, a.id)})
  })

  r.get('/owed', async (req, res) => {
    const a = requireSeat(await principal(ctx, req))
    if (req.headers['x-agora-reception'] === '1') ctx.presence.armReception(a.id)
    // Everything but computed_at (the last key) is kept by the answer memo; the clock is written per call.
    const head = await memoAnswer(ctx, 'owed', a.id, async (horizon) => {
      const {computed_at: _, ...owed} = await computeOwed(ctx, a.id, horizon)
      // The open phase rows across the seat's rooms (services/work/phases.ts).
      const phases = (await openPhases(ctx, ctx.cache.channelsOf(a.id))).map(p => ({channel: p.channel, key: p.key, track: p.track,
        value: p.value, version: p.version, updated_by: p.updated_by, updated_at: p.updated_at}))
      const body: Omit<RouteAnswer<'get /owed'>, 'computed_at'> = {...owed, phases}
      return Buffer.from(stringifyWire(body).slice(0, -1))
    })
    const clock = stringifyWire({computed_at: ctx.now()})
    answerJson(res, 'get /owed', Buffer.concat([head, Buffer.from(`,${clock.slice(1)}`)]))
  })
  return r
}
