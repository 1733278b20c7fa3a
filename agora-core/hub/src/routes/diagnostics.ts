import {Router} from 'express'
import type {Ctx} from '../services/kernel/index.js'
import {principal} from '../http/respond.js'
import {answer} from '../http/answer.js'
import {intQuery, onlyQuery} from '../http/schemas.js'
import {requireAdmin, requireSeat} from '../services/channels/index.js'
import {requireOperator} from '../services/operator/index.js'
import {adminStatus, fleetStatus} from '../services/diagnostics/index.js'
import {ACTIVITY_HOURS_MAX, activityStats, noiseReport} from '../services/diagnostics/index.js'
import {doctor} from '../services/diagnostics/index.js'
import type {SlowLog} from '../services/diagnostics/index.js'

/** Fleet health and forensics (Layer 3): /status, /stats/activity and the /admin views. */
export function diagnosticsRoutes(ctx: Ctx, slow: SlowLog, startedAt: number): Router {
  const r = Router()
  const hours = (q: Record<string, unknown>): number => intQuery(q.hours, 'hours', 24, 1, ACTIVITY_HOURS_MAX)
  r.get('/status', async (req, res) => {
    answer(res, 'get /status', await fleetStatus(ctx, await principal(ctx, req)))
  })
  r.get('/stats/activity', async (req, res) => {
    onlyQuery(req.query, ['hours'])
    const seat = requireSeat(await principal(ctx, req))
    answer(res, 'get /stats/activity', await activityStats(ctx, seat, hours(req.query)))
  })
  r.get('/admin/status', async (req, res) => {
    requireAdmin(await principal(ctx, req))
    answer(res, 'get /admin/status', await adminStatus(ctx, startedAt))
  })
  r.get('/admin/doctor', async (req, res) => {
    requireAdmin(await principal(ctx, req))
    answer(res, 'get /admin/doctor', await doctor(ctx))
  })
  r.get('/admin/slow', async (req, res) => {
    requireAdmin(await principal(ctx, req))
    answer(res, 'get /admin/slow', slow.report())
  })
  r.get('/admin/noise', async (req, res) => {
    onlyQuery(req.query, ['hours'])
    requireOperator(await principal(ctx, req))
    answer(res, 'get /admin/noise', await noiseReport(ctx, hours(req.query)))
  })
  return r
}
