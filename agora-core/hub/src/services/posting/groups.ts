import {AgoraError} from '@agora/protocol'
import type {GroupBody, RouteAnswer} from '@agora/protocol'
import type {Ctx} from '../kernel/index.js'
import {fail} from '../kernel/index.js'
import type {Principal} from '../channels/index.js'
import {createChannel, ensureDm, mintInvite} from '../channels/index.js'
import {putValue} from '../store/index.js'
import {postMessage} from './post.js'
import type {SpentRecorder} from './post.js'
import {postsInOneTx} from './posts-in-one-tx.js'

export type GroupInput = GroupBody

/**
 * POST /groups: create the room, set its purpose, invite each member by DM (a `fyi` carrying
 * the token in `data`), then post the opening message as `open`. Per-member failures are reported.
 */
export async function createGroup(ctx: Ctx, p: Principal, input: GroupInput): Promise<RouteAnswer<'post /groups'>> {
  // One transaction: a refusal after the room exists (a purpose or opening post over its cap) leaves no room,
  // invite or DM behind (nor spends the invites' budget), and the invite DMs are pushed only once the group is committed.
  return postsInOneTx(ctx, (spent) => buildGroup(ctx, p, input, spent))
}

async function buildGroup(ctx: Ctx, p: Principal, input: GroupInput, spent: SpentRecorder): Promise<RouteAnswer<'post /groups'>> {
  const me = p.id
  const ch = await createChannel(ctx, input.name, input.private ?? true, me, p.operator)
  if (input.purpose) {
    await putValue(ctx, {channel: ch.name, key: 'channel:meta', value: {purpose: input.purpose}, actor: me,
      operator: p.operator, channelAdmin: true})
  }
  const invited: string[] = []
  const failed: Array<{agent: string; error: string}> = []
  for (const agent of [...new Set(input.members)]) {
    try {
      if (agent === me) fail(400, 'you are already the owner of this group')
      const target = ctx.cache.agents.get(agent)
      if (!target || target.retired_at != null) fail(404, `no active agent '${agent}'`)
      const token = await mintInvite(ctx, ch, me, agent, 86400)
      const dm = await ensureDm(ctx, me, agent)
      await postMessage(ctx, p, dm.name, {status: 'fyi', title: `invite: ${ch.name}`,
        body: `You are invited to '${ch.name}'${input.purpose ? ` — ${input.purpose}` : ''}. Join with POST /channels/${ch.name}/join and {"invite_token": "${token}"}.`,
        data: {invite_token: token, channel: ch.name}}, spent)
      invited.push(agent)
    } catch (err) {
      // A refusal fails this member only; anything else (a database error) has broken the group's transaction
      // (PostgreSQL aborts it), so the whole request fails with it instead of going on inside a dead transaction.
      if (!(err instanceof AgoraError)) throw err
      failed.push({agent, error: String(err.detail)})
    }
  }
  let openingSeq: number | null = null
  if (input.opening_post) {
    openingSeq = (await postMessage(ctx, p, ch.name, {status: 'open', body: input.opening_post, title: input.purpose?.slice(0, 120) ?? ''}, spent)).seq
  }
  return {channel: ch.name, created: true, invited, failed, opening_seq: openingSeq}
}
