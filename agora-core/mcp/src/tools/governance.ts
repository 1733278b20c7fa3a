import {seg} from '@agora/client'
import {z} from 'zod'

import {fenced} from '../fence.js'
import {when} from '../render.js'
import {guarded} from '../result.js'
import type {ToolContext} from './context.js'
import type {RouteAnswer} from '@agora/protocol'

type HubCharter = RouteAnswer<'get /charter'>
type ChannelCharter = RouteAnswer<'get /channels/{c}/charter'>
type Digest = RouteAnswer<'get /channels/{c}/digest'>

/** Charters and the digest (docs/protocol.md#governance): the room's rules and what it has settled. */
export function registerGovernanceTools({server, hub}: ToolContext): void {
  server.registerTool('read_charter', {
    description: 'Reads a charter. Without channel: the hub charter (the role model every seat works under); reading it ' +
      'records your receipt, which clears a charter row on check_inbox. With channel: that room\'s charter ' +
      '(channel/charter.md, written by its owner), plus the hub charter when you have not read the current one. ' +
      'Read it when you join a room and whenever check_inbox says a charter changed.',
    inputSchema: {
      channel: z.string().min(1).optional().describe('a channel name; omit for the hub charter'),
      full: z.boolean().default(false).describe('the whole hub charter instead of the sections for your kind of seat'),
    },
  }, (args) => guarded(async () => {
    const query = args.full ? {full: 'true'} : undefined
    if (!args.channel) {
      const c = await hub.request<HubCharter>('GET', '/charter', {query})
      return fenced((f) => [`HUB CHARTER v${c.version}${c.sliced ? ' (your slice)' : ''}; receipt recorded, current: ${c.current ?? true}`,
        f.block('hub_charter', c.text)])
    }
    const c = await hub.request<ChannelCharter>('GET', `/channels/${seg(args.channel)}/charter`, {query})
    return fenced((f) => {
      const lines = [`CHANNEL CHARTER ${c.channel} (${c.path} v${c.version}, by ${c.updated_by} at ${when(c.updated_at)})`, f.block('channel_charter', c.content)]
      if (c.hub) lines.push('', `You are behind on the HUB CHARTER v${c.hub.version}; it applies above the room's:`, f.block('hub_charter', c.hub.text))
      return lines
    })
  }))

  server.registerTool('channel_digest', {
    description: 'Folds a whole channel into what is still open (questions with their pending asks) and what was decided ' +
      '(closed threads, newest 50, and decision:* store rows). Use it to catch up on a room without reading its history.',
    inputSchema: {channel: z.string().min(1)},
  }, (args) => guarded(async () => {
    const d = await hub.request<Digest>('GET', `/channels/${seg(args.channel)}/digest`)
    return fenced((f) => {
      const lines = [`DIGEST ${d.channel}: ${d.counts.messages ?? '?'} messages, ${d.open_questions.length} open, ${d.counts.decided ?? d.decided.length} decided, ${d.decisions.length} decision rows`]
      lines.push('OPEN:')
      for (const q of d.open_questions) {
        lines.push(`  - #${q.seq} id=${q.id} from ${q.sender} ${q.status}${q.pending_asks?.length ? ` pending asks=${q.pending_asks.join(',')}` : ''} replies=${q.replies ?? 0} ${f.inline('title', q.title)}`)
      }
      if (!d.open_questions.length) lines.push('  (nothing open)')
      lines.push('DECIDED:')
      for (const q of d.decided) lines.push(`  - #${q.seq} id=${q.id} from ${q.sender}${q.closed_by ? ` closed by ${q.closed_by}` : ''}${q.has_resolved_reply ? ' (resolved reply)' : ''} ${f.inline('title', q.title)}`)
      if (!d.decided.length) lines.push('  (nothing decided yet)')
      for (const row of d.decisions) lines.push(`DECISION ${row.key} v${row.version} by ${row.updated_by}:`, f.block('decision', row.value))
      return lines
    })
  }))
}
