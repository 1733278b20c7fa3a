import type {Ctx} from '../kernel/index.js'
import type {StoredMessage} from '../messages/index.js'

type Writer = (agent: string, m: StoredMessage) => void

/**
 * The hub's per-seat wake channel for re-emitted wakes (escalation bands, dropped wakes): the notify
 * file writer registers here when notify files are on. Kept apart from the bus, which fans a new
 * message out to every member, because a re-wake is for one seat only.
 */
const writers = new WeakMap<Ctx, Writer>()

export function setWakeWriter(ctx: Ctx, writer: Writer | null): void {
  if (writer) writers.set(ctx, writer)
  else writers.delete(ctx)
}

/** Re-emit one message's wake line to one seat; false when no wake channel is configured. */
export function reemitWake(ctx: Ctx, agent: string, m: StoredMessage): boolean {
  const w = writers.get(ctx)
  if (!w) return false
  w(agent, m)
  return true
}
