import {Router} from 'express'
import {openPhases} from '../services/work/index.js'
import {boolQuery, onlyQuery, validate} from '../http/schemas.js'
import type {Ctx} from '../services/kernel/index.js'
import {fail} from '../services/kernel/index.js'
import {param, principal} from '../http/respond.js'
import {answer} from '../http/answer.js'
import {requireSeat} from '../services/channels/index.js'
import {channelState, createChannel, DM_INVITE_REFUSAL, dmName, ensureDm, isChannelAdmin, isDm, joinChannel, leaveChannel, mintInvite,
  pauseGate, redeemInvite, requireChannel, requireMember} from '../services/channels/index.js'
import {channelInfo, listChannels, memberList} from '../services/channels/index.js'
import {postMessage} from '../services/posting/index.js'
import type {PostInput} from '../services/posting/index.js'
import {wireMessage} from '../services/messages/index.js'
import {postBody} from './messages.js'
import {activeBlock} from '../services/governance/index.js'
import {noticeboardView} from '../services/work/index.js'

export function channelRoutes(ctx: Ctx): Router {
  const r = Router()
  r.get('/channels', async (req, res) => {
    onlyQuery(req.query, ['include_archived'])
    const p = await principal(ctx, req)
    const a = requireSeat(p)
    const archived = boolQuery(req.query.include_archived, 'include_archived')
    if (archived && !p.operator) fail(403, 'include_archived lists archived rooms, which only operators see; drop the parameter')
    answer(res, 'get /channels', await listChannels(ctx, a.id, archived))
  })

  r.post('/channels', async (req, res) => {
    const p = await principal(ctx, req)
    const a = requireSeat(p)
    const body = validate('createChannel', req.body)
    const ch = await createChannel(ctx, body.name, body.private ?? true, a.id, p.operator)
    answer(res, 'post /channels', {name: ch.name, private: ch.private, created_by: ch.created_by, created_at: ch.created_at})
  })

  r.get('/channels/:c/info', async (req, res) => {
    const a = requireSeat(await principal(ctx, req))
    const ch = requireMember(ctx, param(req, 'c'), a.id)
    const phases = (await openPhases(ctx, [ch.name])).map(p => ({key: p.key, track: p.track, value: p.value, version: p.version, updated_by: p.updated_by, updated_at: p.updated_at}))
    answer(res, 'get /channels/{c}/info', {...(await channelInfo(ctx, ch)), phases, ...(await noticeboardView(ctx, ch.name))})
  })

  r.get('/channels/:c/members', async (req, res) => {
    const a = requireSeat(await principal(ctx, req))
    const ch = requireMember(ctx, param(req, 'c'), a.id)
    answer(res, 'get /channels/{c}/members', memberList(ctx, ch.name))
  })

  r.post('/channels/:c/invites', async (req, res) => {
    const p = await principal(ctx, req)
    const a = requireSeat(p)
    const ch = p.operator ? requireChannel(ctx, param(req, 'c')) : requireMember(ctx, param(req, 'c'), a.id)
    const body = validate('invite', req.body)
    if (isDm(ch.name)) fail(403, DM_INVITE_REFUSAL)
    if (!isChannelAdmin(ctx, ch, a.id, p.operator)) fail(403, `only the owner of '${ch.name}' or an operator can mint invites; ask them`)
    if (body.agent_id && !ctx.cache.agents.has(body.agent_id)) fail(404, `no agent '${body.agent_id}'; check the id`)
    if (await channelState(ctx, ch) === 'archived') fail(409, `'${ch.name}' is archived; it takes no new members`)
    await pauseGate(ctx, p.operator)
    const token = await mintInvite(ctx, ch, a.id, body.agent_id ?? null, body.ttl_seconds ?? 86400)
    answer(res, 'post /channels/{c}/invites', {invite_token: token, channel: ch.name, agent_id: body.agent_id ?? null})
  })

  r.post('/channels/:c/join', async (req, res) => {
    const p = await principal(ctx, req)
    const a = requireSeat(p)
    const body = validate('join', req.body)
    const ch = requireChannel(ctx, param(req, 'c'))
    if (isDm(ch.name)) fail(403, 'direct channels cannot be joined; open your own DM with POST /dms/{peer}')
    if (ch.archived_at != null) fail(409, `'${ch.name}' is archived; it takes no new members`)
    await pauseGate(ctx, p.operator)
    const blocked = await activeBlock(ctx, ch.name, a.id)
    if (blocked) fail(403, `you are blocked from '${ch.name}' by ${blocked.imposed_by}; ask them or an operator to lift it`)
    if (!ctx.cache.isMember(ch.name, a.id)) {
      await ctx.db.tx(async () => {
        if (ch.private || body.invite_token) {
          if (!body.invite_token) fail(403, `'${ch.name}' is private; join with an invite_token from its owner`)
          await redeemInvite(ctx, ch.name, body.invite_token, a.id)
        }
        await joinChannel(ctx, ch.name, a.id, 'member')
      })
    }
    answer(res, 'post /channels/{c}/join', {joined: true, ...await channelInfo(ctx, ch)})
  })

  r.post('/channels/:c/leave', async (req, res) => {
    const p = await principal(ctx, req)
    const a = requireSeat(p)
    const ch = requireMember(ctx, param(req, 'c'), a.id)
    if (isDm(ch.name)) fail(400, 'you cannot leave a direct channel; just stop posting there')
    await pauseGate(ctx, p.operator)
    await leaveChannel(ctx, ch, a.id)
    answer(res, 'post /channels/{c}/leave', {channel: ch.name, left: true})
  })

  r.post('/dms/:peer', async (req, res) => {
    const p = await principal(ctx, req)
    const a = requireSeat(p)
    const ch = await openDm(ctx, a.id, param(req, 'peer'), p.operator)
    answer(res, 'post /dms/{peer}', await channelInfo(ctx, ch))
  })

  r.post('/dms/:peer/messages', async (req, res) => {
    const p = await principal(ctx, req)
    const a = requireSeat(p)
    const input = postBody(req)
    const peer = param(req, 'peer')
    const post = async (): Promise<Awaited<ReturnType<typeof postMessage>>> => {
      const ch = await openDm(ctx, a.id, peer, p.operator)
      return postMessage(ctx, p, ch.name, {...input, to: [peer]} as PostInput)
    }
    // A first message opens the DM in the same transaction as its post, so a refused post leaves no channel behind.
    const m = ctx.cache.channels.has(dmName(a.id, peer)) ? await post() : await ctx.db.tx(post)
    answer(res, 'post /dms/{peer}/messages', wireMessage(m))
  })
  return r
}

async function openDm(ctx: Ctx, me: string, peer: string, operator: boolean): Promise<ReturnType<typeof ensureDm>> {
  if (peer === me) fail(400, 'you cannot DM yourself; write notes to a file instead')
  const target = ctx.cache.agents.get(peer)
  if (!target || target.retired_at != null) fail(404, `no active agent '${peer}'; check the id`)
  await pauseGate(ctx, operator || target.operator)
  return ensureDm(ctx, me, peer)
}
