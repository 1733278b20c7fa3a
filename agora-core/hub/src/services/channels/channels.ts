import {dropRaterVotes} from '../reputation/index.js'
import {randomBytes} from 'node:crypto'
import type {Ctx} from '../kernel/index.js'
import {fail} from '../kernel/index.js'
import type {ChannelRec, MemberRec} from '../kernel/index.js'
import {headSeq, postSystem} from '../messages/index.js'
import {isPaused} from '../kernel/index.js'
import {channelMeta} from '../store/index.js'
import {seedCharter} from '../store/index.js'
import {sha256Hex} from './secrets.js'
import {holdsChannelPower} from '../grants/index.js'
import {codePointLength, nfcIdentifier} from '../kernel/index.js'
import {CHANNEL_NAME_MAX} from '../../limits.js'

export const RESERVED_CHANNELS = new Set(['hub-alerts', 'hub'])

export function isDm(name: string): boolean {
  return name.startsWith('dm:')
}

export function dmName(a: string, b: string): string {
  const [x, y] = [a, b].sort()
  return `dm:${x}--${y}`
}

export function dmPeer(name: string, me: string): string | null {
  if (!isDm(name)) return null
  const [a, b] = name.slice(3).split('--')
  if (a === undefined || b === undefined) return null // not a pair: no peer
  return a === me ? b : b === me ? a : null
}

/** The channel name as the hub keeps it (NFC), or a 400 that says what to change. */
export function validateChannelName(raw: string): string {
  if (!raw) fail(400, 'channel name is empty; give it a name without spaces or slashes')
  const name = nfcIdentifier(raw, 'channel name', "use letters, digits, '-', ':' or '#'")
  if (/[\/\s]/.test(name)) {
    fail(400, `channel name '${name}' contains a slash or a space; use letters, digits, '-', ':' or '#'`)
  }
  if (name === '.' || name === '..') fail(400, `'${name}' is not a channel name (it reads as a path); use letters, digits, '-', ':' or '#'`)
  const length = codePointLength(name)
  if (length > CHANNEL_NAME_MAX) fail(400, `channel name is ${length} characters; this hub caps names at ${CHANNEL_NAME_MAX} (CHANNEL_NAME_MAX)`)
  if (name.startsWith('dm:')) fail(400, `channel names starting with 'dm:' are reserved for direct messages; use POST /dms/{peer}`)
  if (RESERVED_CHANNELS.has(name)) fail(400, `channel name '${name}' is reserved by the hub; pick another name`)
  return name
}

/** Membership gate for every channel read and write: 404 unknown, 403 not a member. */
export function requireMember(ctx: Ctx, channel: string, agent: string): ChannelRec {
  const ch = ctx.cache.channels.get(channel)
  if (!ch) fail(404, `channel '${channel}' does not exist; list yours with GET /channels`)
  if (!ctx.cache.isMember(channel, agent)) {
    fail(403, `you are not a member of '${channel}'; join it first (POST /channels/${channel}/join, with an invite token if it is private)`)
  }
  return ch
}

export function requireChannel(ctx: Ctx, channel: string): ChannelRec {
  const ch = ctx.cache.channels.get(channel)
  if (!ch) fail(404, `channel '${channel}' does not exist; list yours with GET /channels`)
  return ch
}

/** Operators, the owner, or a delegate whose ruling/operational/proxy grant is scoped to this channel or `*`. */
export function isChannelAdmin(ctx: Ctx, ch: ChannelRec, agent: string, operator: boolean): boolean {
  if (operator) return true
  if (ch.created_by === agent && !isDm(ch.name)) return true
  return !isDm(ch.name) && holdsChannelPower(ctx, agent, ch.name, ['ruling', 'operational', 'proxy'])
}

export async function pauseGate(ctx: Ctx, operator: boolean, channel?: string): Promise<void> {
  if (operator) return
  // Warm cache: no await (a per-request await costs a promise on every post).
  if (ctx.pauseCache ? !ctx.pauseCache.some(p => p.until == null) : !await isPaused(ctx)) return
  if (channel && isDm(channel)) {
    const [a = '', b = ''] = channel.slice(3).split('--') // '' is nobody's id
    if (ctx.cache.isOperator(a) || ctx.cache.isOperator(b)) return
  }
  fail(423, 'the hub is paused by an operator; reads still work, retry this write after the pause is lifted')
}

export async function insertChannel(ctx: Ctx, name: string, priv: boolean, createdBy: string): Promise<ChannelRec> {
  const ch: ChannelRec = {name, private: priv, created_by: createdBy, created_at: ctx.now(), archived_at: null}
  await ctx.db.run('INSERT INTO channels (name, private, created_by, created_at) VALUES (?, ?, ?, ?)',
    name, priv ? 1 : 0, createdBy, ch.created_at)
  ctx.cache.channels.set(name, ch)
  return ch
}

export async function ensureCommons(ctx: Ctx): Promise<void> {
  if (!ctx.cache.channels.has('commons')) await insertChannel(ctx, 'commons', false, 'hub')
}

export async function setCursor(ctx: Ctx, agent: string, channel: string, seq: number): Promise<void> {
  await ctx.db.run(`INSERT INTO cursors (agent, channel, last_seq) VALUES (?, ?, ?)
    ON CONFLICT (agent, channel) DO UPDATE SET last_seq = CASE WHEN excluded.last_seq > cursors.last_seq THEN excluded.last_seq ELSE cursors.last_seq END`, agent, channel, seq)
}

