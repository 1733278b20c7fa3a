import {Router} from 'express'
import type {Request} from 'express'
import type {Ctx} from '../services/context.js'
import {fail} from '../services/context.js'
import {losslessField, param, principal, send} from '../http/respond.js'
import {intQuery, onlyQuery, validate} from '../http/schemas.js'
import {requireSeat} from '../services/agents.js'
import {requireMember} from '../services/channels.js'
import {getBySeq, getMessage, wireMessage} from '../services/messages.js'
import {postMessage} from '../services/post.js'
import type {PostInput} from '../services/post.js'
import {decorate, history, readWithAncestors} from '../services/history.js'
import {retractMessage, retractThread} from '../services/retract.js'
import {digest} from '../services/digest.js'
import {isDm} from '../services/channels.js'

const PASSIVE_DESTS = new Set(['image', 'audio', 'video', 'font', 'object', 'embed', 'track', 'style', 'script',
  'manifest', 'paintworklet', 'audioworklet'])

/** Validate a PostMessage body; `data` comes from the lossless parse so number tokens survive. */
export function postBody(req: Request): PostInput {
  const body = validate('post', req.body)
  const data = losslessField(req, 'data')
  return data === undefined ? body : {...body, data: data as PostInput['data']}
}

export function messageRoutes(ctx: Ctx): Router {
  const r = Router()
  r.post('/channels/:c/messages', async (req, res) => {
    const p = await principal(ctx, req)
    const m = await postMessage(ctx, p, param(req, 'c'), postBody(req))
    send(res, wireMessage(m))
  })

  r.get('/channels/:c/messages', async (req, res) => {
    onlyQuery(req.query, ['since', 'limit', 'sort'])
    const a = requireSeat(await principal(ctx, req))
    const ch = requireMember(ctx, param(req, 'c'), a.id)
    const since = intQuery(req.query.since, 'since', 0, 0, Number.MAX_SAFE_INTEGER)
    const limit = intQuery(req.query.limit, 'limit', 200, 1, 1000)
    const sort = String(req.query.sort ?? 'recency')
    if (sort !== 'recency') fail(400, `sort '${sort}' is not supported by this hub; use sort=recency (the default)`)
    send(res, await decorate(ctx, await history(ctx, ch.name, since, limit), a.id))
  })

  r.get('/channels/:c/messages/by-seq/:n', async (req, res) => {
    const a = requireSeat(await principal(ctx, req))
    const ch = requireMember(ctx, param(req, 'c'), a.id)
    const n = intQuery(req.params.n, 'n', 0, 1, Number.MAX_SAFE_INTEGER)
    const m = await getBySeq(ctx, ch.name, n)
    if (!m) fail(404, `'${ch.name}' has no message #${n}`)
    send(res, (await decorate(ctx, [m], a.id))[0])
  })

  r.get('/channels/:c/messages/:id', async (req, res) => {
    const a = requireSeat(await principal(ctx, req))
    const ch = requireMember(ctx, param(req, 'c'), a.id)
    const dest = String(req.headers['sec-fetch-dest'] ?? '').toLowerCase()
    if (PASSIVE_DESTS.has(dest)) fail(403, 'reading a message records a receipt, so it refuses passive subresource fetches; open it deliberately')
    const m = await getMessage(ctx, param(req, 'id'))
    if (!m || m.channel !== ch.name) fail(404, `no message '${param(req, 'id')}' in '${ch.name}'`)
    send(res, (await readWithAncestors(ctx, m, a.id)).map(wireMessage))
  })
  r.get('/channels/:c/digest', async (req, res) => {
    const a = requireSeat(await principal(ctx, req))
    send(res, await digest(ctx, requireMember(ctx, param(req, 'c'), a.id).name))
  })

  r.post('/channels/:c/messages/:id/retract', async (req, res) => {
    const p = await principal(ctx, req)
    const ch = ctx.cache.channels.get(param(req, 'c'))
    if (!ch) fail(404, `channel '${param(req, 'c')}' does not exist; list yours with GET /channels`)
    if (!p.admin) requireMember(ctx, ch.name, p.id)
    const m = await getMessage(ctx, param(req, 'id'))
    if (!m || m.channel !== ch.name) fail(404, `no message '${param(req, 'id')}' in '${ch.name}'`)
    if (isDm(ch.name) && p.admin) fail(403, 'the admin key cannot act inside a direct channel')
    send(res, wireMessage(await retractMessage(ctx, p, m)))
  })

  r.post('/channels/:c/messages/:id/retract_thread', async (req, res) => {
    const p = await principal(ctx, req)
    const ch = ctx.cache.channels.get(param(req, 'c'))
    if (!ch) fail(404, `channel '${param(req, 'c')}' does not exist; list yours with GET /channels`)
    if (!p.admin) requireMember(ctx, ch.name, p.id)
    const m = await getMessage(ctx, param(req, 'id'))
    if (!m || m.channel !== ch.name) fail(404, `no message '${param(req, 'id')}' in '${ch.name}'`)
    send(res, await retractThread(ctx, p, m))
  })
  return r
}
