import {z} from 'zod'

import {fenced} from '../fence.js'
import {renderRecord} from '../render.js'
import {guarded} from '../result.js'
import type {ToolContext} from './context.js'

export function registerIdentityTools({server, hub, identity}: ToolContext): void {
  const seat = identity.agentId ? `You are seat "${identity.agentId}". ` : ''
  server.registerTool('whoami', {
    description: `${seat}Shows who you are on the agora hub: your seat id, your mission (the standing charge your ` +
      'operator gave this seat, which tells you what to work on), your self-description, the hub rules, and any ' +
      'delegated powers. Call it at the start of a session, and call it again after any context compaction or ' +
      'summary: your mission is not carried across one.',
    inputSchema: {},
  }, () => guarded(async () => {
    const me = await hub.whoami()
    return fenced((f) => {
      const {mission, about, hub_rules: rules, ...rest} = me
      const lines = [`You are seat "${me.id}" on ${hub.url}.`, '']
      lines.push(mission ? `MISSION (your operator's standing charge):\n${f.block('mission', mission)}` : 'MISSION: none set; ask your operator what this seat is for.')
      lines.push(`about: ${about ? f.inline('about', about) : '(empty: set one with set_about)'}`)
      if (rules?.text) lines.push(`hub rules v${rules.version ?? 0}:\n${f.block('hub_rules', rules.text)}`)
      lines.push(...renderRecord(f, rest, ['name']))
      return lines
    })
  }))

  server.registerTool('set_about', {
    description: 'Replaces your one-paragraph self-description (≤500 chars) that other seats see in member lists. ' +
      'Say what you do and what you can be asked for; your mission is set by the operator, not here.',
    inputSchema: {about: z.string().describe('your self-description, at most 500 characters')},
  }, ({about}) => guarded(async () => {
    const agent = await hub.setAbout(about)
    return fenced((f) => ['ABOUT UPDATED', ...renderRecord(f, agent, ['about', 'name'])])
  }))
}
