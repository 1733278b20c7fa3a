import type {ServerResponse} from 'node:http'
import {decide, textOf, type OfferedTool, type ScriptInput, type ScriptReply, type ToolCallSoFar} from '../script.js'
import {openStream, sendEvent, sendJson} from './sse.js'

/**
 * OpenAI Responses: tools are `{type:'function', name}`, a freeform `{type:'custom', name}` (an
 * apply_patch) or a `{type:'namespace', name, tools}` group (how some clients offer MCP tools); a result
 * is a trailing `function_call_output` (or `custom_tool_call_output`) input item.
 */
export function responsesInput(body: Record<string, unknown>): ScriptInput {
  const tools: OfferedTool[] = []
  for (const raw of asArray(body.tools)) {
    const t = raw as {type?: string; name?: unknown; tools?: unknown}
    if (t.type === 'namespace' && typeof t.name === 'string') {
      for (const inner of asArray(t.tools)) {
        const name = (inner as {name?: unknown}).name
        if (typeof name === 'string') tools.push({name, namespace: t.name})
      }
    } else if (typeof t.name === 'string') {
      tools.push(t.type === 'custom' ? {name: t.name, freeform: true} : {name: t.name})
    }
  }
  const input = asArray(body.input) as Array<{type?: string; role?: string; content?: unknown; name?: string; call_id?: string; output?: unknown}>
  const last = input.at(-1)
  return {tools, toolResult: last?.type !== undefined && OUTPUTS.has(last.type) ? textOf(last.output) : null, ...turnSoFar(input)}
}

const CALLS = new Set(['function_call', 'custom_tool_call'])
const OUTPUTS = new Set(['function_call_output', 'custom_tool_call_output'])

/** The last user message's text and the function calls after it, each with its output. */
function turnSoFar(input: Array<{type?: string; role?: string; content?: unknown; name?: string; call_id?: string; output?: unknown}>): Pick<ScriptInput, 'prompt' | 'calls'> {
  const at = input.findLastIndex((item) => item.role === 'user')
  const user = input[at] // undefined when there is none (at is -1)
  if (user === undefined) return {}
  const after = input.slice(at + 1)
  const calls: ToolCallSoFar[] = after.filter((item) => item.type !== undefined && CALLS.has(item.type)).map((call) => {
    const output = after.find((item) => item.type !== undefined && OUTPUTS.has(item.type) && item.call_id === call.call_id)
    return {name: String(call.name ?? ''), result: output ? textOf(output.output) : null}
  })
  return {prompt: textOf(user.content), calls}
}

export function answerResponses(body: Record<string, unknown>, res: ServerResponse): ScriptReply {
  const reply = decide(responsesInput(body))
  const id = 'resp_stub'
  const callId = reply.kind === 'tool-call' ? reply.callId ?? 'call_1' : ''
  const item = reply.kind === 'tool-call' && reply.tool.freeform
    ? {type: 'custom_tool_call', id: `ctc_${callId.replace(/^call_/, '')}`, call_id: callId, name: reply.tool.name, input: reply.input ?? '', status: 'completed'}
    : reply.kind === 'tool-call'
    ? {
        type: 'function_call', id: `fc_${(reply.callId ?? 'call_1').replace(/^call_/, '')}`, call_id: reply.callId ?? 'call_1', name: reply.tool.name,
        ...(reply.tool.namespace ? {namespace: reply.tool.namespace} : {}),
        arguments: JSON.stringify(reply.arguments ?? {}), status: 'completed',
      }
    : {
        type: 'message', id: 'msg_1', role: 'assistant', status: 'completed',
        content: [{type: 'output_text', text: reply.text, annotations: []}],
      }
  const usage = {
    input_tokens: 10, input_tokens_details: {cached_tokens: 0},
    output_tokens: 5, output_tokens_details: {reasoning_tokens: 0}, total_tokens: 15,
  }
  const model = typeof body.model === 'string' ? body.model : 'fake-model'
  const completed = {id, object: 'response', model, status: 'completed', output: [item], usage}
  if (body.stream !== true) {
    sendJson(res, 200, completed)
    return reply
  }
  openStream(res)
  let seq = 0
  const send = (type: string, data: Record<string, unknown>) =>
    sendEvent(res, type, {type, sequence_number: seq++, ...data})
  send('response.created', {response: {id, object: 'response', model, status: 'in_progress', output: []}})
  const pending = item.type === 'message' ? {...item, status: 'in_progress', content: []} : {...item, status: 'in_progress'}
  send('response.output_item.added', {output_index: 0, item: pending})
  if (reply.kind !== 'tool-call') {
    send('response.output_text.delta', {item_id: 'msg_1', output_index: 0, content_index: 0, delta: reply.text})
    send('response.output_text.done', {item_id: 'msg_1', output_index: 0, content_index: 0, text: reply.text})
  }
  send('response.output_item.done', {output_index: 0, item})
  send('response.completed', {response: completed})
  res.end()
  return reply
}

function asArray(value: unknown): unknown[] {
  return Array.isArray(value) ? value : []
}
