import {randomBytes} from 'node:crypto'
import {isLosslessNumber, parse} from 'lossless-json'
import {pyFloatRepr} from './canonical.js'

/** Parse JSON keeping every number as a LosslessNumber token (so `2.0` stays a float). */
export function parseJsonLossless(text: string): unknown {
  return parse(text)
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
  // Most values (envelopes, messages) hold no number the native writer would print differently:
  // then the replacer, which forces V8's slow path on every node, is skipped altogether.
  if (nativeSafe(value, '', 0)) return JSON.stringify(value) ?? 'null'
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
  return raws.length ? text.replace(PLACEHOLDER, (_m, i: string) => raws[Number(i)]) : text
}

/**
 * True when the replacer in `stringifyWire` would hand back every node of `v` unchanged, so the
 * plain native writer gives the same text. Anything unusual (a toJSON method, a lossless token,
 * a number in Python form, very deep nesting) answers false and takes the replacer path.
 */
function nativeSafe(v: unknown, key: string, depth: number): boolean {
  if (typeof v === 'number') {
    if (Number.isInteger(v)) return !FLOAT_KEYS.has(key) && Math.abs(v) < 1e21 && !Object.is(v, -0)
    return Math.abs(v) >= 1e-4 && Math.abs(v) < 1e16
  }
  if (typeof v !== 'object' || v === null) return true
  if (depth > 64 || isLosslessNumber(v) || typeof (v as {toJSON?: unknown}).toJSON === 'function') return false
  if (Array.isArray(v)) {
    for (let i = 0; i < v.length; i++) if (!nativeSafe(v[i], '', depth + 1)) return false
    return true
  }
  const o = v as Record<string, unknown>
  for (const k of Object.keys(o)) if (!nativeSafe(o[k], k, depth + 1)) return false
  return true
}

/** Convert LosslessNumbers to plain JS numbers (for code that reads numeric fields of `data`). */
export function toPlain(value: unknown): unknown {
  if (isLosslessNumber(value)) return Number(value.value)
  if (Array.isArray(value)) return value.map(toPlain)
  if (value && typeof value === 'object') {
    const out: Record<string, unknown> = {}
    for (const [k, v] of Object.entries(value)) out[k] = toPlain(v)
    return out
  }
  return value
}

/** True when every number token in the tree is finite (strict JSON: no NaN/Infinity/overflow). */
export function allNumbersFinite(value: unknown): boolean {
  if (isLosslessNumber(value)) return Number.isFinite(Number(value.value))
  if (typeof value === 'number') return Number.isFinite(value)
  if (Array.isArray(value)) return value.every(allNumbersFinite)
  if (value && typeof value === 'object') return Object.values(value).every(allNumbersFinite)
  return true
}
