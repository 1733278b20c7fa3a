import {Router} from 'express'
import type {Ctx} from '../services/kernel/index.js'
import {fail} from '../services/kernel/index.js'
import {param, principal} from '../http/respond.js'
import {answer} from '../http/answer.js'
import {boolQuery, intQuery, onlyQuery, validate} from '../http/schemas.js'
import {requireSeat} from '../services/channels/index.js'
import {channelState, isChannelAdmin, pauseGate, requireMember} from '../services/channels/index.js'
import {CHARTER_PATH, deleteFile, fileHistory, listFiles, readFile, writeFile} from '../services/store/index.js'
import {hubPartIfBehind} from '../services/governance/index.js'
import {wireMessage} from '../services/messages/index.js'

export function fsRoutes(ctx: Ctx): Router {
  const r = Router()
  r.get('/channels/:c/fs', async (req, res) => {
    onlyQuery(req.query, ['prefix'])
    const a = requireSeat(await principal(ctx, req))
    const ch = requireMember(ctx, param(req, 'c'), a.id)
    answer(res, 'get /channels/{c}/fs', await listFiles(ctx, ch.name, String(req.query.prefix ?? '')))
  })

  r.get('/channels/:c/fs/*path', async (req, res) => {
    onlyQuery(req.query, ['version'])
    const a = requireSeat(await principal(ctx, req))
    const ch = requireMember(ctx, param(req, 'c'), a.id)
    const version = req.query.version === undefined ? undefined : intQuery(req.query.version, 'version', 0, 1, Number.MAX_SAFE_INTEGER)
    answer(res, 'get /channels/{c}/fs/{path}', await readFile(ctx, ch.name, param(req, 'path'), version, a.id))
  })

  r.put('/channels/:c/fs/*path', async (req, res) => {
    const p = await principal(ctx, req)
    const a = requireSeat(p)
    const ch = requireMember(ctx, param(req, 'c'), a.id)
    const body = validate('fsPut', req.body)
    await pauseGate(ctx, p.operator, ch.name)
    if (await channelState(ctx, ch) === 'archived') fail(409, `'${ch.name}' is archived; its files are read-only`)
    const written = await ctx.budgets.spendWrite(a.id, () => writeFile(ctx, {channel: ch.name, path: param(req, 'path'), content: body.content ?? undefined,
      content_b64: body.content_b64 ?? undefined, mime: body.mime, description: body.description,
      expectVersion: body.expect_version, actor: a.id, channelAdmin: isChannelAdmin(ctx, ch, a.id, p.operator)}))
    answer(res, 'put /channels/{c}/fs/{path}', written)
  })

  r.delete('/channels/:c/fs/*path', async (req, res) => {
    onlyQuery(req.query, ['expect_version'])
    const p = await principal(ctx, req)
    const a = requireSeat(p)
    const ch = requireMember(ctx, param(req, 'c'), a.id)
    const expect = req.query.expect_version === undefined ? undefined : intQuery(req.query.expect_version, 'expect_version', 0, 0, Number.MAX_SAFE_INTEGER)
    await pauseGate(ctx, p.operator, ch.name)
    if (await channelState(ctx, ch) === 'archived') fail(409, `'${ch.name}' is archived; its files are read-only`)
    const removed = await ctx.budgets.spendWrite(a.id, () => deleteFile(ctx, ch.name, param(req, 'path'), expect, a.id, isChannelAdmin(ctx, ch, a.id, p.operator)))
    answer(res, 'delete /channels/{c}/fs/{path}', removed)
  })

  r.get('/channels/:c/charter', async (req, res) => {
    onlyQuery(req.query, ['version', 'full'])
    const a = requireSeat(await principal(ctx, req))
    const ch = requireMember(ctx, param(req, 'c'), a.id)
    const version = req.query.version === undefined ? undefined : intQuery(req.query.version, 'version', 0, 1, Number.MAX_SAFE_INTEGER)
    const file = await readFile(ctx, ch.name, CHARTER_PATH, version, a.id)
    const full = boolQuery(req.query.full, 'full')
    const hub = await hubPartIfBehind(ctx, a, full)
    answer(res, 'get /channels/{c}/charter', {channel: ch.name, ...file, ...(hub ? {hub} : {})})
  })

  r.get('/channels/:c/fshist/*path', async (req, res) => {
    onlyQuery(req.query, ['since_seq', 'limit'])
    const a = requireSeat(await principal(ctx, req))
    const ch = requireMember(ctx, param(req, 'c'), a.id)
    const since = intQuery(req.query.since_seq, 'since_seq', 0, 0, Number.MAX_SAFE_INTEGER)
    const limit = intQuery(req.query.limit, 'limit', 200, 1, 1000)
    answer(res, 'get /channels/{c}/fshist/{path}', (await fileHistory(ctx, ch.name, param(req, 'path'), since, limit)).map(wireMessage))
  })
  return r
}
