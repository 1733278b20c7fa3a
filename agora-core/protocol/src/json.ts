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

function jsonString(s: string): string {
  return JSON.stringify(s)
}

function numberText(x: number, floatKey: boolean): string {
  if (!Number.isFinite(x)) return 'null'
  if (floatKey) return pyFloatRepr(x)
  if (Number.isInteger(x)) return Object.is(x, -0) ? '0' : String(x)
  return pyFloatRepr(x)
}

/**
 * The wire serializer: LosslessNumber tokens are emitted verbatim, timestamp keys are Python
 * floats (`1732999999.0`), other numbers as ints or Python float repr. Key order is kept.
 */
export function stringifyWire(value: unknown, key = ''): string {
  if (value === null || value === undefined) return 'null'
  if (typeof value === 'boolean') return value ? 'true' : 'false'
  if (typeof value === 'string') return jsonString(value)
  if (typeof value === 'number') return numberText(value, FLOAT_KEYS.has(key))
  if (typeof value === 'bigint') return value.toString()
  if (isLosslessNumber(value)) return value.value
  if (Array.isArray(value)) return `[${value.map(v => stringifyWire(v)).join(',')}]`
  if (typeof value === 'object') {
    if (typeof (value as {toJSON?: unknown}).toJSON === 'function') {
      return stringifyWire((value as {toJSON(): unknown}).toJSON(), key)
    }
    const obj = value as Record<string, unknown>
    const parts: string[] = []
    for (const k of Object.keys(obj)) {
      if (obj[k] === undefined) continue
      parts.push(`${jsonString(k)}:${stringifyWire(obj[k], k)}`)
    }
    return `{${parts.join(',')}}`
  }
  return 'null'
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