/** Add a member, post "<id> joined[ — about]", move their cursor to the head. */
export async function joinChannel(ctx: Ctx, channel: string, agent: string, role: MemberRec['role'], announce = true): Promise<void> {
  await ctx.db.tx(async () => {
    const m: MemberRec = {channel, agent_id: agent, role, joined_at: ctx.now()}
    await ctx.db.run('INSERT INTO members (channel, agent_id, role, joined_at) VALUES (?, ?, ?, ?) ON CONFLICT DO NOTHING',
      channel, agent, role, m.joined_at)
    ctx.cache.addMember(m)
    if (announce) {
      const about = ctx.cache.agents.get(agent)?.about
      await postSystem(ctx, channel, about ? `${agent} joined — ${about}` : `${agent} joined`)
    }
    await setCursor(ctx, agent, channel, await headSeq(ctx, channel))
  })
}

export async function createChannel(ctx: Ctx, raw: string, priv: boolean, creator: string, operator: boolean): Promise<ChannelRec> {
  const name = validateChannelName(raw)
  if (ctx.cache.channels.has(name)) fail(409, `channel '${name}' already exists; join it or pick another name`)
  await pauseGate(ctx, operator)
  return ctx.db.tx(async () => {
    // Checked again inside: a concurrent create of the same name commits first, this one gets the 409.
    if (ctx.cache.channels.has(name)) fail(409, `channel '${name}' already exists; join it or pick another name`)
    const ch = await insertChannel(ctx, name, priv, creator)
    await ctx.db.run('INSERT INTO members (channel, agent_id, role, joined_at) VALUES (?, ?, ?, ?)', name, creator, 'owner', ch.created_at)
    ctx.cache.addMember({channel: name, agent_id: creator, role: 'owner', joined_at: ch.created_at})
    await postSystem(ctx, name, `channel created by ${creator}`)
    await seedCharter(ctx, name, creator)
    await setCursor(ctx, creator, name, await headSeq(ctx, name))
    return ch
  })
}

export async function channelState(ctx: Ctx, ch: ChannelRec): Promise<'open' | 'closed' | 'archived'> {
  if (ch.archived_at != null) return 'archived'
  return (ctx.metaCache.get(ch.name) ?? await channelMeta(ctx, ch.name)).state === 'closed' ? 'closed' : 'open'
}

export const DM_INVITE_REFUSAL = 'a direct channel has exactly its two seats and takes no invites; open a DM with POST /dms/{peer}, or create a channel for more people'

export async function mintInvite(ctx: Ctx, ch: ChannelRec, by: string, agentId: string | null, ttl: number): Promise<string> {
  // DMs are ownerless: nobody, not even an operator, mints an invite into one.
  if (isDm(ch.name)) fail(403, DM_INVITE_REFUSAL)
  const token = `invite_${randomBytes(24).toString('hex')}`
  await ctx.db.run(`INSERT INTO invites (token_hash, channel, agent_id, created_by, created_at, expires_at) VALUES (?, ?, ?, ?, ?, ?)`,
    sha256Hex(token), ch.name, agentId, by, ctx.now(), ctx.now() + ttl)
  return token
}

/** Check and consume an invite; refusals are 403 with the reason. */
export async function redeemInvite(ctx: Ctx, channel: string, token: string, agent: string): Promise<void> {
  const row = await ctx.db.get<{channel: string; agent_id: string | null; expires_at: number; used_at: number | null}>(
    'SELECT channel, agent_id, expires_at, used_at FROM invites WHERE token_hash = ?', sha256Hex(token))
  if (!row || row.channel !== channel) fail(403, `that invite token is not valid for '${channel}'; ask the channel owner for a fresh invite`)
  if (row.used_at != null) fail(403, 'that invite token has already been used; invites are single-use, ask for a new one')
  if (row.expires_at <= ctx.now()) fail(403, 'that invite token has expired; ask the channel owner for a new one')
  if (row.agent_id && row.agent_id !== agent) fail(403, `that invite token is bound to '${row.agent_id}', not you; ask for your own invite`)
  await ctx.db.run('UPDATE invites SET used_at = ?, used_by = ? WHERE token_hash = ?', ctx.now(), agent, sha256Hex(token))
}

export async function leaveChannel(ctx: Ctx, ch: ChannelRec, agent: string): Promise<void> {
  await ctx.db.tx(async () => {
    await ctx.db.run('DELETE FROM members WHERE channel = ? AND agent_id = ?', ch.name, agent)
    ctx.cache.removeMember(ch.name, agent)
    // Leaving drops the rater's votes in this channel (inside this transaction).
    await dropRaterVotes(ctx, ch.name, agent)
    await postSystem(ctx, ch.name, `${agent} left`)
  })
}

/** Create `dm:a--b` lazily and idempotently, with both peers as members and nobody as owner. */
export async function ensureDm(ctx: Ctx, me: string, peer: string): Promise<ChannelRec> {
  const name = dmName(me, peer)
  const existing = ctx.cache.channels.get(name)
  if (existing) return existing
  return ctx.db.tx(async () => {
    // Another request may have opened it while this one waited for the transaction.
    const opened = ctx.cache.channels.get(name)
    if (opened) return opened
    const ch = await insertChannel(ctx, name, true, 'hub')
    for (const a of [me, peer]) {
      await ctx.db.run('INSERT INTO members (channel, agent_id, role, joined_at) VALUES (?, ?, ?, ?) ON CONFLICT DO NOTHING', name, a, 'member', ch.created_at)
      ctx.cache.addMember({channel: name, agent_id: a, role: 'member', joined_at: ch.created_at})
    }
    return ch
  })
}
