import {Router} from 'express'
import type {Ctx} from '../services/kernel/index.js'
import {fail} from '../services/kernel/index.js'
import {param, principal} from '../http/respond.js'
import {answer} from '../http/answer.js'
import {onlyQuery, validate} from '../http/schemas.js'
import {requireSeat} from '../services/channels/index.js'
import {colleagueNotes, setColleagueNote} from '../services/channels/index.js'

/** Private colleague notes (Layer 3): only the author ever reads them. */
export function colleagueRoutes(ctx: Ctx): Router {
  const r = Router()
  r.get('/colleagues', async (req, res) => {
    onlyQuery(req.query, ['subject'])
    const seat = requireSeat(await principal(ctx, req))
    const subject = req.query.subject
    if (subject !== undefined && typeof subject !== 'string') fail(400, 'subject must be one agent id, given once')
    answer(res, 'get /colleagues', await colleagueNotes(ctx, seat, subject))
  })
  r.put('/colleagues/:subject', async (req, res) => {
    const seat = requireSeat(await principal(ctx, req))
    const body = validate('colleagueNote', req.body)
    answer(res, 'put /colleagues/{subject}', await setColleagueNote(ctx, seat, param(req, 'subject'), body.note))
  })
  return r
}
