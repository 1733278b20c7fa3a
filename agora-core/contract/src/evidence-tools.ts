import {firstString, isRecord, matches, readPath} from './json-path.js'
import type {EvidenceSpec, ToolEventRule} from './evidence-spec.js'

/** One agora tool call as the stream reported it, under its bare name. */
export interface ToolOutcome {
  name: string
  ok: boolean
  detail: string
}

/**
 * A tool name in any of the declared agora forms, reduced to the bare name; null when the name is
 * not agora's. A form starting with ':' may also occur inside the name ('mcp::agora::whoami'); a
 * form ending in '$' is a suffix, the bare name what precedes it ('whoami (agora MCP Server)').
 */
export function bareToolName(name: string, prefixes: string[]): string | null {
  for (const prefix of prefixes) {
    if (prefix.endsWith('$')) {
      const suffix = prefix.slice(0, -1)
      if (name.endsWith(suffix) && name.length > suffix.length) return name.slice(0, -suffix.length)
      continue
    }
    if (name.startsWith(prefix) && name.length > prefix.length) return name.slice(prefix.length)
    const at = prefix.startsWith(':') ? name.lastIndexOf(prefix) : -1
    if (at >= 0 && name.length > at + prefix.length) return name.slice(at + prefix.length)
  }
  return null
}

/**
 * An application-level failure inside a transport-successful result: `ok: false`, `isError` /
 * `is_error`, the same inside structured content, and inside each text block parsed as JSON.
 */
export function appError(value: unknown, depth = 0): string | null {
  if (depth > 6 || value === null || value === undefined) return null
  if (typeof value === 'string') {
    const t = value.trim()
    if (!t.startsWith('{') && !t.startsWith('[')) return null
    try {
      return appError(JSON.parse(t), depth + 1)
    } catch {
      return null
    }
  }
  if (Array.isArray(value)) {
    for (const item of value) {
      const found = appError(isRecord(item) && typeof item.text === 'string' ? item.text : item, depth + 1)
      if (found) return found
    }
    return null
  }
  if (!isRecord(value)) return null
  if (value.ok === false) return firstString(value, ['detail', 'error.message', 'error', 'message']) ?? 'ok: false'
  if (value.isError === true || value.is_error === true) return textOf(value.content) ?? firstString(value, ['error', 'message']) ?? 'isError'
  for (const key of ['structured_content', 'structuredContent', 'content']) {
    const found = appError(value[key], depth + 1)
    if (found) return found
  }
  return null
}

function textOf(content: unknown): string | null {
  if (typeof content === 'string') return content
  if (!Array.isArray(content)) return null
  const texts = content.filter((c) => isRecord(c) && typeof c.text === 'string').map((c) => (c as {text: string}).text)
  return texts.length > 0 ? texts.join(' ') : null
}

function failure(record: unknown, rule: ToolEventRule): string | null {
  const errorText = () => firstString(record, rule.errorText ?? ['error.message', 'error', 'message']) ?? textOf(readPath(record, rule.output ?? 'content')) ?? 'failed'
  if (rule.failed?.some((m) => matches(record, m))) return errorText()
  if (rule.succeeded && !matches(record, rule.succeeded)) return errorText()
  return rule.output ? appError(readPath(record, rule.output)) : null
}

function records(obj: Record<string, unknown>, rule: ToolEventRule): unknown[] {
  if (!rule.each) return [obj]
  const list = readPath(obj, rule.each.path)
  return Array.isArray(list) ? list.filter((item) => matches(item, rule.each!.match)) : []
}

/** Every agora tool outcome in stream order, pairing 'call' records with their 'result' by id. */
export function collectToolOutcomes(spec: EvidenceSpec, objects: Array<Record<string, unknown>>): ToolOutcome[] {
  const pending = new Map<string, string>()
  const out: ToolOutcome[] = []
  for (const obj of objects) {
    for (const rule of spec.toolEvents) {
      if (!matches(obj, rule.match)) continue
      for (const record of records(obj, rule)) {
        const id = rule.id ? readPath(record, rule.id) : undefined
        if (rule.role === 'result') {
          const name = id === undefined ? undefined : pending.get(String(id))
          if (name === undefined) continue
          pending.delete(String(id))
          const failed = failure(record, rule)
          out.push({name, ok: failed === null, detail: failed ?? ''})
          continue
        }
        const raw = firstString(record, rule.name ?? ['name'])
        if (!raw) continue
        const bare = bareToolName(raw, spec.toolNamePrefixes) ?? (rule.agora && matches(record, rule.agora) ? raw : null)
        if (bare === null || (rule.agora && !matches(record, rule.agora))) continue
        if (rule.role === 'call') {
          if (id !== undefined) pending.set(String(id), bare)
          continue
        }
        const failed = failure(record, rule)
        out.push({name: bare, ok: failed === null, detail: failed ?? ''})
      }
    }
  }
  return out
}
