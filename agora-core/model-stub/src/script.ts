import {edit, editRequest} from './edit.js'
import {RECEPTION_TOOL, receive} from './reception.js'

/**
 * The stub's whole "intelligence", independent of any wire format: offered a tool whose name
 * contains `whoami` and no tool result yet, call it; after a tool result, answer with its first
 * line; otherwise answer plain text. A turn whose prompt asks for `check_inbox` (a driven
 * reception pass) and that is offered it runs the reception script instead (reception.ts); a `STUB-EDIT` prompt runs
 * the edit script (edit.ts). Each wire module reduces
 * its request to `ScriptInput`.
 */

/** One tool the request offers, with the namespace it was offered under (Responses only). */
export interface OfferedTool {
  name: string
  namespace?: string
  /** The parameter naming a file, when the tool's schema has one (file_path, filePath or path): harnesses differ. */
  pathField?: string
  /** A freeform tool (Responses `type: 'custom'`, e.g. an apply_patch): called with raw text, not JSON arguments. */
  freeform?: boolean
}

const PATH_FIELDS = ['file_path', 'filePath', 'path']

/** `{name}` plus the file-path parameter of its JSON schema, when it has one. */
export function offered(name: string, schema: unknown): OfferedTool {
  const props = (schema as {properties?: Record<string, unknown>} | undefined)?.properties
  const pathField = props ? PATH_FIELDS.find((f) => f in props) : undefined
  return pathField ? {name, pathField} : {name}
}

/** A tool the model called since the turn's prompt, with its result text (null while none came back). */
export interface ToolCallSoFar {
  name: string
  result: string | null
}

export interface ScriptInput {
  tools: OfferedTool[]
  /** Text of the latest tool result, or null when the conversation has none after the last user turn. */
  toolResult: string | null
  /** The turn's prompt (the last user message), when the wire can tell it apart from tool results. */
  prompt?: string
  /** The tool calls made since that prompt, in order. */
  calls?: ToolCallSoFar[]
}

export type ScriptReply =
  | {kind: 'tool-call'; tool: OfferedTool; arguments?: Record<string, unknown>; callId?: string; input?: string}
  | {kind: 'final'; text: string}
  | {kind: 'text'; text: string}

/** The text an untooled request receives. */
export const PLAIN_TEXT = 'fake-ok'

/** The tool name fragment the stub calls when offered. */
export const TARGET_TOOL = 'whoami'

export function decide(input: ScriptInput): ScriptReply {
  const inReception = input.prompt !== undefined && input.prompt.includes(RECEPTION_TOOL)
  if (inReception && input.tools.some((t) => t.name.toLowerCase().includes(RECEPTION_TOOL))) return receive(input.tools, input.calls ?? [])
  const editing = editRequest(input.prompt)
  const edited = editing ? edit(editing, input.tools, input.calls ?? []) : null
  if (edited) return edited
  if (input.toolResult !== null) return {kind: 'final', text: `FINAL: ${firstLine(input.toolResult)}`}
  const tool = input.tools.find((t) => t.name.toLowerCase().includes(TARGET_TOOL))
  if (tool) return {kind: 'tool-call', tool}
  return {kind: 'text', text: PLAIN_TEXT}
}

/** The first non-empty line, skipping a harness's bookkeeping lines (`Wall time: 0.1s`, a bare `Output:`). */
export function firstLine(text: string): string {
  const lines = text.split(/\r?\n/).map((l) => l.trim())
  const useful = lines.find((l) => l !== '' && !/^wall time:/i.test(l) && !/^output:$/i.test(l))
  return useful ?? ''
}

/** Flattens the many shapes a tool result takes (string, text parts, nested content) into text. */
export function textOf(value: unknown): string {
  if (typeof value === 'string') return decodedParts(value) ?? value
  if (Array.isArray(value)) return value.map((part) => textOf(part)).filter((t) => t !== '').join('\n')
  if (value && typeof value === 'object') {
    const o = value as Record<string, unknown>
    if (typeof o.text === 'string') return o.text
    if ('content' in o) return textOf(o.content)
    if ('output' in o) return textOf(o.output)
  }
  return ''
}

/**
 * A tool result whose content parts arrive JSON-encoded inside the text (`Output:\n[{"type":"text",
 * "text":"…"}]`, as some agent cores send an MCP result): the prefix plus the decoded part texts,
 * or null when the text holds no such array.
 */
function decodedParts(text: string): string | null {
  const at = text.indexOf('[{')
  if (at < 0) return null
  try {
    const parts = JSON.parse(text.slice(at)) as unknown
    if (!Array.isArray(parts) || !parts.every((p) => p && typeof p === 'object' && typeof (p as {text?: unknown}).text === 'string')) return null
    return text.slice(0, at) + parts.map((p) => (p as {text: string}).text).join('\n')
  } catch {
    return null
  }
}
