import {Router} from 'express'
import type {Ctx} from '../services/kernel/index.js'
import {fail} from '../services/kernel/index.js'
import {param, principal} from '../http/respond.js'
import {answer} from '../http/answer.js'
import {requireSeat} from '../services/channels/index.js'
import {requireMember} from '../services/channels/index.js'
import {onlyQuery} from '../http/schemas.js'
import {isReportingDelegate} from '../services/grants/index.js'
import {board} from '../services/work/index.js'
import {desk} from '../services/work/index.js'
import {superviseAll, superviseChannel} from '../services/work/index.js'

/** The derived decision surfaces: computed from state on every read, never stored. */
export function surfaceRoutes(ctx: Ctx): Router {
  const r = Router()
  r.get('/board', async (req, res) => {
    onlyQuery(req.query as Record<string, unknown>, [])
    const a = requireSeat(await principal(ctx, req))
    answer(res, 'get /board', await board(ctx, a.id))
  })

  r.get('/desk', async (req, res) => {
    onlyQuery(req.query as Record<string, unknown>, [])
    const p = await principal(ctx, req)
    const a = requireSeat(p)
    if (!p.operator && !(isReportingDelegate(ctx, a.id))) fail(403, 'the desk is the operator\'s (and a reporting delegate\'s); see your own work with `agora board` (GET /board, MCP get_board)')
    answer(res, 'get /desk', await desk(ctx, a.id))
  })

  r.get('/supervise', async (req, res) => {
    onlyQuery(req.query as Record<string, unknown>, [])
    const a = requireSeat(await principal(ctx, req))
    answer(res, 'get /supervise', await superviseAll(ctx, a.id))
  })

  r.get('/channels/:c/supervise', async (req, res) => {
    onlyQuery(req.query as Record<string, unknown>, [])
    const a = requireSeat(await principal(ctx, req))
    const ch = requireMember(ctx, param(req, 'c'), a.id)
    answer(res, 'get /channels/{c}/supervise', await superviseChannel(ctx, ch.name))
  })
  return r
}
