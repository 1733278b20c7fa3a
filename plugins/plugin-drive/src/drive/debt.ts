import type {HubPort, OwedReport} from '../hub-port.js'

export interface DebtCheck {
  /** Why verification failed open, if it did. */
  skipped?: 'no-owed-snapshot-before-turn' | 'owed-unreadable-after-turn' | 'asks-unreadable'
  /** The failure detail when original debt is still owed after a reception turn. */
  remains?: string
}

/**
 * A reception turn that ends with its original debt still owed did not do its job. Debt is the
 * to_answer rows owed before AND after the turn, minus messages whose pending asks no longer
 * name this seat. Fails open: an unreadable hub never turns a good turn into a failure.
 */
export async function verifyReceptionDebt(hub: HubPort, me: string, before: OwedReport | null): Promise<DebtCheck> {
  if (!before) return {skipped: 'no-owed-snapshot-before-turn'}
  let after: OwedReport
  try {
    after = await hub.owed()
  } catch {
    return {skipped: 'owed-unreadable-after-turn'}
  }
  const beforeIds = new Set((before.to_answer ?? []).map((row) => row.id))
  const still = (after.to_answer ?? []).filter((row) => beforeIds.has(row.id))
  const remaining: string[] = []
  for (const row of still) {
    try {
      const message = await hub.messageBySeq(row.channel, row.seq)
      const pending = new Set(message.pending_asks ?? [])
      const asks = message.data?.asks ?? []
      if (asks.length > 0 && !asks.some((ask) => pending.has(ask.id) && (!ask.to || ask.to.length === 0 || ask.to.includes(me)))) continue
    } catch {
      return {skipped: 'asks-unreadable'}
    }
    remaining.push(`${row.channel}#${row.seq}`)
  }
  if (remaining.length === 0) return {}
  return {remains: `original debt remains after turn: to_answer=${remaining.join(',')} pending_without_linked_claim=${remaining.length}`}
}
