import {Router} from 'express'
import type {Ctx} from '../services/kernel/index.js'
import {fail} from '../services/kernel/index.js'
import {param, principal} from '../http/respond.js'
import {answer} from '../http/answer.js'
import {intQuery, onlyQuery, validate} from '../http/schemas.js'
import {requireAdmin, requireSeat} from '../services/channels/index.js'
import {requireMember} from '../services/channels/index.js'
import {activeGrants} from '../services/grants/index.js'
import {delegationHistory, grantDelegation, revokeDelegation} from '../services/governance/index.js'
import {analyseCharter, charterHistory, charterVersion, currentText, publishText} from '../services/governance/index.js'
import {channelCharterReceipts, receiptsFor} from '../services/governance/index.js'

/** Delegation and governance texts (docs/protocol.md#governance): rules, hub charter with versions, receipts. */
export function governanceRoutes(ctx: Ctx): Router {
  const r = Router()
  r.put('/admin/delegation', async (req, res) => {
    const p = await principal(ctx, req)
    if (!p.operator) fail(403, 'granting a delegation needs an operator seat or the admin key')
    answer(res, 'put /admin/delegation', await grantDelegation(ctx, p, validate('delegation', req.body)))
  })
  r.delete('/admin/delegation/:a', async (req, res) => answer(res, 'delete /admin/delegation/{a}', await revokeDelegation(ctx, await principal(ctx, req), param(req, 'a'))))
  r.get('/admin/delegations', async (req, res) => {
    if (!(await principal(ctx, req)).operator) fail(403, 'this route needs an operator seat or the admin key')
    answer(res, 'get /admin/delegations', delegationHistory(ctx))
  })
  r.get('/delegations', async (req, res) => {
    const p = await principal(ctx, req)
    if (!p.admin) requireSeat(p)
    answer(res, 'get /delegations', activeGrants(ctx))
  })

  r.get('/admin/rules', async (req, res) => {
    requireAdmin(await principal(ctx, req))
    answer(res, 'get /admin/rules', await currentText(ctx, 'rules'))
  })
  r.put('/admin/rules', async (req, res) => {
    const p = await principal(ctx, req)
    requireAdmin(p)
    const body = validate('text', req.body)
    const row = await publishText(ctx, 'rules', body.text, body.version, p.id)
    answer(res, 'put /admin/rules', {version: row.version, updated_by: row.updated_by, updated_at: row.updated_at})
  })

  r.get('/admin/charter', async (req, res) => {
    requireAdmin(await principal(ctx, req))
    const cur = await currentText(ctx, 'charter')
    answer(res, 'get /admin/charter', {...cur, ...analyseCharter(cur.text)})
  })
  r.put('/admin/charter', async (req, res) => {
    const p = await principal(ctx, req)
    requireAdmin(p)
    const body = validate('text', req.body)
    const row = await publishText(ctx, 'charter', body.text, body.version, p.id)
    answer(res, 'put /admin/charter', {version: row.version, ...analyseCharter(row.text)})
  })
  r.get('/admin/charter/receipts', async (req, res) => {
    requireAdmin(await principal(ctx, req))
    const version = (await currentText(ctx, 'charter')).version
    const seats = [...ctx.cache.agents.values()].filter(a => a.retired_at == null).map(a => a.id)
    answer(res, 'get /admin/charter/receipts', {scope: 'hub', version, receipts: await receiptsFor(ctx, 'hub', seats, version)})
  })

  r.get('/charter/history', async (req, res) => {
    onlyQuery(req.query, ['limit'])
    const p = await principal(ctx, req)
    if (!p.admin) requireSeat(p)
    answer(res, 'get /charter/history', await charterHistory(ctx, intQuery(req.query.limit, 'limit', 50, 1, 500)))
  })
  r.get('/charter/versions/:n', async (req, res) => {
    const p = await principal(ctx, req)
    if (!p.admin) requireSeat(p)
    answer(res, 'get /charter/versions/{n}', await charterVersion(ctx, intQuery(param(req, 'n'), 'n', 0, 0, Number.MAX_SAFE_INTEGER)))
  })
  r.get('/channels/:c/charter/receipts', async (req, res) => {
    const a = requireSeat(await principal(ctx, req))
    const ch = requireMember(ctx, param(req, 'c'), a.id)
    answer(res, 'get /channels/{c}/charter/receipts', await channelCharterReceipts(ctx, ch.name))
  })
  return r
}
