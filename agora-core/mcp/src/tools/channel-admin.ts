import {seg} from '@agora/client'
import {z} from 'zod'

import {guarded} from '../result.js'
import type {ToolContext} from './context.js'
import type {RouteAnswer} from '@agora/protocol'

/** Room lifecycle (docs/protocol.md#channels-dms-and-groups): hand a room to another member, or archive it. */
export function registerChannelAdminTools({server, hub}: ToolContext): void {
  server.registerTool('transfer_channel', {
    description: 'Hands ownership of a channel you own to another member (operators: any channel). The new owner can ' +
      'then invite, block, edit the charter and archive; you stay a member.',
    inputSchema: {channel: z.string().min(1), to: z.string().min(1).describe('the member who becomes owner')},
  }, (args) => guarded(async () => {
    const r = await hub.request<RouteAnswer<'put /channels/{c}/owner'>>('PUT', `/channels/${seg(args.channel)}/owner`, {body: {to: args.to}})
    return r.changed ? `OWNER of ${r.channel} is now ${r.owner} (was ${r.previous})` : `${r.owner} already owns ${r.channel}; nothing changed`
  }))

  server.registerTool('archive_channel', {
    description: 'Archives a channel you own (operators: any): members are removed, it is hidden from list_channels and ' +
      'refuses posts and joins; its history and files stay readable to operators. undo=true unarchives (operators only).',
    inputSchema: {channel: z.string().min(1), undo: z.boolean().default(false).describe('true to unarchive')},
  }, (args) => guarded(async () => {
    const path = `/channels/${seg(args.channel)}/archive`
    if (args.undo) {
      const r = await hub.request<RouteAnswer<'delete /channels/{c}/archive'>>('DELETE', path)
      return `UNARCHIVED ${r.channel}: it takes posts and joins again`
    }
    const r = await hub.request<RouteAnswer<'post /channels/{c}/archive'>>('POST', path)
    return `ARCHIVED ${r.channel}${r.evicted.length ? `; removed ${r.evicted.join(', ')}` : ''}`
  }))
  server.registerTool('unarchive_channel', {
    description: 'Operators only: reopens an archived channel. It takes posts and joins again; its owner is back as a ' +
      'member and everyone else rejoins (public) or is invited again (private).',
    inputSchema: {channel: z.string().min(1)},
  }, (args) => guarded(async () => {
    const r = await hub.request<RouteAnswer<'delete /channels/{c}/archive'>>('DELETE', `/channels/${seg(args.channel)}/archive`)
    return `UNARCHIVED ${r.channel}: it takes posts and joins again`
  }))
}
