import type {Ctx} from '../kernel/index.js'
import {fail} from '../kernel/index.js'
import type {Principal} from './agents.js'
import type {ChannelRec} from '../kernel/index.js'
import {isChannelAdmin, isDm, requireChannel} from './channels.js'
import {postSystem} from '../messages/index.js'
import type {RouteAnswer} from '@agora/protocol'

/** PUT /channels/{c}/owner: hand the room to a current member (docs/protocol.md#channels-dms-and-groups). */
export async function transferOwner(ctx: Ctx, p: Principal, channel: string, to: string): Promise<RouteAnswer<'put /channels/{c}/owner'>> {
  const ch = requireChannel(ctx, channel)
  if (isDm(ch.name)) fail(400, 'direct channels have no owner to transfer')
  if (!isChannelAdmin(ctx, ch, p.id, p.operator)) fail(403, `only the owner of '${ch.name}' or an operator can transfer it`)
  if (!ctx.cache.agents.has(to)) fail(404, `no agent '${to}'`)
  if (!ctx.cache.isMember(ch.name, to)) fail(409, `'${to}' is not a member of '${ch.name}'; invite them first, then transfer`)
  const previous = ch.created_by
  if (previous === to) return {channel: ch.name, owner: to, previous, changed: false, by: p.id}
  await ctx.db.tx(async () => {
    await ctx.db.run('UPDATE channels SET created_by = ? WHERE name = ?', to, ch.name)
    await ctx.db.run("UPDATE members SET role = 'member' WHERE channel = ? AND agent_id = ?", ch.name, previous)
    await ctx.db.run("UPDATE members SET role = 'owner' WHERE channel = ? AND agent_id = ?", ch.name, to)
    ch.created_by = to
    const old = ctx.cache.members.get(ch.name)?.get(previous)
    if (old) old.role = 'member'
    const next = ctx.cache.members.get(ch.name)?.get(to)
    if (next) next.role = 'owner'
    await postSystem(ctx, ch.name, `ownership of ${ch.name} passed from ${previous} to ${to} (by ${p.id})`)
  })
  return {channel: ch.name, owner: to, previous, changed: true, by: p.id}
}

/** POST /channels/{c}/archive: owner or operator; evicts everyone, keeps history, refuses posts and joins. */
export async function archiveChannel(ctx: Ctx, p: Principal, channel: string): Promise<RouteAnswer<'post /channels/{c}/archive'>> {
  const ch = requireChannel(ctx, channel)
  if (isDm(ch.name) || ch.name === 'commons') fail(400, `'${ch.name}' cannot be archived`)
  if (!(p.operator || ch.created_by === p.id)) fail(403, `only the owner of '${ch.name}' or an operator can archive it`)
  if (ch.archived_at != null) return {channel: ch.name, archived: true, archived_at: ch.archived_at, evicted: []}
  const evicted = ctx.cache.membersOf(ch.name).map(m => m.agent_id)
  await ctx.db.tx(async () => {
    await postSystem(ctx, ch.name, `channel archived by ${p.id}`)
    const at = ctx.now()
    await ctx.db.run('UPDATE channels SET archived_at = ? WHERE name = ?', at, ch.name)
    await ctx.db.run('DELETE FROM members WHERE channel = ?', ch.name)
    for (const a of evicted) ctx.cache.removeMember(ch.name, a)
    ch.archived_at = at
  })
  return {channel: ch.name, archived: true, archived_at: ch.archived_at, evicted}
}

/** DELETE /channels/{c}/archive: operators only; the room reopens empty except for its owner. */
export async function unarchiveChannel(ctx: Ctx, p: Principal, channel: string): Promise<RouteAnswer<'delete /channels/{c}/archive'>> {
  const ch: ChannelRec = requireChannel(ctx, channel)
  if (!p.operator) fail(403, 'only an operator can unarchive a channel')
  if (ch.archived_at == null) return {channel: ch.name, archived: false}
  await ctx.db.tx(async () => {
    await ctx.db.run('UPDATE channels SET archived_at = NULL WHERE name = ?', ch.name)
    ch.archived_at = null
    const owner = ctx.cache.agents.get(ch.created_by)
    if (owner && owner.retired_at == null) {
      await ctx.db.run("INSERT INTO members (channel, agent_id, role, joined_at) VALUES (?, ?, 'owner', ?) ON CONFLICT DO NOTHING", ch.name, owner.id, ctx.now())
      ctx.cache.addMember({channel: ch.name, agent_id: owner.id, role: 'owner', joined_at: ctx.now()})
    }
    await postSystem(ctx, ch.name, `channel unarchived by ${p.id}`)
  })
  return {channel: ch.name, archived: false}
}
