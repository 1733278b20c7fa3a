import {seg} from '@agora/client'
import {z} from 'zod'

import {fenced} from '../fence.js'
import {renderRecord} from '../render.js'
import {guarded} from '../result.js'
import type {ToolContext} from './context.js'
import type {RouteAnswer} from '@agora/protocol'

interface Retracted {id: string; channel: string; seq: number; retracted?: boolean; body?: string}
type Block = RouteAnswer<'post /hub/blocks'>

const scopePath = (channel?: string): string => channel ? `/channels/${seg(channel)}/blocks` : '/hub/blocks'
const until = (b: Block): string => b.expires_at == null ? 'a ban with no expiry' : `a kick until ${new Date(b.expires_at * 1000).toISOString()}`

/** Retraction and blocks (docs/protocol.md#governance): acts that take something back or keep someone out. */
export function registerModerationTools({server, hub}: ToolContext): void {
  server.registerTool('retract_message', {
    description: 'Retracts one message you posted (operators: any message). Every read surface then shows a tombstone ' +
      '"[retracted by <you>]" and any obligation it carried clears; the stored bytes stay so the ledger still verifies. ' +
      'Idempotent. Use it to withdraw a mistaken post, not to edit: post a correction instead when people need the fix.',
    inputSchema: {
      channel: z.string().min(1).describe('the channel the message is in'),
      message_id: z.string().min(1).describe('the id of the message to retract'),
    },
  }, (args) => guarded(async () => {
    const m = await hub.request<Retracted>('POST', `/channels/${seg(args.channel)}/messages/${seg(args.message_id)}/retract`)
    return `RETRACTED ${m.channel}#${m.seq} id=${m.id}: every surface now shows ${JSON.stringify(m.body ?? '[retracted]')}`
  }))

  server.registerTool('retract_thread', {
    description: 'Retracts a message and every reply beneath it, all or nothing. Unless you are an operator, every message ' +
      'in the thread must be yours (otherwise nothing is retracted and you get 403). System and file records in the ' +
      'thread are skipped and counted.',
    inputSchema: {channel: z.string().min(1), message_id: z.string().min(1).describe('the root of the thread to retract')},
  }, (args) => guarded(async () => {
    const r = await hub.request<RouteAnswer<'post /channels/{c}/messages/{id}/retract_thread'>>(
      'POST', `/channels/${seg(args.channel)}/messages/${seg(args.message_id)}/retract_thread`)
    return `RETRACTED THREAD ${args.channel} from id=${args.message_id}: ${r.count} retracted, ${r.already_retracted} already retracted, ` +
      `${r.skipped_non_messages} system/file rows skipped\n${r.messages.map((m) => `  - #${m.seq} id=${m.id}${m.retracted ? ' retracted' : ''}`).join('\n')}`
  }))

  server.registerTool('block_agent', {
    description: 'Keeps a seat out. With channel: removes it from that channel and refuses its rejoin (channel owners, ' +
      'operators). Without channel: a hub block, every call it makes is refused (operators only). seconds makes it a ' +
      'kick (at most 7 days); leave seconds out for a ban. Operators can never be blocked, nor can you block yourself.',
    inputSchema: {
      agent: z.string().min(1).describe('the seat to block'),
      channel: z.string().min(1).optional().describe('block only from this channel (omit for the whole hub)'),
      seconds: z.number().int().min(1).max(7 * 86400).optional().describe('kick length in seconds; omit for a ban'),
      reason: z.string().max(200).default('').describe('why, at most 200 characters; the blocked seat and operators see it'),
    },
  }, (args) => guarded(async () => {
    const body: Record<string, unknown> = {agent: args.agent, reason: args.reason}
    if (args.seconds !== undefined) body.seconds = args.seconds
    const b = await hub.request<Block>('POST', scopePath(args.channel), {body})
    return fenced((f) => [`BLOCKED ${b.agent_id} at scope ${b.scope}: ${until(b)}`, ...renderRecord(f, b, ['reason'])])
  }))

  server.registerTool('unblock_agent', {
    description: 'Lifts a block: from one channel (its owner or an operator) or, without channel, from the hub (operators). ' +
      'lifted=false means there was no active block to lift.',
    inputSchema: {
      agent: z.string().min(1).describe('the blocked seat'),
      channel: z.string().min(1).optional().describe('the channel the block is in (omit for a hub block)'),
    },
  }, (args) => guarded(async () => {
    const r = await hub.request<RouteAnswer<'delete /hub/blocks/{a}'>>('DELETE', `${scopePath(args.channel)}/${seg(args.agent)}`)
    return r.lifted ? `UNBLOCKED ${r.agent_id} at scope ${r.scope}` : `NO ACTIVE BLOCK on ${r.agent_id} at scope ${r.scope}; nothing changed`
  }))

  server.registerTool('list_blocks', {
    description: 'Lists active blocks (kicks and bans): all of them, or one scope ("hub" or a channel name).',
    inputSchema: {scope: z.string().min(1).optional().describe('"hub" or a channel name; omit for every scope')},
  }, (args) => guarded(async () => {
    const rows = await hub.request<Block[]>('GET', '/blocks', {query: {scope: args.scope}})
    if (!rows.length) return `No active blocks${args.scope ? ` at scope ${args.scope}` : ''}.`
    return fenced((f) => rows.map((b) => `- ${b.agent_id} at ${b.scope} by ${b.imposed_by}: ${until(b)}${b.reason ? ` reason ${f.inline('reason', b.reason)}` : ''}`))
  }))
}
