import type {NextFunction, Request, Response} from 'express'
import {AgoraError} from '@agora/protocol'
import type {SchemaViolation} from '@agora/protocol'
import {JSON_ARRAY_MAX, JSON_DEPTH_MAX} from '../limits.js'

/**
 * The text rule at the hub's door: every string the hub accepts is valid Unicode, so what is
 * hashed is exactly what SQLite stores and serves (SQLite would turn a lone surrogate into
 * U+FFFD after the hash was taken). Also the shape limits: nesting depth and array length.
 */

/** With the u flag a surrogate class matches only unpaired halves (a pair reads as one code point). */
const LONE_SURROGATE = /\p{Cs}/u
const LONE_SURROGATES = /\p{Cs}/gu

export function isWellFormed(s: string): boolean {
  return !LONE_SURROGATE.test(s)
}

const STRICT_UTF8 = new TextDecoder('utf-8', {fatal: true, ignoreBOM: true})

/** Decode request bytes; invalid UTF-8 is refused, never replaced. */
export function decodeUtf8(bytes: Uint8Array, root: string): string {
  try {
    return STRICT_UTF8.decode(bytes)
  } catch {
    throw new AgoraError(422, [{loc: [root], msg: `${root} is not valid UTF-8; encode the text as UTF-8`, type: 'unicode_invalid'}])
  }
}

const lone = (loc: Array<string | number>, what: 'string' | 'key'): SchemaViolation =>
  ({loc, msg: `the ${what} at ${loc.join('.')} holds a lone UTF-16 surrogate (a \\ud800-\\udfff escape without its pair), which is not Unicode text; send the whole character or remove it`, type: 'unicode_invalid'})

/** A container on the walk's stack; its JSON path is rebuilt from the parent links only on a refusal. */
interface Step {
  value: object
  parent: Step | null
  key: string | number
  depth: number
}

function locOf(step: Step, root: string, last?: string | number): Array<string | number> {
  const loc: Array<string | number> = last === undefined ? [] : [last]
  for (let s: Step | null = step; s?.parent; s = s.parent) loc.push(s.key)
  loc.push(root)
  return loc.reverse()
}

/**
 * Walk a parsed JSON value once, with its own stack: the first string or key that is not well-formed
 * Unicode, the first container deeper than JSON_DEPTH_MAX, or the first array longer than
 * JSON_ARRAY_MAX, as a violation whose loc is the JSON path from `root`. Null when all is well.
 * Only containers go on the stack and carry a path; leaves are checked where they stand.
 * `strings: false` skips the string checks, for text known to hold no surrogate (see mayHoldSurrogate).
 */
export function textViolation(value: unknown, root: string, strings = true): SchemaViolation | null {
  if (typeof value === 'string') return !strings || isWellFormed(value) ? null : lone([root], 'string')
  if (value === null || typeof value !== 'object') return null
  const work: Step[] = [{value, parent: null, key: root, depth: 0}]
  while (work.length > 0) {
    const step = work.pop() as Step
    if (step.depth >= JSON_DEPTH_MAX) {
      return {loc: locOf(step, root), msg: `JSON is nested deeper than ${JSON_DEPTH_MAX} levels here; flatten the value (JSON_DEPTH_MAX is ${JSON_DEPTH_MAX})`, type: 'depth_limit'}
    }
    const v = step.value
    const isArray = Array.isArray(v)
    if (isArray && v.length > JSON_ARRAY_MAX) {
      return {loc: locOf(step, root), msg: `array has ${v.length} items; the limit is ${JSON_ARRAY_MAX} (JSON_ARRAY_MAX), send fewer`, type: 'array_limit'}
    }
    const keys: Array<string | number> = isArray ? Array.from(v.keys()) : Object.keys(v)
    for (const key of keys.reverse()) { // keys is this step's own copy; last first, so the stack pops in order
      if (strings && typeof key === 'string' && !isWellFormed(key)) return lone(locOf(step, root, key.replace(LONE_SURROGATES, '\ufffd')), 'key')
      const child = (v as Record<string | number, unknown>)[key]
      if (typeof child === 'string') {
        if (strings && !isWellFormed(child)) return lone(locOf(step, root, key), 'string')
      } else if (child !== null && typeof child === 'object') work.push({value: child, parent: step, key, depth: step.depth + 1})
    }
  }
  return null
}

/**
 * Text decoded from valid UTF-8 holds no surrogate code units, so after JSON.parse a lone one can
 * only come from a `\\uD800`–`\\uDFFF` escape: without one, the per-string checks can be skipped.
 */
export function mayHoldSurrogate(json: string): boolean {
  return SURROGATE_ESCAPE.test(json)
}
const SURROGATE_ESCAPE = /\\u[dD][89a-fA-F]/

/** A WS text frame under the same rule; unparseable frames are left for the frame reader to refuse. */
export function frameTextViolation(text: string): SchemaViolation | null {
  let value: unknown
  try {
    value = JSON.parse(text)
  } catch {
    return null
  }
  return textViolation(value, 'frame', mayHoldSurrogate(text))
}

/** Throw the 422 for a value that breaks the text rule or a shape limit. */
export function requireText(value: unknown, root: string): void {
  const bad = textViolation(value, root)
  if (bad) throw new AgoraError(422, [bad])
}

/**
 * A NUL (%00) in the URL names nothing: no id, name, key or value the hub keeps holds one (identifiers
 * refuse control characters), and PostgreSQL cannot even compare text holding it (a lookup failed
 * with 500 there while SQLite answered 404), so it is refused at the door on both: 400, as a name
 * holding a control character is (services/kernel/identifiers.ts).
 */
function nulRefusal(what: string): AgoraError {
  return new AgoraError(400, `${what} holds a NUL character (%00), which no name, id or value here contains; remove it`)
}

/**
 * The same rule for the URL: the path and every query parameter must percent-decode to UTF-8.
 * (Express would answer a bad path param 400 without naming it, and node's query parser
 * silently turns bad bytes into U+FFFD.)
 */
export function urlText(req: Request, _res: Response, next: NextFunction): void {
  const url = req.url
  // Only a `%` escape can fail to decode: most URLs have none and skip the checks.
  if (!url.includes('%')) return next()
  const q = url.indexOf('?')
  const path = q < 0 ? url : url.slice(0, q)
  let decoded: string
  try {
    decoded = decodeURIComponent(path)
  } catch {
    return next(new AgoraError(422, [{loc: ['path'], msg: 'the URL path is not valid percent-encoded UTF-8; encode each name as UTF-8 before percent-encoding it', type: 'unicode_invalid'}]))
  }
  if (decoded.includes('\u0000')) return next(nulRefusal('the URL path'))
  if (q < 0) return next()
  for (const pair of url.slice(q + 1).split('&')) {
    const eq = pair.indexOf('=')
    const name = eq < 0 ? pair : pair.slice(0, eq)
    let shown = name
    try { shown = decodeURIComponent(name) } catch { /* the name itself is the bad part */ }
    try {
      decoded = decodeURIComponent(pair.replaceAll('+', ' '))
    } catch {
      return next(new AgoraError(422, [{loc: ['query', shown], msg: `query parameter '${shown}' is not valid percent-encoded UTF-8; encode its value as UTF-8 before percent-encoding it`, type: 'unicode_invalid'}]))
    }
    if (decoded.includes('\u0000')) return next(nulRefusal(`query parameter '${shown.replaceAll('\u0000', '%00')}'`))
  }
  next()
}
