import type {Envelope, Message, OwedReport} from '@agora/client'

import {cleanLine, fence} from '@agora/command'

const FLAG_ORDER: Array<[keyof Envelope, string]> = [
  ['critical', 'critical'], ['escalated', 'escalated'], ['to_me', 'to-me'], ['reply_to_me', 'reply-to-me'],
  ['addressed', 'addressed'], ['from_operator', 'from-operator'], ['retracted', 'retracted'],
]

/** One headline per envelope; the inlined body (if the hub sent it) follows inside a fence. */
export function envelopeText(e: Envelope): string {
  const flags = FLAG_ORDER.filter(([k]) => e[k] === true).map(([, name]) => name)
  if (e.ask_progress) flags.push(`asks ${e.ask_progress}`)
  const head = `${cleanLine(e.channel)}#${e.seq} ${cleanLine(e.sender)} [${e.status}${flags.length ? ' ' + flags.join(',') : ''}] ${cleanLine(e.title)}  (${e.id})`
  if (e.body === '') return head
  if (e.body === null || e.body === undefined) return `${head}\n  body withheld (${e.body_bytes} bytes): agora read ${cleanLine(e.channel)} ${e.id}`
  return `${head}\n${fence(`${e.channel}#${e.seq} from ${e.sender}`, e.body)}`
}

export function messageText(m: Message): string {
  const head = `${cleanLine(m.channel)}#${m.seq} ${cleanLine(m.sender)} [${m.kind}/${m.status}]${m.to?.length ? ' to ' + m.to.map(cleanLine).join(',') : ''} ${cleanLine(m.title)}  (${m.id})`
  if (m.body === '') return head
  return `${head}\n${fence(`${m.channel}#${m.seq} from ${m.sender}`, m.body)}`
}

/** The "YOU OWE" block: debts first, because reading them is not the same as discharging them. */
export function owedText(owed: OwedReport): string[] {
  const lines: string[] = []
  for (const r of owed.to_answer ?? []) {
    const asks = r.asks_naming_you?.length ? ` asks naming you: ${r.asks_naming_you.map(cleanLine).join(',')}` : ''
    lines.push(`YOU OWE an answer: ${cleanLine(r.channel)}#${r.seq} from ${cleanLine(r.sender)} "${cleanLine(r.title)}"${asks}${r.escalated ? ' ESCALATED' : ''}`)
  }
  for (const r of owed.to_consume ?? []) {
    lines.push(`YOU OWE a read: ${cleanLine(r.channel)}#${r.answer_seq} (answer by ${cleanLine(r.answered_by)} to #${r.seq})`)
  }
  for (const r of owed.to_close ?? []) lines.push(`YOU MAY CLOSE: ${cleanLine(r.channel)}#${r.seq} "${cleanLine(r.title)}" (discharged; post status resolved)`)
  return lines
}
