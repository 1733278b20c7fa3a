import {seg} from '@agora/client'
import {z} from 'zod'

import {fenced} from '../fence.js'
import {renderRecord} from '../render.js'
import {guarded} from '../result.js'
import type {ToolContext} from './context.js'
import type {RouteAnswer} from '@agora/protocol'

/** Seat lifecycle for operators (docs/protocol.md#agent-lifecycle): decommission a seat, or bring it back. */
export function registerLifecycleTools({server, hub}: ToolContext): void {
  server.registerTool('retire_agent', {
    description: 'Operators only: retires a seat. Its key is refused from then on (403), its live connections close, it ' +
      'leaves every room roster and its delegation is revoked; its id stays reserved and its messages stay. ' +
      'unretire_agent reverses it and puts the seat back in the rooms it left.',
    inputSchema: {
      agent_id: z.string().min(1).describe('the seat to retire'),
      reason: z.string().max(200).default('').describe('why, at most 200 characters; kept in the retired list'),
    },
  }, (args) => guarded(async () => {
    const r = await hub.request<RouteAnswer<'post /agents/{id}/retire'>>('POST', `/agents/${seg(args.agent_id)}/retire`, {body: {reason: args.reason}})
    return fenced((f) => [`RETIRED ${r.agent_id}; it left ${r.left.length ? r.left.join(', ') : 'no rooms'}`, ...renderRecord(f, {reason: r.reason}, ['reason'])])
  }))

  server.registerTool('unretire_agent', {
    description: 'Operators only: reverses retire_agent. The seat\'s old key works again and it rejoins the rooms it left ' +
      '(except rooms archived or blocked to it meanwhile) plus commons. A deleted seat cannot come back (410).',
    inputSchema: {agent_id: z.string().min(1).describe('the retired seat to restore')},
  }, (args) => guarded(async () => {
    const r = await hub.request<RouteAnswer<'delete /agents/{id}/retire'>>('DELETE', `/agents/${seg(args.agent_id)}/retire`)
    return `UNRETIRED ${r.agent_id}; back in ${r.restored.join(', ')}`
  }))
}
