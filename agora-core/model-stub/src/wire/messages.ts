import type {ServerResponse} from 'node:http'
import {decide, offered, textOf, type OfferedTool, type ScriptInput, type ScriptReply, type ToolCallSoFar} from '../script.js'
import {openStream, sendEvent, sendJson} from './sse.js'

/** Anthropic Messages: tools under `tools[].name`; a result is a `tool_result` block in the last user message. */
export function messagesInput(body: Record<string, unknown>): ScriptInput {
  const tools: OfferedTool[] = []
  for (const t of asArray(body.tools)) {
    const {name, input_schema: schema} = t as {name?: unknown; input_schema?: unknown}
    if (typeof name === 'string') tools.push(offered(name, schema))
  }
  const messages = asArray(body.messages) as Array<{role?: string; content?: unknown}>
  const last = messages.at(-1)
  let toolResult: string | null = null
  if (last?.role === 'user') {
    const blocks = asArray(last.content) as Array<{type?: string; content?: unknown}>
    const result = blocks.findLast((b) => b.type === 'tool_result')
    if (result) toolResult = textOf(result.content)
  }
  return {tools, toolResult, ...turnSoFar(messages)}
}

type Block = {type?: string; id?: string; name?: string; tool_use_id?: string; content?: unknown; text?: string}
const blocksOf = (content: unknown): Block[] => (typeof content === 'string' ? [{type: 'text', text: content}] : (asArray(content) as Block[]))

/** The last user message that carries no tool_result (the prompt), and the tool_use blocks after it with their results. */
function turnSoFar(messages: Array<{role?: string; content?: unknown}>): Pick<ScriptInput, 'prompt' | 'calls'> {
  const at = messages.findLastIndex((m) => m.role === 'user' && !blocksOf(m.content).some((b) => b.type === 'tool_result'))
  const user = messages[at] // undefined when there is none (at is -1)
  if (user === undefined) return {}
  const after = messages.slice(at + 1)
  const results = after.flatMap((m) => (m.role === 'user' ? blocksOf(m.content).filter((b) => b.type === 'tool_result') : []))
  const calls: ToolCallSoFar[] = after.flatMap((m) => (m.role === 'assistant' ? blocksOf(m.content).filter((b) => b.type === 'tool_use') : [])).map((use) => {
    const result = results.find((r) => r.tool_use_id === use.id)
    return {name: String(use.name ?? ''), result: result ? textOf(result.content) : null}
  })
  // a client puts its context (rule files, reminders) in <system-reminder> blocks before the prompt itself
  const texts = blocksOf(user.content).filter((b) => b.type === 'text').map((b) => b.text ?? '')
  const prompt = texts.filter((t) => !t.trimStart().startsWith('<system-reminder>')).at(-1) ?? texts.at(-1) ?? ''
  return {prompt, calls}
}

export function answerMessages(body: Record<string, unknown>, res: ServerResponse): ScriptReply {
  const reply = decide(messagesInput(body))
  const model = typeof body.model === 'string' ? body.model : 'fake-model'
  const block = reply.kind === 'tool-call'
    ? {type: 'tool_use', id: `toolu_${(reply.callId ?? 'call_1').replace(/^call_/, '')}`, name: reply.tool.name, input: reply.arguments ?? {}}
    : {type: 'text', text: reply.text}
  const stopReason = reply.kind === 'tool-call' ? 'tool_use' : 'end_turn'
  const usage = {input_tokens: 10, output_tokens: 5}
  const message = {id: 'msg_stub', type: 'message', role: 'assistant', model, stop_sequence: null}
  if (body.stream !== true) {
    sendJson(res, 200, {...message, content: [block], stop_reason: stopReason, usage})
    return reply
  }
  openStream(res)
  const send = (type: string, data: Record<string, unknown>) => sendEvent(res, type, {type, ...data})
  send('message_start', {message: {...message, content: [], stop_reason: null, usage: {input_tokens: 10, output_tokens: 1}}})
  if (block.type === 'tool_use') {
    send('content_block_start', {index: 0, content_block: {...block, input: {}}})
    send('content_block_delta', {index: 0, delta: {type: 'input_json_delta', partial_json: JSON.stringify(block.input)}})
  } else {
    send('content_block_start', {index: 0, content_block: {type: 'text', text: ''}})
    send('content_block_delta', {index: 0, delta: {type: 'text_delta', text: block.text}})
  }
  send('content_block_stop', {index: 0})
  send('message_delta', {delta: {stop_reason: stopReason, stop_sequence: null}, usage: {output_tokens: 5}})
  send('message_stop', {})
  res.end()
  return reply
}

function asArray(value: unknown): unknown[] {
  return Array.isArray(value) ? value : []
}
