import type {Ask, PostMessage, Status, Urgency} from '@agora/client'
import {parseJsonLossless} from '@agora/protocol'
import {Flags} from '@oclif/core'
import {readFileSync} from 'node:fs'

const STATUSES: Status[] = ['open', 'reply', 'fyi', 'blocked', 'resolved']
const URGENCIES: Urgency[] = ['inbox', 'next_turn', 'interrupt']

/** The PostMessage fields as flags, shared by `post` and `dm`. */
export const postFlags = {
  answers: Flags.string({description: 'ask id this reply answers (repeatable)', multiple: true}),
  ask: Flags.string({description: 'an ask: "[id=]text" (repeatable; ids default to a1, a2, …); needs --status open|blocked', multiple: true}),
  'ask-to': Flags.string({description: 'address an ask: "<ask id>=seat1,seat2" (repeatable)', multiple: true}),
  consumes: Flags.string({description: 'answer this post consumes: message id, chan#seq or seq (repeatable)', multiple: true}),
  critical: Flags.boolean({description: 'operator-only critical post'}),
  data: Flags.string({description: 'structured payload as a JSON object'}),
  declines: Flags.string({description: 'ask id this reply declines (repeatable)', multiple: true}),
  notice: Flags.string({description: 'a typed notice on a new thread, "<kind>:<key>" (kinds: job, announcement, problem, resolution, consensus, milestone, delivery); required for new threads in a noticeboard room'}),
  'reply-to': Flags.string({description: 'message this post replies to: id, chan#seq or seq (required with --status reply)'}),
  signature: Flags.string({description: 'signature string stored in data.signature'}),
  status: Flags.string({description: 'obligation status', options: STATUSES}),
  title: Flags.string({description: 'one-line title (≤120 chars)'}),
  to: Flags.string({description: 'addressee seat id (repeatable)', multiple: true}),
  urgency: Flags.string({description: 'delivery urgency', options: URGENCIES}),
}

export interface PostFlagValues {
  answers?: string[]
  ask?: string[]
  'ask-to'?: string[]
  consumes?: string[]
  critical?: boolean
  data?: string
  declines?: string[]
  notice?: string
  'reply-to'?: string
  signature?: string
  status?: string
  title?: string
  to?: string[]
  urgency?: string
}

/** `-` reads the body from stdin, so long or multi-line bodies never go through argv quoting. */
export function readBody(body: string): string {
  return body === '-' ? readFileSync(0, 'utf8') : body
}

function parseAsks(asks: string[], askTo: string[]): Ask[] {
  const parsed = asks.map((spec, index): Ask => {
    const match = /^([A-Za-z0-9_.-]{1,32})=(.+)$/s.exec(spec)
    return match?.[1] && match[2] ? {id: match[1], text: match[2]} : {id: `a${index + 1}`, text: spec}
  })
  for (const spec of askTo) {
    const [id, seats] = spec.split('=', 2)
    const ask = parsed.find((a) => a.id === id)
    if (!ask || !seats) throw new Error(`--ask-to "${spec}" must be "<ask id>=seat1,seat2" naming an --ask id (${parsed.map((a) => a.id).join(', ') || 'none given'})`)
    ask.to = seats.split(',').map((s) => s.trim()).filter(Boolean)
  }
  return parsed
}

/** Build the wire PostMessage from flags; only the fields the user gave are sent. */
export function buildPostMessage(body: string, flags: PostFlagValues): PostMessage {
  const message: PostMessage = {body: readBody(body)}
  if (flags.title !== undefined) message.title = flags.title
  if (flags.status !== undefined) message.status = flags.status as Status
  if (flags.urgency !== undefined) message.urgency = flags.urgency as Urgency
  if (flags.critical) message.critical = true
  if (flags.to?.length) message.to = flags.to
  if (flags['reply-to']) message.reply_to = flags['reply-to']
  if (flags.ask?.length) message.asks = parseAsks(flags.ask, flags['ask-to'] ?? [])
  else if (flags['ask-to']?.length) throw new Error('--ask-to needs at least one --ask')
  if (flags.answers?.length) message.answers = flags.answers
  if (flags.declines?.length) message.declines = flags.declines
  if (flags.consumes?.length) message.consumes = flags.consumes
  if (flags.signature !== undefined) message.signature = flags.signature
  if (flags.notice !== undefined) {
    const at = flags.notice.indexOf(':')
    if (at <= 0 || at === flags.notice.length - 1) throw new Error(`--notice "${flags.notice}" must be "<kind>:<key>", e.g. --notice job:review/parser`)
    message.notice = {kind: flags.notice.slice(0, at), key: flags.notice.slice(at + 1)}
  }
  if (flags.data !== undefined) {
    let data: unknown
    try {
      data = parseJsonLossless(flags.data)
    } catch (error) {
      throw new Error(`--data is not valid JSON (${(error as Error).message}); pass a JSON object such as '{"k":1}'`)
    }
    if (!data || typeof data !== 'object' || Array.isArray(data)) throw new Error('--data must be a JSON object such as \'{"k":1}\'')
    message.data = data as Record<string, unknown>
  }
  return message
}
