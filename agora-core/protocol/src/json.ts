import {randomBytes} from 'node:crypto'
import {isLosslessNumber, parse} from 'lossless-json'
import {pyFloatRepr} from './canonical.js'
import {parseDeepLossless} from './deep-parse.js'

/**
 * Parse JSON keeping every number as a LosslessNumber token (so `2.0` stays a float).
 * lossless-json recurses once per nesting level; text nested deeper than the stack allows
 * (a row an older build stored) is read again by an iterative parser instead of crashing.
 */
export function parseJsonLossless(text: string): unknown {
  try {
    return parse(text)
  } catch (err) {
    if (err instanceof RangeError) return parseDeepLossless(text)
    throw err
  }
}

/** Wire keys whose numeric values are Unix-second floats: served in Python float form. */
export const FLOAT_KEYS: ReadonlySet<string> = new Set([
  'created_at', 'updated_at', 'expires_at', 'joined_at', 'retracted_at', 'read_at', 'since',
  'answered_at', 'answer_created_at', 'computed_at', 'last_at', 'granted_at', 'imposed_at',
  'declared_at', 'used_at', 'archived_at', 'retired_at', 'deleted_at',
])

/** A per-process secret: placeholders carrying it cannot be forged by content. */
const NONCE = randomBytes(16).toString('hex')
const PLACEHOLDER = new RegExp(`"${NONCE}:(\\d+)"`, 'g')

function pyNumberText(x: number, floatKey: boolean): string {
  if (!Number.isFinite(x)) return 'null'
  if (floatKey) return pyFloatRepr(x)
  if (Number.isInteger(x) && Math.abs(x) < 1e21) return Object.is(x, -0) ? '0' : String(x)
  return pyFloatRepr(x)
}

/**
 * The wire serializer: LosslessNumber tokens are emitted verbatim, timestamp keys are Python
 * floats (`1732999999.0`), other numbers as ints or Python float repr. Key order is kept.
 * Native JSON.stringify does the walking; a number whose text differs from JS's own is swapped
 * for a nonce placeholder and spliced back in afterwards.
 */
export function stringifyWire(value: unknown): string {
  try {
    return stringifyNative(value)
  } catch (err) {
    // V8's writer recurses: a row nested thousands deep (stored by an older build) is written iteratively.
    if (err instanceof RangeError) return stringifyDeep(value)
    throw err
  }
}

function stringifyNative(value: unknown): string {
  // The native writer does the walking. A number whose wire text differs from JS's own (a whole-second
  // timestamp must read `1732999999.0`) or a lossless token is swapped, in a copy of only the containers
  // above it, for a nonce placeholder spliced back afterwards: one such number no longer sends the whole
  // value down the replacer path, which made V8 call back into JS for every node (most of an /owed answer).
  const raws: string[] = []
  const prepared = withPlaceholders(value, '', 0, raws)
  if (prepared === UNUSUAL) return stringifyReplacing(value)
  const text = JSON.stringify(prepared)
  if (text === undefined) return 'null'
  return raws.length ? text.replace(PLACEHOLDER, (_m, i: string) => raws[Number(i)] ?? 'null') : text
}

/** Marks a value withPlaceholders leaves to the replacer path: a toJSON method, or nesting past 64 levels. */
const UNUSUAL = Symbol('unusual')

/** The number's wire text when it differs from what JSON.stringify writes, else undefined. */
function wireNumberText(v: number, key: string): string | undefined {
  if (!Number.isFinite(v)) return undefined // JSON.stringify writes null, as the wire does
  if (Number.isInteger(v) ? !FLOAT_KEYS.has(key) && Math.abs(v) < 1e21 && !Object.is(v, -0) : Math.abs(v) >= 1e-4 && Math.abs(v) < 1e16) return undefined
  const wanted = pyNumberText(v, FLOAT_KEYS.has(key))
  return wanted === String(v) ? undefined : wanted
}

/**
 * `v` itself when the native writer prints it as the wire does; otherwise a copy (of the containers on the way
 * down only) with each differing number or lossless token replaced by a placeholder pushed onto `raws`.
 */
function withPlaceholders(v: unknown, key: string, depth: number, raws: string[]): unknown {
  if (typeof v === 'number') {
    const wanted = wireNumberText(v, key)
    if (wanted === undefined) return v
    raws.push(wanted)
    return `${NONCE}:${raws.length - 1}`
  }
  if (typeof v !== 'object' || v === null) return v
  if (isLosslessNumber(v)) {
    raws.push(v.value)
    return `${NONCE}:${raws.length - 1}`
  }
  if (depth > 64 || typeof (v as {toJSON?: unknown}).toJSON === 'function') return UNUSUAL
  if (Array.isArray(v)) {
    let copy: unknown[] | null = null
    for (let i = 0; i < v.length; i++) {
      const x: unknown = v[i]
      if (typeof x === 'string' || typeof x === 'boolean' || x === null) continue
      const y = withPlaceholders(x, '', depth + 1, raws)
      if (y === UNUSUAL) return UNUSUAL
      if (y !== x) (copy ??= v.slice())[i] = y
    }
    return copy ?? v
  }
  const o = v as Record<string, unknown>
  let copy: Record<string, unknown> | null = null
  for (const k in o) {
    if (!Object.prototype.hasOwnProperty.call(o, k)) continue
    const x = o[k]
    if (typeof x === 'string' || typeof x === 'boolean' || x === null || x === undefined) continue
    const y = withPlaceholders(x, k, depth + 1, raws)
    if (y === UNUSUAL) return UNUSUAL
    if (y === x) continue
    copy ??= {...o}
    // An own `__proto__` key is data: define it, never assign it (assignment would set the prototype).
    if (k === '__proto__') Object.defineProperty(copy, k, {value: y, enumerable: true, writable: true, configurable: true})
    else copy[k] = y
  }
  return copy ?? o
}

