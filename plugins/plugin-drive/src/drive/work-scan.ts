import type {HubPort} from '../hub-port.js'

/** A continuable row of this seat's own work: `<channel>/<key>@<version>`. */
export interface WorkRow {
  ref: string
  strikes: number
  /** A lane pass rather than a held row. */
  initiative?: boolean
}

const TERMINAL = new Set('done shipped delivered complete completed closed landed merged released resolved parked paused blocked on-hold onhold hold deferred cancelled canceled abandoned'.split(' '))

const firstWord = (value: unknown): string => (typeof value === 'string' ? value.trim().split(/\s+/)[0]?.toLowerCase().replace(/[^a-z-]/g, '') ?? '' : '')

/** Is this store row work this seat should continue? harness.md §4.4 continuable row rules (without waiting_on). */
export function continuable(key: string, value: unknown, me: string): boolean {
  if (!value || typeof value !== 'object') return false
  const row = value as Record<string, unknown>
  if (key.startsWith('claim:')) {
    if (row.owner !== me || row.done === true) return false
    return !TERMINAL.has(firstWord(row.status ?? row.state))
  }
  if (key.startsWith('phase:')) {
    if (row.steward !== me || TERMINAL.has(firstWord(row.status ?? row.current))) return false
    return [row.next, row.next_step, row.current].some((v) => typeof v === 'string' && v.trim() !== '')
  }
  return false
}

/**
 * The newest continuable claim/phase row across this seat's channels, skipping row versions that
 * earned three strikes (chunks that left the row unchanged). Null when nothing is continuable.
 */
export async function findContinuableWork(hub: HubPort, me: string, strikes: Map<string, number> = new Map()): Promise<WorkRow | null> {
  const channels = (await hub.channels()).filter((c) => c.member)
  const candidates: Array<{channel: string; key: string; updated: number}> = []
  for (const channel of channels) {
    for (const row of await hub.storeList(channel.name)) {
      if (row.key.startsWith('claim:') || row.key.startsWith('phase:')) candidates.push({channel: channel.name, key: row.key, updated: row.updated_at ?? 0})
    }
  }
  candidates.sort((a, b) => b.updated - a.updated)
  for (const candidate of candidates) {
    const entry = await hub.storeGet(candidate.channel, candidate.key)
    const ref = `${candidate.channel}/${candidate.key}@${entry.version}`
    if ((strikes.get(ref) ?? 0) >= 3) continue
    if (continuable(candidate.key, entry.value, me)) return {ref, strikes: strikes.get(ref) ?? 0}
  }
  return null
}
