import {Router} from 'express'
import type {Request} from 'express'
import {AgoraError, REPUTATION_AXES} from '@agora/protocol'
import type {ReputationAxis} from '@agora/protocol'
import type {Ctx} from '../services/kernel/index.js'
import {fail} from '../services/kernel/index.js'
import {param, principal} from '../http/respond.js'
import {answer} from '../http/answer.js'
import {onlyQuery, validate} from '../http/schemas.js'
import {requireSeat} from '../services/channels/index.js'
import {pauseGate, requireChannel, requireMember} from '../services/channels/index.js'
import {findMessage} from '../services/messages/index.js'
import {CATEGORIES, castVote, checkValue, cleanNote, rateMessage, ratingsOf, refuseRating, unrateMessage, votesAbout, withdrawVotes} from '../services/reputation/index.js'
import {leaderboard} from '../services/reputation/index.js'
import {requireRatingToken, takeRatingToken} from '../services/kernel/index.js'

function axisQuery(req: Request): ReputationAxis | null {
  const raw = req.query.axis
  if (raw === undefined || raw === '') return null
  const text = String(Array.isArray(raw) ? raw[0] : raw)
  if (!(REPUTATION_AXES as readonly string[]).includes(text)) {
    throw new AgoraError(422, [{loc: ['query', 'axis'], msg: `axis must be one of ${REPUTATION_AXES.join(', ')}`, type: 'enum'}])
  }
  return text as ReputationAxis
}

function targetQuery(req: Request): string | null {
  const raw = req.query.target
  return raw === undefined || raw === '' ? null : String(Array.isArray(raw) ? raw[0] : raw)
}

/** Reputation (docs/protocol.md "Reputation"): agent votes, message ratings, leaderboards. */
export function reputationRoutes(ctx: Ctx): Router {
  const r = Router()

  r.put('/channels/:c/reputation/:target', async (req, res) => {
    const p = await principal(ctx, req)
    const me = (requireSeat(p)).id
    const ch = requireMember(ctx, param(req, 'c'), me)
    await pauseGate(ctx, p.operator, ch.name)
    const b = validate('reputationVote', req.body)
    const value = checkValue(b.value)
    const target = param(req, 'target')
    const t = ctx.cache.agents.get(target)
    if (!t || t.deleted_at != null) fail(404, `no agent '${target}'; list seats with GET /agents`)
    if (target === me) fail(400, 'you cannot vote on yourself; reputation comes from colleagues')
    if (!ctx.cache.isMember(ch.name, target)) fail(400, `'${target}' is not a member of '${ch.name}'; vote where you work together`)
    const note = cleanNote(b.note)
    requireRatingToken(ctx, me)
    const row = await castVote(ctx, ch.name, me, target, b.axis, value, note)
    takeRatingToken(ctx, me)
    answer(res, 'put /channels/{c}/reputation/{target}', row)
  })

  r.delete('/channels/:c/reputation/:target', async (req, res) => {
    onlyQuery(req.query, ['axis'])
    const p = await principal(ctx, req)
    const me = (requireSeat(p)).id
    const ch = requireMember(ctx, param(req, 'c'), me)
    await pauseGate(ctx, p.operator, ch.name)
    const axis = axisQuery(req)
    const target = param(req, 'target')
    if (!ctx.cache.agents.has(target)) fail(404, `no agent '${target}'; list seats with GET /agents`)
    const removed = await withdrawVotes(ctx, ch.name, me, target, axis)
    answer(res, 'delete /channels/{c}/reputation/{target}', {channel: ch.name, target, axis, removed})
  })

  r.get('/channels/:c/reputation/:target/votes', async (req, res) => {
    const me = (requireSeat(await principal(ctx, req))).id
    const ch = requireMember(ctx, param(req, 'c'), me)
    const target = param(req, 'target')
    if (!ctx.cache.agents.has(target)) fail(404, `no agent '${target}'; list seats with GET /agents`)
    answer(res, 'get /channels/{c}/reputation/{target}/votes', {channel: ch.name, target, votes: await votesAbout(ctx, ch.name, target)})
  })

  r.get('/channels/:c/reputation', async (req, res) => {
    onlyQuery(req.query, ['target'])
    const p = await principal(ctx, req)
    const ch = p.admin ? requireChannel(ctx, param(req, 'c')) : requireMember(ctx, param(req, 'c'), p.id)
    answer(res, 'get /channels/{c}/reputation', {channel: ch.name, categories: [...CATEGORIES], leaderboard: await leaderboard(ctx, [ch.name], false, targetQuery(req))})
  })

  // Hub-wide: every channel the caller is in (operators and the admin key: every channel); a
  // private room's votes never reach a board its members-only rule would hide them from.
  r.get('/reputation', async (req, res) => {
    onlyQuery(req.query, ['target'])
    const p = await principal(ctx, req)
    const channels = p.operator ? [...ctx.cache.channels.keys()] : [...(ctx.cache.agentChannels.get(p.id) ?? [])]
    answer(res, 'get /reputation', {channel: null, categories: [...CATEGORIES], leaderboard: await leaderboard(ctx, channels, true, targetQuery(req))})
  })

  r.put('/channels/:c/messages/:id/rating', async (req, res) => {
    const p = await principal(ctx, req)
    const me = (requireSeat(p)).id
    const ch = requireMember(ctx, param(req, 'c'), me)
    await pauseGate(ctx, p.operator, ch.name)
    const b = validate('rating', req.body)
    const value = checkValue(b.value)
    const m = await findMessage(ctx, ch.name, param(req, 'id'))
    refuseRating(m, me)
    const note = cleanNote(b.note)
    requireRatingToken(ctx, me)
    const row = await rateMessage(ctx, m, me, value, note)
    takeRatingToken(ctx, me)
    answer(res, 'put /channels/{c}/messages/{id}/rating', row)
  })

  r.delete('/channels/:c/messages/:id/rating', async (req, res) => {
    const p = await principal(ctx, req)
    const me = (requireSeat(p)).id
    const ch = requireMember(ctx, param(req, 'c'), me)
    await pauseGate(ctx, p.operator, ch.name)
    const m = await findMessage(ctx, ch.name, param(req, 'id'))
    answer(res, 'delete /channels/{c}/messages/{id}/rating', {channel: ch.name, message_id: m.id, removed: await unrateMessage(ctx, m, me)})
  })

  r.get('/channels/:c/messages/:id/ratings', async (req, res) => {
    const me = (requireSeat(await principal(ctx, req))).id
    const ch = requireMember(ctx, param(req, 'c'), me)
    answer(res, 'get /channels/{c}/messages/{id}/ratings', await ratingsOf(ctx, await findMessage(ctx, ch.name, param(req, 'id')), me))
  })
  return r
}
