/** One hub-written notify line, flags split into a set. */
export interface NotifyEvent {
  channel: string
  seq: number
  sender: string
  id: string
  kind: string
  status: string
  title: string
  retracted: boolean
  flags: Set<string>
  attachments: number
}

export type ParsedLine = {event: NotifyEvent} | {skip: 'marker' | 'legacy' | 'malformed'}

/** Parse one line; marker lines (`event`) and pre-0.4 lines (`from`) are skipped, never guessed at. */
export function parseNotifyLine(text: string): ParsedLine {
  let raw: unknown
  try {
    raw = JSON.parse(text)
  } catch {
    return {skip: 'malformed'}
  }
  if (raw === null || typeof raw !== 'object' || Array.isArray(raw)) return {skip: 'malformed'}
  const row = raw as Record<string, unknown>
  if ('event' in row) return {skip: 'marker'}
  if ('from' in row) return {skip: 'legacy'}
  if (typeof row.channel !== 'string' || typeof row.seq !== 'number' || typeof row.sender !== 'string') return {skip: 'malformed'}
  const flags = new Set(String(row.flags ?? '').split(',').map((f) => f.trim()).filter(Boolean))
  return {
    event: {
      channel: row.channel,
      seq: row.seq,
      sender: row.sender,
      id: String(row.id ?? ''),
      kind: String(row.kind ?? 'message'),
      status: String(row.status ?? ''),
      title: String(row.title ?? ''),
      retracted: row.retracted === true || flags.has('retracted'),
      flags,
      attachments: typeof row.attachments === 'number' ? row.attachments : 0,
    },
  }
}

/** Hub doorbells ride along in a digest but never wake a seat on their own. */
export function isHubNotice(event: NotifyEvent): boolean {
  return event.sender === 'hub' && event.id.startsWith('notice:')
}

const IMPORTANT = ['critical', 'escalated', 'to-me', 'reply-to-me'] as const

/** Does this event open (or join) a wake? The qualification rules. */
export function qualifies(event: NotifyEvent, me: string, importantOnly: boolean): boolean {
  if (event.retracted || event.sender === me || isHubNotice(event)) return false
  if (!importantOnly) return true
  const has = (flag: string): boolean => event.flags.has(flag)
  const urgent = has('critical') || has('escalated')
  if (event.status === 'fyi') return urgent
  if (event.status === 'open' || event.status === 'blocked') {
    if (has('from-operator')) return true
    if (has('addressed') && !has('to-me')) return urgent || has('reply-to-me')
    return true
  }
  return IMPORTANT.some(has)
}

/** A flag naming this seat or marking urgency: the batch obliges this seat, not just the room. */
export function isPersonal(event: NotifyEvent): boolean {
  return IMPORTANT.some((flag) => event.flags.has(flag)) || event.flags.has('from-operator')
}
