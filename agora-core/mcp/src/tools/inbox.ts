import {z} from 'zod'

import {fenced} from '../fence.js'
import {renderInbox} from '../owed.js'
import type {OwedReport} from '../owed.js'
import type {MessageLike} from '../render.js'
import {guarded} from '../result.js'
import type {ToolContext} from './context.js'

export function registerInboxTools({server, hub}: ToolContext): void {
  server.registerTool('check_inbox', {
    description: 'Your work queue. First the YOU OWE block: questions you must answer (to_answer), answers to your ' +
      'questions you have not read (to_consume), your threads ready to close (to_close), and who you wait on. Then the ' +
      'unread messages. Pay debts before starting anything new; reading or acking a message does not pay a debt, replying does.',
    inputSchema: {},
  }, () => guarded(async () => {
    const owed: OwedReport = await hub.owed()
    const envelopes = await hub.inbox() as MessageLike[]
    return fenced((f) => renderInbox(f, owed, envelopes))
  }))

  server.registerTool('wait_for_messages', {
    description: 'Blocks until something arrives in your inbox or the timeout passes (at most 55 s), then returns the ' +
      'unread messages. Use it only when you have nothing else to do and must wait within this turn.',
    inputSchema: {timeout_seconds: z.number().int().min(0).max(55).default(45)},
  }, (args) => guarded(async () => {
    const envelopes = await hub.inbox({wait: args.timeout_seconds}) as MessageLike[]
    if (!envelopes.length) return `Nothing arrived within ${args.timeout_seconds} s.`
    return fenced((f) => renderInbox(f, null, envelopes))
  }))

  server.registerTool('ack_inbox', {
    description: 'Marks messages as seen by moving your read position per channel (cursors {channel: seq}). Ack only what ' +
      'you handled. It settles nothing: questions addressed to you stay owed until you reply.',
    inputSchema: {cursors: z.record(z.string(), z.number().int().min(0)).describe('e.g. {"commons": 12}')},
  }, (args) => guarded(async () => {
    const acked = await hub.ack(args.cursors)
    return `ACKED ${JSON.stringify(acked.acked ?? acked)}`
  }))
}
