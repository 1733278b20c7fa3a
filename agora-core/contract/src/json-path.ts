import type {FieldTest, JsonPath, Match, Scalar} from './evidence-spec.js'

const SEGMENT = /^([^[\]]*)((?:\[[^\]]+\])*)$/

/** The value at a dotted path ('a.b', 'list[name=agora].status', 'content[0].text'), or undefined. */
export function readPath(value: unknown, path: JsonPath): unknown {
  let current: unknown = value
  for (const segment of path.split('.')) {
    const parts = SEGMENT.exec(segment)
    if (!parts) return undefined
    if (parts[1]) current = isRecord(current) ? current[parts[1]] : undefined
    for (const selector of (parts[2] ?? '').match(/\[[^\]]+\]/g) ?? []) {
      current = select(current, selector.slice(1, -1))
    }
    if (current === undefined) return undefined
  }
  return current
}

function select(value: unknown, selector: string): unknown {
  if (!Array.isArray(value)) return undefined
  const eq = selector.indexOf('=')
  if (eq < 0) return /^\d+$/.test(selector) ? value[Number(selector)] : undefined
  const [field, want] = [selector.slice(0, eq), selector.slice(eq + 1)]
  return value.find((item) => isRecord(item) && String(item[field]) === want)
}

export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
}

function isEmpty(value: unknown): boolean {
  if (value === undefined || value === null || value === '') return true
  if (Array.isArray(value)) return value.length === 0
  return isRecord(value) && Object.keys(value).length === 0
}

/** One field test on one value; a missing value fails all but notOneOf, exists:false and empty:true. */
export function passes(value: unknown, test: FieldTest): boolean {
  if (test === null || typeof test !== 'object') return value === test
  if ('oneOf' in test) return test.oneOf.includes(value as Scalar)
  if ('notOneOf' in test) return !test.notOneOf.includes(value as Scalar)
  if ('prefix' in test) return typeof value === 'string' && value.startsWith(test.prefix)
  if ('contains' in test) return typeof value === 'string' && value.includes(test.contains)
  if ('exists' in test) return (value !== undefined) === test.exists
  return isEmpty(value) === test.empty
}

export function matches(value: unknown, match: Match): boolean {
  return Object.entries(match).every(([path, test]) => passes(readPath(value, path), test))
}

/** The first non-empty string (or number) among the paths. */
export function firstString(value: unknown, paths: JsonPath[]): string | null {
  for (const path of paths) {
    const found = readPath(value, path)
    if (typeof found === 'string' && found.length > 0) return found
    if (typeof found === 'number') return String(found)
  }
  return null
}

/** Every line of an NDJSON stream that parses to an object; other lines (banners, logs) are skipped. */
export function parseNdjson(text: string): Array<Record<string, unknown>> {
  const out: Array<Record<string, unknown>> = []
  for (const line of text.split(/\r?\n/)) {
    const trimmed = line.trim()
    if (!trimmed.startsWith('{')) continue
    try {
      const parsed: unknown = JSON.parse(trimmed)
      if (isRecord(parsed)) out.push(parsed)
    } catch {
      // a non-JSON line that happens to start with a brace
    }
  }
  return out
}
