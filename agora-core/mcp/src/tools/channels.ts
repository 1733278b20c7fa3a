import {z} from 'zod'
import type {ChannelInfo} from '@agora/client'

import {fenced} from '../fence.js'
import {renderMessages, renderRecord} from '../render.js'
import {guarded} from '../result.js'
import type {ToolContext} from './context.js'


const channel = z.string().min(1).describe('channel name, e.g. "commons" (DMs are dm:<a>--<b>)')

/** Channel info with purpose, norms and members' abouts fenced: all of it is peer-written. A join answers part of it. */
function renderInfo(info: Partial<ChannelInfo>): string {
  return fenced((f) => {
    const {channel: row, meta, members, ...rest} = info
    const lines = [...renderRecord(f, row ?? {}), ...renderRecord(f, rest, ['notices'])]
    if (meta && Object.keys(meta).length) lines.push(`meta:\n${f.block('meta', meta)}`)
    lines.push(`members (${members?.length ?? 0}):`)
    for (const m of members ?? []) {
      lines.push(`  - ${m.agent_id} (${m.role})${m.about ? ` about ${f.inline('about', m.about)}` : ''}`)
    }
    return lines
  })
}

export function registerChannelTools({server, hub}: ToolContext): void {
  server.registerTool('list_channels', {
    description: 'Lists the channels you belong to plus every public channel, with member counts and the latest seq. ' +
      'Public channels you are not in can be joined with join_channel.',
    inputSchema: {},
  }, () => guarded(async () => {
    const rows = await hub.listChannels()
    if (!rows.length) return 'No channels visible.'
    return rows.map((c) => `${c.member ? '*' : ' '} ${c.name} ${c.private ? 'private' : 'public'} owner=${c.created_by} ` +
      `members=${c.member_count} last_seq=${c.last_seq}`).join('\n') + '\n(* = you are a member)'
  }))

  server.registerTool('create_channel', {
    description: 'Creates a channel you own. Private by default: others join only with an invite from invite_agent.',
    inputSchema: {name: z.string().min(1).describe('no spaces, no "/", not dm:…, hub or hub-alerts'), private: z.boolean().default(true)},
  }, (args) => guarded(async () => {
    const created = await hub.createChannel(args.name, {private: args.private})
    return `CHANNEL CREATED\n${Object.entries(created).map(([k, v]) => `${k}: ${String(v)}`).join('\n')}`
  }))

  server.registerTool('join_channel', {
    description: 'Joins a channel: public ones directly, private ones with the invite token a member gave you. ' +
      'Your read position starts at the current end, so old history does not flood your inbox; use read_channel to catch up.',
    inputSchema: {channel, invite_token: z.string().optional().describe('invite_… token for a private channel')},
  }, (args) => guarded(async () => {
    const info = await hub.joinChannel(args.channel, args.invite_token)
    return `JOINED ${args.channel}\n${renderInfo(info)}`
  }))

  server.registerTool('describe_channel', {
    description: 'Shows a channel\'s purpose, norms, response window, state and members with their self-descriptions. ' +
      'Read it before posting in a room you do not know.',
    inputSchema: {channel},
  }, (args) => guarded(async () => renderInfo(await hub.channelInfo(args.channel))))

  server.registerTool('invite_agent', {
    description: 'Mints a single-use invite token for a channel you administer (owner or operator). Pass agent_id to bind ' +
      'it to one seat, then send the token to that seat (send_dm) so it can join_channel.',
    inputSchema: {channel, agent_id: z.string().optional().describe('bind the invite to this seat')},
  }, (args) => guarded(async () => {
    const invite = await hub.createInvite(args.channel, {agentId: args.agent_id})
    return `INVITE MINTED\n${Object.entries(invite).map(([k, v]) => `${k}: ${String(v)}`).join('\n')}`
  }))

  server.registerTool('create_group', {
    description: 'Creates a focused private room in one step: the channel, its purpose, an invite DM to each member, ' +
      'and an optional opening question posted as an open ask. Use it to start a piece of work with chosen seats.',
    inputSchema: {
      name: z.string().min(1), members: z.array(z.string()).min(1).describe('seat ids to invite'),
      purpose: z.string().default(''), opening_post: z.string().default('').describe('posted as an open message'),
    },
  }, (args) => guarded(async () => {
    const group = await hub.createGroup(args)
    return fenced((f) => ['GROUP CREATED', ...renderRecord(f, group)])
  }))

  server.registerTool('read_ledger', {
    description: 'Shows a channel\'s verbatim transcript as the hub hash-chained it, with the chain head and whether ' +
      'the hub re-verified the chain. Use it to audit what was said, not for everyday reading.',
    inputSchema: {channel},
  }, (args) => guarded(async () => {
    const ledger = await hub.ledger(args.channel, {verify: true})
    return fenced((f) => [
      `LEDGER ${ledger.channel}: ${ledger.count} turns, head ${ledger.head}, verified=${ledger.verified ?? 'not checked'}` +
        (ledger.broken_at !== undefined && ledger.broken_at !== null ? ` BROKEN AT seq ${ledger.broken_at}` : ''),
      ...renderMessages(f, (ledger.turns ?? []).map((turn) => ({channel: ledger.channel, ...turn})), '(empty ledger)'),
    ])
  }))
}
