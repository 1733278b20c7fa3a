import type {OfferedTool, ScriptReply, ToolCallSoFar} from './script.js'

/**
 * The reception script: a driven turn (its prompt asks for check_inbox) that is offered
 * `check_inbox` calls it once; if the inbox shows an obligation (a `YOU OWE` to_answer row), it
 * answers that message with `post_message` once; then it ends with the final text `done`.
 */
export const RECEPTION_TOOL = 'check_inbox'
export const REPLY_TOOL = 'post_message'
export const RECEPTION_FINAL = 'done'

export interface Obligation {
  channel: string
  id: string
  asks: string[]
}

/** The first to_answer row of a check_inbox result: `  - <channel>#<seq> id=<id> from <seat>[ pending asks=a,b]…`. */
export function firstObligation(inbox: string): Obligation | null {
  const [section = ''] = inbox.split(/\n(?=to_consume |to_close |waiting_on |INBOX )/)
  if (!/^to_answer /m.test(section)) return null
  const row = /^\s*- ([^\s#]+)#\d+ id=(\S+) from \S+(?: pending asks=(\S+))?/m.exec(section.slice(section.search(/^to_answer /m)))
  const [, channel, id, asks] = row ?? []
  if (channel === undefined || id === undefined) return null
  return {channel, id, asks: asks ? asks.split(',').filter(Boolean) : []}
}

export function receive(tools: OfferedTool[], calls: ToolCallSoFar[]): ScriptReply {
  const callId = `call_${calls.length + 1}`
  const named = (fragment: string) => (c: {name: string}) => c.name.toLowerCase().includes(fragment)
  const inboxTool = tools.find(named(RECEPTION_TOOL))!
  const inbox = calls.find(named(RECEPTION_TOOL))
  if (!inbox) return {kind: 'tool-call', tool: inboxTool, arguments: {}, callId}
  const owed = inbox.result === null ? null : firstObligation(inbox.result)
  const replyTool = tools.find(named(REPLY_TOOL))
  if (owed && replyTool && !calls.some(named(REPLY_TOOL))) {
    const args = {channel: owed.channel, status: 'reply', reply_to: owed.id, body: RECEPTION_FINAL, ...(owed.asks.length ? {answers: owed.asks} : {})}
    return {kind: 'tool-call', tool: replyTool, arguments: args, callId}
  }
  return {kind: 'final', text: RECEPTION_FINAL}
}
