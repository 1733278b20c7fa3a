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
 * name this seat, minus messages a live claim of this seat links (work taken on the record).
 * Fails open: an unreadable hub never turns a good turn into a failure.
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
  let linked: Set<string>
  try {
    linked = await linkedClaims(hub, me)
  } catch {
    return {skipped: 'asks-unreadable'}
  }
  const byRef = new Map(still.map((row) => [`${row.channel}#${row.seq}`, row.id]))
  const unlinked = remaining.filter((ref) => !linked.has(ref) && !linked.has(byRef.get(ref) ?? ''))
  if (unlinked.length === 0) return {}
  return {remains: `original debt remains after turn: to_answer=${remaining.join(',')} pending_without_linked_claim=${unlinked.length}`}
}

/** source_message_id of every claim row this seat owns that is not done (blocked and parked claims count: the debt is on the record). */
async function linkedClaims(hub: HubPort, me: string): Promise<Set<string>> {
  const linked = new Set<string>()
  for (const channel of (await hub.channels()).filter((c) => c.member)) {
    for (const row of await hub.storeList(channel.name)) {
      if (!row.key.startsWith('claim:')) continue
      const value = (await hub.storeGet(channel.name, row.key)).value as Record<string, unknown> | null
      if (!value || value.owner !== me || value.done === true) continue
      const status = typeof value.status === 'string' ? value.status.trim().toLowerCase() : ''
      if (/^(done|completed|complete|shipped|closed|resolved)\b/.test(status)) continue
      if (typeof value.source_message_id === 'string') linked.add(value.source_message_id)
    }
  }
  return linked
}
