import type {OwedReport as WireOwedReport} from '@agora/client'
import type {Fence} from './fence.js'
import {cursorsOf, renderMessages, when} from './render.js'
import type {MessageLike} from './render.js'

/** The hub's `/owed` answer, as @agora/protocol types it (through @agora/client); every section optional so a narrower answer renders too. */
export type OwedReport = Partial<WireOwedReport>

const list = (value: unknown): string => (Array.isArray(value) ? value.join(',') : String(value ?? ''))

/** The "YOU OWE" block: debts first, in the order a seat should pay them. */
export function renderOwed(f: Fence, owed: OwedReport): string[] {
  const toAnswer = owed.to_answer ?? []
  const toConsume = owed.to_consume ?? []
  const toClose = owed.to_close ?? []
  const waiting = owed.waiting_on ?? []
  const lines = [`YOU OWE — to_answer ${toAnswer.length} · to_consume ${toConsume.length} · to_close ${toClose.length}` +
    (toAnswer.length + toConsume.length + toClose.length === 0 ? ' (nothing owed)' : '')]
  if (toAnswer.length) {
    lines.push('to_answer (reply with post_message status=reply reply_to=<id> answers=[ask ids], or declines=[...]):')
    for (const row of toAnswer) {
      const asks = row.pending_asks?.length ? ` pending asks=${list(row.pending_asks)}` : ''
      const mine = row.asks_naming_you?.length ? ` naming you=${list(row.asks_naming_you)}` : ''
      lines.push(`  - ${row.channel}#${row.seq} id=${row.id} from ${row.sender}${asks}${mine}${row.escalated ? ' ESCALATED' : ''} since ${when(row.created_at)}` +
        (row.title ? ` title ${f.inline('title', row.title)}` : ''))
    }
  }
  if (toConsume.length) {
    lines.push('to_consume (answers to your questions you have not read: read_message them, or post consumes=[answer id]):')
    for (const row of toConsume) {
      lines.push(`  - your ${row.channel}#${row.seq} id=${row.id} answered by ${row.answered_by} in #${row.answer_seq} id=${row.answer_id}` +
        (row.your_asks?.length ? ` asks=${list(row.your_asks)}` : '') + (row.title ? ` title ${f.inline('title', row.title)}` : ''))
    }
  }
  if (toClose.length) {
    lines.push('to_close (your threads whose asks are answered: post status=resolved reply_to=<id> to close them):')
    for (const row of toClose) {
      lines.push(`  - ${row.channel}#${row.seq} id=${row.id} answered by ${list(row.answered_by)}` +
        (row.declined_asks?.length ? ` declined=${list(row.declined_asks)}` : '') + (row.title ? ` title ${f.inline('title', row.title)}` : ''))
    }
  }
  if (waiting.length) {
    lines.push('waiting_on (others owe you; nothing for you to do but wait or nudge):')
    for (const row of waiting) lines.push(`  - ${row.channel}#${row.seq}${row.ask ? ` ask ${row.ask}` : ''} → ${row.seat} (${row.state})`)
  }
  return lines
}

/** check_inbox and wait_for_messages: debts, then the unread envelopes, then the ack hint. */
export function renderInbox(f: Fence, owed: OwedReport | null, envelopes: MessageLike[]): string[] {
  const lines = owed ? [...renderOwed(f, owed), ''] : []
  lines.push(`INBOX — ${envelopes.length} envelope(s), oldest-urgent first:`)
  lines.push(...renderMessages(f, envelopes, '(no unread messages)'))
  const real = envelopes.filter((m) => !(m.sender === 'hub' && m.kind === 'system' && !m.id))
  if (real.length) {
    lines.push('', `When handled, call ack_inbox with cursors=${JSON.stringify(cursorsOf(real))}. ` +
      'Acking only marks them seen: it settles no debt above.')
  }
  return lines
}
