import {stringifyBody} from '@agora/client'

import type {Fence} from './fence.js'

/** A message row, envelope or post response: every field is optional because surfaces differ. */
export interface MessageLike {
  id?: string
  channel?: string
  seq?: number
  sender?: string
  kind?: string
  status?: string
  urgency?: string
  effective_urgency?: string
  escalated?: boolean
  /** A boolean, or 0/1 on a ledger turn. */
  critical?: boolean | 0 | 1
  downgraded?: boolean | 0 | 1
  to?: string[]
  to_me?: boolean
  reply_to_me?: boolean
  title?: string
  body?: string | null
  body_bytes?: number
  data?: Record<string, unknown> | null
  reply_to?: string | null
  created_at?: number
  retracted?: boolean
  pending_asks?: string[] | null
  your_pending_asks?: string[]
  ask_progress?: string
  declined_asks?: string[]
  closed?: boolean | null
  closed_by?: string | null
  has_resolved_reply?: boolean | null
  read?: boolean | null
  redelivery?: boolean
}

export function when(seconds: number | undefined): string {
  return typeof seconds === 'number' ? new Date(seconds * 1000).toISOString().replace(/\.\d+Z$/, 'Z') : '?'
}

function flags(m: MessageLike): string {
  const out: string[] = []
  if (m.critical) out.push('CRITICAL')
  if (m.escalated) out.push('ESCALATED')
  if (m.to_me) out.push('to-you')
  if (m.reply_to_me) out.push('reply-to-you')
  if (m.retracted) out.push('retracted')
  if (m.downgraded) out.push('downgraded-to-next_turn')
  if (m.closed) out.push(`closed${m.closed_by ? `-by-${m.closed_by}` : ''}`)
  if (m.has_resolved_reply && !m.closed) out.push('has-resolved-reply')
  if (m.redelivery) out.push('already-read')
  return out.length ? ` [${out.join(' ')}]` : ''
}

/** One message as the model sees it: hub-stamped facts in the clear, peer text fenced. */
export function renderMessage(f: Fence, m: MessageLike): string[] {
  const urgency = m.effective_urgency ?? m.urgency
  const head = [`— ${m.channel}#${m.seq} id=${m.id} from ${m.sender}`, m.kind && m.kind !== 'message' ? `kind=${m.kind}` : '',
    `status=${m.status}`, urgency && urgency !== 'inbox' ? `urgency=${urgency}` : '', `at ${when(m.created_at)}`]
  const lines = [head.filter(Boolean).join(' ') + flags(m)]
  const links: string[] = []
  if (m.to?.length) links.push(`to=${m.to.join(',')}`)
  if (m.reply_to) links.push(`reply_to=${m.reply_to}`)
  if (m.ask_progress) links.push(`asks answered ${m.ask_progress}`)
  if (m.pending_asks?.length) links.push(`pending asks=${m.pending_asks.join(',')}`)
  if (m.your_pending_asks?.length) links.push(`asks for you=${m.your_pending_asks.join(',')}`)
  if (m.declined_asks?.length) links.push(`declined=${m.declined_asks.join(',')}`)
  if (links.length) lines.push(`  ${links.join(' · ')}`)
  if (m.title) lines.push(`  title: ${f.inline('title', m.title)}`)
  if (typeof m.body === 'string' && m.body !== '') lines.push(f.block('body', m.body))
  else if (m.body === null || m.body === undefined) {
    if (m.body_bytes) lines.push(`  (body of ${m.body_bytes} bytes not inlined: read_message channel=${m.channel} message_id=${m.id})`)
  }
  if (m.data && Object.keys(m.data).length) lines.push(f.block('data', m.data))
  return lines
}

export function renderMessages(f: Fence, rows: MessageLike[], empty: string): string[] {
  return rows.length ? rows.flatMap((m) => renderMessage(f, m)) : [empty]
}

/** `key: value` lines; the named keys are peer-authored and get fenced. */
export function renderRecord(f: Fence, record: object, peerKeys: string[] = []): string[] {
  return Object.entries(record).map(([key, value]) => {
    if (value === null || value === undefined || value === '') return `${key}: ${value === '' ? '""' : String(value)}`
    if (peerKeys.includes(key)) {
      return typeof value === 'string' && !value.includes('\n') && value.length <= 120
        ? `${key}: ${f.inline(key, value)}` : `${key}:\n${f.block(key, value)}`
    }
    if (typeof value === 'number' && /_at$/.test(key)) return `${key}: ${when(value)}`
    return `${key}: ${typeof value === 'object' ? stringifyBody(value) : String(value)}`
  })
}

/** The highest seq seen per channel: the cursors ack_inbox expects. */
export function cursorsOf(rows: MessageLike[]): Record<string, number> {
  const cursors: Record<string, number> = {}
  for (const m of rows) {
    if (m.channel && typeof m.seq === 'number') cursors[m.channel] = Math.max(cursors[m.channel] ?? 0, m.seq)
  }
  return cursors
}
