import {parse} from 'smol-toml'

import {SetupRefusal} from './refusal.js'

/** Parse an existing TOML config that setup would rewrite; corrupt text is refused. */
export function checkToml(rel: string, text: string | undefined): Record<string, unknown> {
  if (text === undefined) return {}
  try {
    return parse(text) as Record<string, unknown>
  } catch (error) {
    const first = String((error as Error).message).split('\n')[0]
    throw new SetupRefusal(`${rel} is not valid TOML (${first}); fix or remove it, then re-run setup — nothing was written`)
  }
}

const BARE = /^[A-Za-z0-9_-]+$/

function key(k: string): string {
  return BARE.test(k) ? k : JSON.stringify(k)
}

function scalar(value: unknown): string {
  if (typeof value === 'string') return JSON.stringify(value)
  if (typeof value === 'number' || typeof value === 'boolean') return String(value)
  if (Array.isArray(value)) return `[${value.map(scalar).join(', ')}]`
  throw new SetupRefusal(`cannot render ${JSON.stringify(value)} as a TOML value`)
}

function isTable(value: unknown): value is Record<string, unknown> {
  return !!value && typeof value === 'object' && !Array.isArray(value)
}

/** Render `value` as the table at `path` plus one sub-table per nested object, blank-line separated. */
function renderTables(path: string[], value: Record<string, unknown>, out: Array<{path: string[]; lines: string[]}>): void {
  const lines = [`[${path.map(key).join('.')}]`]
  for (const [k, v] of Object.entries(value)) if (!isTable(v)) lines.push(`${key(k)} = ${scalar(v)}`)
  out.push({path, lines})
  for (const [k, v] of Object.entries(value)) if (isTable(v)) renderTables([...path, k], v, out)
}

/** The dotted path of a `[table]` header line (quoted segments unquoted), or null for any other line. */
export function headerPath(line: string): string[] | null {
  const m = /^\s*\[(?!\[)(.*)\]\s*(#.*)?$/.exec(line)
  if (!m) return null
  const parts: string[] = []
  let current = ''
  let quote: string | null = null
  for (const ch of m[1] ?? '') {
    if (quote) {
      if (ch === quote) quote = null
      else current += ch
    } else if (ch === '"' || ch === "'") quote = ch
    else if (ch === '.') {
      parts.push(current.trim())
      current = ''
    } else current += ch
  }
  parts.push(current.trim())
  return parts
}

const isHeader = (line: string) => /^\s*\[/.test(line)
const isLoose = (line: string) => line.trim() === '' || line.trim().startsWith('#')

/**
 * Replace agora's managed tables line by line, keeping foreign tables and comments. The block
 * takes the place of the first managed table (else goes at the end); the result must parse.
 */
export function upsertTomlTables(rel: string, text: string | undefined, entries: Array<{at: string[]; value: unknown}>): string {
  const rendered: Array<{path: string[]; lines: string[]}> = []
  for (const entry of entries) {
    if (!isTable(entry.value)) throw new SetupRefusal(`${rel}: a TOML entry must be a table (at ${entry.at.join('.')})`)
    renderTables(entry.at, entry.value, rendered)
  }
  const managed = new Set(rendered.map((t) => t.path.join('\u0000')))
  const block = rendered.flatMap((t, i) => (i === 0 ? t.lines : ['', ...t.lines]))

  const lines = text === undefined || text === '' ? [] : text.replace(/\n$/, '').split('\n')
  const before: string[] = []
  const after: string[] = []
  const carried: string[] = []
  let found = false
  let skipping = false
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i] ?? ''
    if (isHeader(line)) {
      const path = headerPath(line)
      skipping = path !== null && managed.has(path.join('\u0000'))
      if (skipping) {
        found = true
        // Comments and blanks at the end of a managed table belong to whatever follows it.
        let end = i + 1
        while (end < lines.length && !isHeader(lines[end] ?? '')) end++
        let tail = end
        while (tail > i + 1 && isLoose(lines[tail - 1] ?? '')) tail--
        carried.push(...lines.slice(tail, end))
        i = end - 1
        continue
      }
    }
    ;(found ? after : before).push(line)
  }
  const rest = [...carried, ...after]
  while (rest[0]?.trim() === '') rest.shift()
  while (before.at(-1)?.trim() === '') before.pop()
  const out = [...before, ...(before.length > 0 ? [''] : []), ...block, ...(rest.length > 0 ? ['', ...rest] : [])]
  const result = out.join('\n').replace(/\n+$/, '') + '\n'
  const parsed = checkTomlResult(rel, result)
  for (const entry of entries) verifyAt(rel, parsed, entry.at, entry.value)
  return result
}

function checkTomlResult(rel: string, text: string): Record<string, unknown> {
  try {
    return parse(text) as Record<string, unknown>
  } catch (error) {
    const first = String((error as Error).message).split('\n')[0]
    throw new SetupRefusal(
      `agora's tables would make ${rel} invalid TOML (${first}); an agora entry is probably defined another way there (inline or dotted keys) — remove it and re-run setup`,
    )
  }
}

function verifyAt(rel: string, doc: Record<string, unknown>, at: string[], value: unknown): void {
  let node: unknown = doc
  for (const k of at) node = isTable(node) ? node[k] : undefined
  if (canonical(node) !== canonical(value)) {
    throw new SetupRefusal(`${rel}: [${at.join('.')}] does not read back as written; remove other definitions of it and re-run setup`)
  }
}

function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`
  if (isTable(value)) {
    return `{${Object.keys(value).sort().map((k) => `${JSON.stringify(k)}:${canonical(value[k])}`).join(',')}}`
  }
  return JSON.stringify(value) ?? 'undefined'
}
