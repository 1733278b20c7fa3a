import type {ServerResponse} from 'node:http'
import {decide, offered, textOf, type OfferedTool, type ScriptInput, type ScriptReply, type ToolCallSoFar} from '../script.js'
import {openStream, sendEvent, sendJson} from './sse.js'

/** OpenAI Chat Completions: tools under `tools[].function.name`; a result is a trailing `role: 'tool'` message. */
export function chatInput(body: Record<string, unknown>): ScriptInput {
  const tools: OfferedTool[] = []
  for (const t of asArray(body.tools)) {
    const fn = (t as {function?: {name?: unknown; parameters?: unknown}}).function
    if (typeof fn?.name === 'string') tools.push(offered(fn.name, fn.parameters))
  }
  const messages = asArray(body.messages) as ChatMessage[]
  const last = messages.at(-1)
  return {tools, toolResult: last?.role === 'tool' ? textOf(last.content) : null, ...turnSoFar(messages)}
}

interface ChatMessage {role?: string; content?: unknown; tool_call_id?: string; tool_calls?: Array<{id?: string; function?: {name?: string}}>}

/** The last user message's text and the assistant tool calls after it, each with its `role: 'tool'` answer. */
function turnSoFar(messages: ChatMessage[]): Pick<ScriptInput, 'prompt' | 'calls'> {
  const at = messages.findLastIndex((m) => m.role === 'user')
  const user = messages[at] // undefined when there is none (at is -1)
  if (user === undefined) return {}
  const after = messages.slice(at + 1)
  const calls: ToolCallSoFar[] = after.flatMap((m) => (m.role === 'assistant' ? m.tool_calls ?? [] : [])).map((call) => {
    const answer = after.find((m) => m.role === 'tool' && m.tool_call_id === call.id)
    return {name: String(call.function?.name ?? ''), result: answer ? textOf(answer.content) : null}
  })
  return {prompt: textOf(user.content), calls}
}

export function answerChat(body: Record<string, unknown>, res: ServerResponse): ScriptReply {
  const reply = decide(chatInput(body))
  const id = 'chatcmpl-stub'
  const model = typeof body.model === 'string' ? body.model : 'fake-model'
  const base = {id, object: 'chat.completion.chunk', created: Math.floor(Date.now() / 1000), model}
  const usage = {prompt_tokens: 10, completion_tokens: 5, total_tokens: 15}
  const toolCall = reply.kind === 'tool-call'
    ? {id: reply.callId ?? 'call_1', type: 'function', function: {name: reply.tool.name, arguments: JSON.stringify(reply.arguments ?? {})}}
    : null
  if (body.stream !== true) {
    const message = toolCall
      ? {role: 'assistant', content: null, tool_calls: [toolCall]}
      : {role: 'assistant', content: reply.kind === 'tool-call' ? '' : reply.text}
    sendJson(res, 200, {
      id, object: 'chat.completion', created: base.created, model, usage,
      choices: [{index: 0, message, finish_reason: toolCall ? 'tool_calls' : 'stop'}],
    })
    return reply
  }
  openStream(res)
  const chunk = (delta: unknown, finish: string | null) =>
    sendEvent(res, null, {...base, choices: [{index: 0, delta, finish_reason: finish}]})
  chunk({role: 'assistant', content: ''}, null)
  if (toolCall) {
    chunk({tool_calls: [{index: 0, id: toolCall.id, type: 'function', function: {name: toolCall.function.name, arguments: ''}}]}, null)
    chunk({tool_calls: [{index: 0, function: {arguments: toolCall.function.arguments}}]}, null)
    chunk({}, 'tool_calls')
  } else if (reply.kind !== 'tool-call') {
    chunk({content: reply.text}, null)
    chunk({}, 'stop')
  }
  const options = body.stream_options as {include_usage?: boolean} | undefined
  if (options?.include_usage) sendEvent(res, null, {...base, choices: [], usage})
  sendEvent(res, null, '[DONE]')
  res.end()
  return reply
}

function asArray(value: unknown): unknown[] {
  return Array.isArray(value) ? value : []
}
