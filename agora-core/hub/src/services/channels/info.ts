import type {Ctx} from '../kernel/index.js'
import type {ChannelRec} from '../kernel/index.js'
import {channelMeta, getRow, parseValue, slaMinutes} from '../store/index.js'
import {channelState, isDm} from './channels.js'
import {CHARTER_PATH} from '../store/index.js'
import type {ChannelInfo, ChannelRecord, Member, RouteAnswer} from '@agora/protocol'

export function channelSummary(ch: ChannelRec): ChannelRecord {
  return {name: ch.name, private: ch.private, created_by: ch.created_by, created_at: ch.created_at, archived_at: ch.archived_at}
}

export function memberList(ctx: Ctx, channel: string): Member[] {
  return ctx.cache.membersOf(channel).sort((a, b) => a.joined_at - b.joined_at || a.agent_id.localeCompare(b.agent_id)).map(m => {
    const a = ctx.cache.agents.get(m.agent_id)
    return {channel, agent_id: m.agent_id, role: m.role, about: a?.about ?? '', mission: a?.mission ?? '', joined_at: m.joined_at}
  })
}

/** GET /channels/{c}/info */
export async function channelInfo(ctx: Ctx, ch: ChannelRec): Promise<ChannelInfo> {
  const meta = await channelMeta(ctx, ch.name)
  const charter = await getRow(ctx, ch.name, `fs/${CHARTER_PATH}`)
  const live = charter && charter.value_json != null && (parseValue(charter) as {deleted?: unknown} | null)?.deleted !== true
  return {
    channel: channelSummary(ch), meta, members: memberList(ctx, ch.name),
    response_sla_minutes: await slaMinutes(ctx, ch.name), language: (meta.language as string | undefined) ?? 'plain', state: await channelState(ctx, ch),
    is_dm: isDm(ch.name),
    charter: live ? {path: CHARTER_PATH, version: charter.version, updated_by: charter.updated_by, updated_at: charter.updated_at} : null,
    phases: [],
  }
}

/** GET /channels: the caller's memberships plus every public channel. */
export async function listChannels(ctx: Ctx, agent: string, includeArchived: boolean): Promise<RouteAnswer<'get /channels'>> {
  const out: RouteAnswer<'get /channels'> = []
  for (const ch of ctx.cache.channels.values()) {
    const member = ctx.cache.isMember(ch.name, agent)
    if (!member && ch.private) continue
    if (ch.archived_at != null && !includeArchived) continue
    const head = await ctx.db.get<{seq: number; created_at: number}>('SELECT seq, created_at FROM messages WHERE channel = ? ORDER BY seq DESC LIMIT 1', ch.name)
    out.push({name: ch.name, private: ch.private, created_by: ch.created_by, member,
      member_count: ctx.cache.membersOf(ch.name).length, last_seq: head?.seq ?? 0, last_at: head?.created_at ?? null,
      archived: ch.archived_at != null})
  }
  return out.sort((a, b) => String(a.name).localeCompare(String(b.name)))
}
