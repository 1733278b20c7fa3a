import type {ServerResponse} from 'node:http'
import {decide, textOf, type OfferedTool, type ScriptInput, type ScriptReply, type ToolCallSoFar} from '../script.js'
import {openStream, sendJson} from './sse.js'

type Part = {text?: unknown; functionCall?: {name?: unknown; id?: unknown}; functionResponse?: {name?: unknown; id?: unknown; response?: unknown}}
type Content = {role?: string; parts?: Part[]}

const partsOf = (content: Content | undefined): Part[] => (Array.isArray(content?.parts) ? content.parts : [])

/**
 * Google's Generative Language API (`models/<m>:generateContent`): tools are `functionDeclarations` groups; the prompt is the last text
 * part of the last user content with no `functionResponse`; results are user `functionResponse` parts, paired
 * with the model's `functionCall` by id, else by name.
 */
export function generateContentInput(body: Record<string, unknown>): ScriptInput {
  const tools: OfferedTool[] = []
  for (const group of Array.isArray(body.tools) ? (body.tools as Array<{functionDeclarations?: Array<{name?: unknown}>}>) : []) {
    for (const declaration of group.functionDeclarations ?? []) if (typeof declaration.name === 'string') tools.push({name: declaration.name})
  }
  const contents = Array.isArray(body.contents) ? (body.contents as Content[]) : []
  const responses = (list: Content[]) => list.flatMap((c) => partsOf(c).flatMap((p) => (p.functionResponse ? [p.functionResponse] : [])))
  const last = responses(contents.slice(-1)).at(-1)
  const at = contents.findLastIndex((c) => c.role !== 'model' && partsOf(c).some((p) => typeof p.text === 'string') && !partsOf(c).some((p) => p.functionResponse))
  if (at < 0) return {tools, toolResult: last ? textOf(last.response) : null}
  const after = contents.slice(at + 1)
  const answered = responses(after)
  const calls: ToolCallSoFar[] = after.flatMap((c) => partsOf(c).flatMap((p) => (p.functionCall ? [p.functionCall] : []))).map((call) => {
    const result = answered.find((r) => (call.id !== undefined && r.id === call.id) || (call.id === undefined && r.name === call.name))
    return {name: String(call.name ?? ''), result: result ? textOf(result.response) : null}
  })
  // The user's words are the content's last text part; a client may put its context in parts before it.
  const prompt = partsOf(contents[at]).filter((p) => typeof p.text === 'string').at(-1)?.text as string
  return {tools, toolResult: last ? textOf(last.response) : null, prompt, calls}
}

/** Answers `:generateContent` (JSON) or `:streamGenerateContent?alt=sse` (one SSE chunk) from the script. */
export function answerGenerateContent(body: Record<string, unknown>, res: ServerResponse, stream: boolean, model: string): ScriptReply {
  const reply = decide(generateContentInput(body))
  const part = reply.kind === 'tool-call'
    ? {functionCall: {name: reply.tool.name, args: reply.arguments ?? {}, ...(reply.callId ? {id: reply.callId} : {})}}
    : {text: reply.text}
  const chunk = {
    candidates: [{content: {role: 'model', parts: [part]}, finishReason: 'STOP', index: 0}],
    usageMetadata: {promptTokenCount: 10, candidatesTokenCount: 5, totalTokenCount: 15},
    modelVersion: model,
  }
  if (!stream) {
    sendJson(res, 200, chunk)
    return reply
  }
  openStream(res)
  res.write(`data: ${JSON.stringify(chunk)}\r\n\r\n`)
  res.end()
  return reply
}
