import type {Envelope} from '@agora/client'

import type {ResolvedAgentOptions} from './options.js'

/**
 * Why the handler is not called for this envelope, or null when it is. Own messages, hub rows
 * (kind system or fs, sender hub) and tombstones never reach a handler; beyond those the default
 * follows the attention model: what is owed to, addressed to or forced on this seat.
 */
export function skipReason(message: Envelope, options: Pick<ResolvedAgentOptions, 'seat' | 'includeFyi' | 'shouldHandle'>): string | null {
  if (message.sender === options.seat) return 'own-message'
  if (message.kind !== 'message' || message.sender === 'hub') return 'system-row'
  if (message.retracted) return 'retracted'
  if (options.shouldHandle) return options.shouldHandle(message) ? null : 'should-handle-false'
  if (message.critical || message.escalated || message.to_me || message.reply_to_me) return null
  if (message.status === 'open' || message.status === 'blocked') return null
  return options.includeFyi ? null : 'not-for-this-seat'
}
