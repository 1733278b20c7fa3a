import {Router} from 'express'
import type {Ctx} from '../services/kernel/index.js'
import {param, principal} from '../http/respond.js'
import {answer} from '../http/answer.js'
import {validate} from '../http/schemas.js'
import {requireSeat} from '../services/channels/index.js'
import {mintTurnToken, redeemTurnToken, revokeTurnToken} from '../services/channels/index.js'

/** Per-turn tokens (docs/protocol.md "Turn tokens"): every route is the seat's own, by its key. */
export function turnTokenRoutes(ctx: Ctx): Router {
  const r = Router()

  r.post('/turn-tokens', async (req, res) => {
    const seat = requireSeat(await principal(ctx, req))
    answer(res, 'post /turn-tokens', await mintTurnToken(ctx, seat.id, validate('mintTurnToken', req.body)), 201)
  })

  r.post('/turn-tokens/redeem', async (req, res) => {
    const seat = requireSeat(await principal(ctx, req))
    const body = validate('redeemTurnToken', req.body)
    answer(res, 'post /turn-tokens/redeem', await redeemTurnToken(ctx, seat.id, body.token, body.session_id))
  })

  r.delete('/turn-tokens/:id', async (req, res) => {
    const seat = requireSeat(await principal(ctx, req))
    answer(res, 'delete /turn-tokens/{id}', await revokeTurnToken(ctx, seat.id, param(req, 'id')))
  })
  return r
}
