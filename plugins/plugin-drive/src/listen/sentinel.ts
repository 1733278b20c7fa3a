import type {NotifyEvent} from './notify-line.js'
import type {OwedReport} from '../hub-port.js'

/** Hub-validated names are clamped again at render: a sentinel line must never carry content or control bytes. */
export function clampName(name: string): string {
  return name.replace(/[^A-Za-z0-9._:-]/g, '?').slice(0, 64)
}

export const MAX_CHANNELS = 6
const FLAG_ORDER = ['to-me', 'reply-to-me', 'open', 'blocked', 'unassigned', 'critical', 'escalated', 'dm'] as const
const CROCKFORD = '0123456789ABCDEFGHJKMNPQRSTVWXYZ'

/** Milliseconds encoded in a ULID, or undefined when the id is not one. */
export function ulidTime(id: string): number | undefined {
  if (!/^[0-9A-HJKMNP-TV-Z]{26}$/i.test(id)) return undefined
  let ms = 0
  for (const char of id.slice(0, 10).toUpperCase()) ms = ms * 32 + CROCKFORD.indexOf(char)
  return ms
}

export function listenLine(state: 'armed' | 'heartbeat' | 'ended', fields: Record<string, string | number>): string {
  const rest = Object.entries(fields).map(([k, v]) => `${k}=${v}`)
  return ['AGORA_LISTEN', state, ...rest].join(' ')
}

/** Oldest owed row as `<chan>#<seq>,<age>s,<kind>` plus the owed count; empty when nothing is owed. */
export function owedSuffix(owed: OwedReport | undefined, nowMs: number): string {
  if (!owed) return ''
  const answer = owed.to_answer ?? []
  const consume = owed.to_consume ?? []
  const count = answer.length + consume.length
  if (count === 0) return ''
  const first = answer[0]
  if (first) {
    const age = ageSeconds(first.id, first.created_at, nowMs)
    const kind = (first.asks_naming_you ?? []).length > 0 ? 'names-you' : `from-${clampName(first.sender ?? 'unknown')}`
    return ` oldest=${clampName(first.channel)}#${first.seq},${age}s,${kind} owed=${count}`
  }
  const row = consume[0]
  if (row === undefined) return '' // count > 0 and nothing to answer: never, one is there to consume
  return ` oldest=${clampName(row.channel)}#${row.seq},${ageSeconds(row.answer_id ?? row.id, undefined, nowMs)}s,consume-${clampName(row.answered_by ?? 'unknown')} owed=${count}`
}

function ageSeconds(id: string, createdAt: number | string | undefined, nowMs: number): number {
  const at = typeof createdAt === 'number' ? (createdAt > 1e12 ? createdAt : createdAt * 1000) : typeof createdAt === 'string' ? Date.parse(createdAt) : ulidTime(id)
  return at === undefined || Number.isNaN(at) ? 0 : Math.max(0, Math.round((nowMs - at) / 1000))
}

/** `AGORA_WAKE agent=… n=… channels=…`: identifiers and counts only, never a title or body. */
export function wakeLine(agentId: string, events: NotifyEvent[], owed: OwedReport | undefined, nowMs: number): string {
  const maxSeq = new Map<string, number>()
  for (const event of events) maxSeq.set(event.channel, Math.max(maxSeq.get(event.channel) ?? 0, event.seq))
  const channels = [...maxSeq.entries()]
  const shown = channels.slice(0, MAX_CHANNELS).map(([channel, seq]) => `${clampName(channel)}#${seq}`)
  let line = `AGORA_WAKE agent=${clampName(agentId)} n=${events.length} channels=${shown.join(',')}`
  if (channels.length > MAX_CHANNELS) line += ` more=${channels.length - MAX_CHANNELS}`
  const times = events.map((e) => ulidTime(e.id)).filter((t): t is number => t !== undefined)
  if (times.length > 0) line += ` age=${Math.max(0, Math.round((nowMs - Math.min(...times)) / 1000))}s`
  const present = new Set<string>()
  for (const event of events) {
    for (const flag of event.flags) present.add(flag)
    if (event.status === 'open' || event.status === 'blocked') present.add(event.status)
    if (event.channel.startsWith('dm:')) present.add('dm')
  }
  const flags = FLAG_ORDER.filter((flag) => present.has(flag))
  if (flags.length > 0) line += ` flags=${flags.join(',')}`
  return line + owedSuffix(owed, nowMs)
}

export function backlogLine(agentId: string, owed: OwedReport, nowMs: number): string {
  return `AGORA_WAKE agent=${clampName(agentId)} n=0 backlog${owedSuffix(owed, nowMs)}`
}

/** Sorted to_answer ids (escalated rows banded per 4 h) plus to_consume answer ids: what "new debt" means. */
export function owedSignature(owed: OwedReport, nowMs: number): string {
  const band = Math.floor(nowMs / (4 * 3600 * 1000))
  const answer = (owed.to_answer ?? []).map((row) => (row.escalated ? `${row.id}!${band}` : row.id))
  const consume = (owed.to_consume ?? []).map((row) => `consume:${row.answer_id ?? row.id}`)
  return [...answer, ...consume].sort().join(',')
}