/** The replacer path, for values withPlaceholders leaves alone (a toJSON method, very deep nesting). */
function stringifyReplacing(value: unknown): string {
  const raws: string[] = []
  const text = JSON.stringify(value, function (this: unknown, key: string, v: unknown): unknown {
    let wanted: string
    if (typeof v === 'number') {
      if (!Number.isFinite(v)) return null
      if (Number.isInteger(v) ? !FLOAT_KEYS.has(key) && Math.abs(v) < 1e21 && !Object.is(v, -0) : Math.abs(v) >= 1e-4 && Math.abs(v) < 1e16) return v
      wanted = pyNumberText(v, FLOAT_KEYS.has(key))
      if (wanted === String(v)) return v
    } else if (typeof v === 'object' && v !== null && isLosslessNumber(v)) {
      wanted = v.value
    } else return v
    raws.push(wanted)
    return `${NONCE}:${raws.length - 1}`
  })
  if (text === undefined) return 'null'
  return raws.length ? text.replace(PLACEHOLDER, (_m, i: string) => raws[Number(i)] ?? 'null') : text
}

/** A literal piece of output on the stringifyDeep work stack. */
class Piece {
  constructor(readonly text: string) {}
}

/** The same text as stringifyNative, written with an explicit stack so depth is bounded by memory. */
function stringifyDeep(root: unknown): string {
  const out: string[] = []
  const work: Array<Piece | [string, unknown]> = [['', root]]
  while (work.length > 0) {
    const item = work.pop() as Piece | [string, unknown]
    if (item instanceof Piece) {
      out.push(item.text)
      continue
    }
    const [key, raw] = item
    const v = raw !== null && typeof raw === 'object' && !isLosslessNumber(raw) && typeof (raw as {toJSON?: unknown}).toJSON === 'function'
      ? (raw as {toJSON(k: string): unknown}).toJSON(key) : raw
    if (v === null || v === undefined || typeof v === 'function' || typeof v === 'symbol') out.push('null')
    else if (typeof v === 'number') out.push(pyNumberText(v, FLOAT_KEYS.has(key)))
    else if (isLosslessNumber(v)) out.push(v.value)
    else if (typeof v !== 'object') out.push(JSON.stringify(v))
    else if (Array.isArray(v)) {
      out.push('[')
      work.push(new Piece(']'))
      for (let i = v.length - 1; i >= 0; i--) {
        work.push(['', v[i]])
        if (i > 0) work.push(new Piece(','))
      }
    } else {
      const entries = Object.entries(v).filter(([, c]) => c !== undefined && typeof c !== 'function' && typeof c !== 'symbol')
      out.push('{')
      work.push(new Piece('}'))
      for (let i = entries.length - 1; i >= 0; i--) {
        const [key, child] = entries[i] as [string, unknown] // i is within entries
        work.push([key, child], new Piece(`${JSON.stringify(key)}:`))
        if (i > 0) work.push(new Piece(','))
      }
    }
  }
  return out.join('')
}

/** Convert LosslessNumbers to plain JS numbers (for code that reads numeric fields of `data`). Iterative: any depth. */
export function toPlain(value: unknown): unknown {
  const convert = (v: unknown): unknown => {
    if (isLosslessNumber(v)) return Number(v.value)
    if (Array.isArray(v)) return new Array<unknown>(v.length)
    if (v && typeof v === 'object') return {}
    return v
  }
  const root = convert(value)
  const work: Array<[unknown, unknown]> = [[value, root]]
  while (work.length > 0) {
    const [src, dst] = work.pop() as [unknown, unknown]
    if (dst === null || typeof dst !== 'object') continue
    const entries: Array<[string | number, unknown]> = Array.isArray(src) ? src.map((v, i) => [i, v]) : Object.entries(src as object)
    for (const [k, v] of entries) {
      const out = convert(v)
      if (k === '__proto__') Object.defineProperty(dst, k, {value: out, enumerable: true, writable: true, configurable: true})
      else (dst as Record<string | number, unknown>)[k] = out
      if (out !== null && typeof out === 'object') work.push([v, out])
    }
  }
  return root
}

/** True when every number token in the tree is finite (strict JSON: no NaN/Infinity/overflow). Iterative: any depth. */
export function allNumbersFinite(value: unknown): boolean {
  const work: unknown[] = [value]
  while (work.length > 0) {
    const v = work.pop()
    if (isLosslessNumber(v)) {
      if (!Number.isFinite(Number(v.value))) return false
    } else if (typeof v === 'number') {
      if (!Number.isFinite(v)) return false
    } else if (Array.isArray(v)) for (const x of v) work.push(x)
    else if (v && typeof v === 'object') for (const x of Object.values(v)) work.push(x)
  }
  return true
}
