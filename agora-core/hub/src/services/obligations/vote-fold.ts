import {toPlain} from '@agora/protocol'
import type {StoredMessage} from '../messages/index.js'

export interface VoteSpec {
  topic: string
  options: string[]
  tag: string
  closes_at: number
}

export interface Fold {
  ballots: Record<string, number[]>
  seen: string[]
  rejected: Array<{voter: string; ballot: string}>
}

const WRAP = /^[\s"'`“”‘’([{<]+|[\s"'`“”‘’)\]}>.,;!?]+$/g

function clean(text: string): string {
  return text.normalize('NFKC').toLowerCase().replace(WRAP, '').trim()
}

/** Match one ballot item to an option index: exact text, 1-based number, "N. text", or a unique prefix (≥2 chars). */
export function matchItem(item: string, options: string[]): number | null {
  const t = clean(item)
  if (!t) return null
  const opts = options.map(clean)
  const exact = opts.indexOf(t)
  if (exact >= 0) return exact
  if (/^\d+$/.test(t)) {
    const n = Number(t)
    return n >= 1 && n <= options.length ? n - 1 : null
  }
  const numbered = /^(\d+)\.\s*(.*)$/.exec(t)
  if (numbered) {
    const [, digits, rest = ''] = numbered
    const n = Number(digits)
    const opt = opts[n - 1] // undefined unless 1 <= n <= options.length
    if (opt !== undefined && (rest === '' || opt.startsWith(rest))) return n - 1
  }
  if (t.length >= 2) {
    const hits = opts.map((o, i) => (o.startsWith(t) ? i : -1)).filter(i => i >= 0)
    const [only, ...more] = hits
    if (only !== undefined && more.length === 0) return only
  }
  return null
}

/** Parse a choice (`a` or a ranking `a > b > c`); any unmatched item rejects the whole ballot. */
export function parseBallot(choice: unknown, options: string[]): number[] | null {
  const items = Array.isArray(choice) ? choice.map(String) : String(choice).split('>')
  const out: number[] = []
  for (const item of items) {
    const idx = matchItem(item, options)
    if (idx === null || out.includes(idx)) return null
    out.push(idx)
  }
  return out.length ? out : null
}

/** The ballot text a message carries for this vote, or undefined when it carries none. */
export function ballotOf(m: StoredMessage, root: StoredMessage, spec: VoteSpec): unknown {
  const data = m.data ? (toPlain(m.data) as Record<string, unknown>) : {}
  const inRoom = m.channel === root.channel
  if (inRoom) {
    if (m.reply_to !== root.id) return undefined
    if (data.vote !== undefined && typeof data.vote !== 'object') return data.vote
    if (Array.isArray(data.vote)) return data.vote
    return lastLine(m.body, /^\s*vote\s*:\s*(.+)$/i)
  }
  const qualified = `${root.seq}@${root.channel}`
  const tagged = new RegExp(`^\\s*vote\\s+(?:${escape(spec.tag)}|${escape(qualified)})\\s*:\\s*(.+)$`, 'i')
  const line = lastLine(m.body, tagged)
  if (line !== undefined) return line
  const namesTag = data.tag === spec.tag || m.body.includes(spec.tag) || m.title.includes(spec.tag)
  if (namesTag && (typeof data.vote === 'string' || Array.isArray(data.vote))) return data.vote
  return undefined
}

function lastLine(body: string, re: RegExp): string | undefined {
  let found: string | undefined
  for (const line of body.split('\n')) {
    const m = re.exec(line)
    if (m?.[1] !== undefined) found = m[1].trim()
  }
  return found
}

function escape(s: string): string {
  return s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')
}

/** Fold ballots (messages sorted by time): the last readable ballot per eligible voter counts. */
export function foldBallots(messages: StoredMessage[], root: StoredMessage, spec: VoteSpec, eligible: Set<string>): Fold {
  const last = new Map<string, unknown>()
  for (const m of messages) {
    if (m.retracted_at != null || m.kind !== 'message' || !eligible.has(m.sender)) continue
    const b = ballotOf(m, root, spec)
    if (b !== undefined) last.set(m.sender, b)
  }
  const fold: Fold = {ballots: {}, seen: [...last.keys()].sort(), rejected: []}
  for (const voter of fold.seen) {
    const parsed = parseBallot(last.get(voter), spec.options)
    if (parsed) fold.ballots[voter] = parsed
    else fold.rejected.push({voter, ballot: String(last.get(voter))})
  }
  return fold
}
