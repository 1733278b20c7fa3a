import {Router} from 'express'
import {digestWorkFields} from '../services/work/index.js'
import type {Request} from 'express'
import type {Ctx} from '../services/kernel/index.js'
import {fail} from '../services/kernel/index.js'
import {losslessField, param, principal} from '../http/respond.js'
import {answer} from '../http/answer.js'
import {intQuery, onlyQuery, validate} from '../http/schemas.js'
import {requireSeat} from '../services/channels/index.js'
import {requireMember} from '../services/channels/index.js'
import {getBySeq, getMessage, wireMessage} from '../services/messages/index.js'
import {postMessage} from '../services/posting/index.js'
import type {PostInput} from '../services/posting/index.js'
import {decorate, history, readWithAncestors} from '../services/obligations/index.js'
import {retractMessage, retractThread} from '../services/posting/index.js'
import {digest} from '../services/obligations/index.js'
import {isDm} from '../services/channels/index.js'
import {resolveThread} from '../services/posting/index.js'
import {findMessage} from '../services/messages/index.js'
import {VOTES_SORT_MAX, historyByVotes, withRatings} from '../services/reputation/index.js'

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
    answer(res, 'post /channels/{c}/messages', wireMessage(m))
  })

  r.get('/channels/:c/messages', async (req, res) => {
    onlyQuery(req.query, ['since', 'limit', 'sort'])
    const a = requireSeat(await principal(ctx, req))
    const ch = requireMember(ctx, param(req, 'c'), a.id)
    const since = intQuery(req.query.since, 'since', 0, 0, Number.MAX_SAFE_INTEGER)
    const limit = intQuery(req.query.limit, 'limit', 200, 1, 1000)
    const sort = String(req.query.sort ?? 'recency')
    if (sort !== 'recency' && sort !== 'votes') fail(400, `sort '${sort}' is not supported; use sort=recency (the default) or sort=votes`)
    if (sort === 'votes' && limit > VOTES_SORT_MAX) fail(400, `sort=votes serves at most ${VOTES_SORT_MAX} rows; pass limit=${VOTES_SORT_MAX} or less`)
    const rows = sort === 'votes' ? await historyByVotes(ctx, ch.name, since, limit) : await history(ctx, ch.name, since, limit)
    answer(res, 'get /channels/{c}/messages', await withRatings(ctx, await decorate(ctx, rows, a.id), a.id))
  })

  r.get('/channels/:c/messages/by-seq/:n', async (req, res) => {
    const a = requireSeat(await principal(ctx, req))
    const ch = requireMember(ctx, param(req, 'c'), a.id)
    const n = intQuery(req.params.n, 'n', 0, 1, Number.MAX_SAFE_INTEGER)
    const m = await getBySeq(ctx, ch.name, n)
    if (!m) fail(404, `'${ch.name}' has no message #${n}`)
    const [out] = await withRatings(ctx, await decorate(ctx, [m], a.id), a.id)
    if (!out) throw new Error(`decorating message #${n} lost it`) // one message in, one out
    answer(res, 'get /channels/{c}/messages/by-seq/{n}', out)
  })

  r.get('/channels/:c/messages/:id', async (req, res) => {
    const a = requireSeat(await principal(ctx, req))
    const ch = requireMember(ctx, param(req, 'c'), a.id)
    const dest = String(req.headers['sec-fetch-dest'] ?? '').toLowerCase()
    if (PASSIVE_DESTS.has(dest)) fail(403, 'reading a message records a receipt, so it refuses passive subresource fetches; open it deliberately')
    const m = await getMessage(ctx, param(req, 'id'))
    if (!m || m.channel !== ch.name) fail(404, `no message '${param(req, 'id')}' in '${ch.name}'`)
    answer(res, 'get /channels/{c}/messages/{id}', (await readWithAncestors(ctx, m, a.id)).map(wireMessage))
  })
  r.get('/channels/:c/digest', async (req, res) => {
    const a = requireSeat(await principal(ctx, req))
    const ch = requireMember(ctx, param(req, 'c'), a.id)
    answer(res, 'get /channels/{c}/digest', {...(await digest(ctx, ch.name)), ...(await digestWorkFields(ctx, ch.name, a.id))})
  })

  r.post('/channels/:c/messages/:id/retract', async (req, res) => {
    const p = await principal(ctx, req)
    const ch = ctx.cache.channels.get(param(req, 'c'))
    if (!ch) fail(404, `channel '${param(req, 'c')}' does not exist; list yours with GET /channels`)
    if (!p.admin) requireMember(ctx, ch.name, p.id)
    const m = await getMessage(ctx, param(req, 'id'))
    if (!m || m.channel !== ch.name) fail(404, `no message '${param(req, 'id')}' in '${ch.name}'`)
    if (isDm(ch.name) && p.admin) fail(403, 'the admin key cannot act inside a direct channel')
    answer(res, 'post /channels/{c}/messages/{id}/retract', wireMessage(await retractMessage(ctx, p, m)))
  })

  r.post('/channels/:c/messages/:id/resolve_thread', async (req, res) => {
    const p = await principal(ctx, req)
    const me = requireSeat(p).id
    const ch = requireMember(ctx, param(req, 'c'), me)
    const b = validate('resolveThread', req.body)
    answer(res, 'post /channels/{c}/messages/{id}/resolve_thread', await resolveThread(ctx, p, await findMessage(ctx, ch.name, param(req, 'id')), b.body ?? null))
  })

  r.post('/channels/:c/messages/:id/retract_thread', async (req, res) => {
    const p = await principal(ctx, req)
    const ch = ctx.cache.channels.get(param(req, 'c'))
    if (!ch) fail(404, `channel '${param(req, 'c')}' does not exist; list yours with GET /channels`)
    if (!p.admin) requireMember(ctx, ch.name, p.id)
    const m = await getMessage(ctx, param(req, 'id'))
    if (!m || m.channel !== ch.name) fail(404, `no message '${param(req, 'id')}' in '${ch.name}'`)
    answer(res, 'post /channels/{c}/messages/{id}/retract_thread', await retractThread(ctx, p, m))
  })
  return r
}
