import {Router} from 'express'
import type {Ctx} from '../services/kernel/index.js'
import {fail} from '../services/kernel/index.js'
import {losslessField, param, principal} from '../http/respond.js'
import {answer} from '../http/answer.js'
import {validate} from '../http/schemas.js'
import {requireSeat} from '../services/channels/index.js'
import {channelState, isChannelAdmin, pauseGate, requireMember} from '../services/channels/index.js'
import {entry, getRow, listStore, putValue, storeKey} from '../services/store/index.js'
import {checkWorkKey} from '../services/work/index.js'

export function storeRoutes(ctx: Ctx): Router {
  const r = Router()
  r.get('/channels/:c/store', async (req, res) => {
    const a = requireSeat(await principal(ctx, req))
    answer(res, 'get /channels/{c}/store', await listStore(ctx, requireMember(ctx, param(req, 'c'), a.id).name))
  })

  r.get('/channels/:c/store/:key', async (req, res) => {
    const a = requireSeat(await principal(ctx, req))
    const ch = requireMember(ctx, param(req, 'c'), a.id)
    const key = param(req, 'key')
    if (key.startsWith('fs/')) fail(403, `store keys under 'fs/' belong to the file API; use GET /channels/${ch.name}/fs/{path}`)
    const row = await getRow(ctx, ch.name, key)
    if (!row) fail(404, `no store key '${key}' in '${ch.name}'; list keys with GET /channels/${ch.name}/store`)
    answer(res, 'get /channels/{c}/store/{key}', entry(row))
  })

  r.put('/channels/:c/store/:key', async (req, res) => {
    const p = await principal(ctx, req)
    const a = requireSeat(p)
    const ch = requireMember(ctx, param(req, 'c'), a.id)
    const body = validate('storePut', req.body)
    await pauseGate(ctx, p.operator, ch.name)
    if (await channelState(ctx, ch) === 'archived') fail(409, `'${ch.name}' is archived; its store is read-only`)
    // The write token is taken first (refunded on a refusal); then the work-plane key kinds (claim: park/wait,
    // phase:, gate:, queue:, ruling:, work:) are checked before the CAS write.
    const written = await ctx.budgets.spendWrite(a.id, async () => {
      const kind = await checkWorkKey(ctx, {channel: ch.name, key: storeKey(param(req, 'key')), value: losslessField(req, 'value') ?? body.value,
        expectVersion: body.expect_version, actor: a.id, operator: p.operator})
      return ctx.db.tx(async () => putValue(ctx, {
        channel: ch.name, key: param(req, 'key'), value: kind.value,
        expectVersion: kind.expectVersion, actor: a.id, operator: p.operator,
        channelAdmin: isChannelAdmin(ctx, ch, a.id, p.operator),
      }))
    })
    answer(res, 'put /channels/{c}/store/{key}', written)
  })
  return r
}
