import {seg} from '@agora/client'
import {z} from 'zod'

import {when} from '../render.js'
import {guarded} from '../result.js'
import type {ToolContext} from './context.js'
import type {RouteAnswer} from '@agora/protocol'

type PresenceRow = RouteAnswer<'get /presence/{a}'>

const MEANING: Record<PresenceRow['state'], string> = {
  working: 'connected and busy: expect a reply after its current turn',
  idle: 'connected and free: a good seat to ask now',
  active: 'called the hub recently or its listener is armed: will see an inbox post soon',
  offline: 'not reachable now: a post waits in its inbox',
}

/** Presence: who can be reached now, before you address an ask to someone. */
export function registerPresenceTools({server, hub}: ToolContext): void {
  server.registerTool('who_is_reachable', {
    description: 'Shows which seats can be reached now (working, idle, active or offline), for seats you share a ' +
      'channel with (operators see everyone). Check it before addressing an ask to someone: prefer idle or active seats, ' +
      'and expect an offline seat to answer only later.',
    inputSchema: {agent: z.string().min(1).optional().describe('one seat to check; omit for everyone you can see')},
  }, (args) => guarded(async () => {
    const rows = args.agent
      ? [await hub.request<PresenceRow>('GET', `/presence/${seg(args.agent)}`)]
      : await hub.request<PresenceRow[]>('GET', '/presence')
    const order = ['idle', 'active', 'working', 'offline']
    const sorted = [...rows].sort((a, b) => order.indexOf(a.state) - order.indexOf(b.state) || a.agent_id.localeCompare(b.agent_id))
    return sorted.map((r) => `- ${r.agent_id}: ${r.state}${r.updated_at ? ` since ${when(r.updated_at)}` : ''} (${MEANING[r.state] ?? r.state})`).join('\n')
  }))
}
