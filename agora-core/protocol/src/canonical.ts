import {isLosslessNumber, LosslessNumber} from 'lossless-json'
import {createHash} from 'node:crypto'

/** Python `repr(float)`: shortest round-trip digits, scientific below 1e-4 and from 1e16. */
export function pyFloatRepr(x: number): string {
  if (!Number.isFinite(x)) throw new RangeError(`${x} is not a finite number; JSON has no NaN or Infinity`)
  if (x === 0) return Object.is(x, -0) ? '-0.0' : '0.0'
  const ax = Math.abs(x)
  // Fast path: for non-integers in [1e-4, 1e16) JS and Python both print shortest fixed digits.
  if (ax >= 1e-4 && ax < 1e16 && !Number.isInteger(x)) return String(x)
  const sign = x < 0 ? '-' : ''
  const [mantissa = '0', expText] = Math.abs(x).toExponential().split('e')
  const exp = Number(expText)
  const digits = mantissa.replace('.', '')
  if (exp < -4 || exp >= 16) {
    const m = digits.length > 1 ? `${digits[0]}.${digits.slice(1)}` : digits
    const e = String(Math.abs(exp)).padStart(2, '0')
    return `${sign}${m}e${exp < 0 ? '-' : '+'}${e}`
  }
  if (exp < 0) return `${sign}0.${'0'.repeat(-exp - 1)}${digits}`
  if (digits.length <= exp + 1) return `${sign}${digits}${'0'.repeat(exp + 1 - digits.length)}.0`
  return `${sign}${digits.slice(0, exp + 1)}.${digits.slice(exp + 1)}`
}

/** A number token Python would read as a float (it has a point or an exponent). */
export function isFloatToken(token: string): boolean {
  return /[.eE]/.test(token)
}

/** Tag a JS number as a Python float, so canonical and wire output keep `.0`. */
export function pyFloat(x: number): LosslessNumber {
  return new LosslessNumber(pyFloatRepr(x))
}

function numberToken(token: string): string {
  if (isFloatToken(token)) return pyFloatRepr(Number(token))
  return token === '-0' ? '0' : token
}

function plainNumber(x: number): string {
  if (Number.isInteger(x) && Math.abs(x) < 1e21) return Object.is(x, -0) ? '0' : String(x)
  return pyFloatRepr(x)
}

/** Python `json.dumps(..., ensure_ascii=True)` string escaping. */
export function pyJsonString(s: string): string {
  let out = '"'
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i)
    if (c === 0x22) out += '\\"'
    else if (c === 0x5c) out += '\\\\'
    else if (c >= 0x20 && c <= 0x7e) out += s[i]
    else if (c === 0x08) out += '\\b'
    else if (c === 0x0c) out += '\\f'
    else if (c === 0x0a) out += '\\n'
    else if (c === 0x0d) out += '\\r'
    else if (c === 0x09) out += '\\t'
    else out += '\\u' + c.toString(16).padStart(4, '0')
  }
  return out + '"'
}

/** Order keys by Unicode code point (JS sort compares UTF-16 units, which differs for astral keys). */
export function compareCodePoints(a: string, b: string): number {
  const ia = a[Symbol.iterator]()
  const ib = b[Symbol.iterator]()
  for (;;) {
    const x = ia.next()
    const y = ib.next()
    if (x.done) return y.done ? 0 : -1
    if (y.done) return 1
    const d = (x.value.codePointAt(0) as number) - (y.value.codePointAt(0) as number)
    if (d !== 0) return d
  }
}

/** Literal output text on the canonicalize work stack (a plain string there is a value to encode). */
class Raw {
  constructor(readonly text: string) {}
}
const COMMA = new Raw(',')
const CLOSE_ARRAY = new Raw(']')
const CLOSE_OBJECT = new Raw('}')

function scalar(value: unknown): string {
  if (value === null || value === undefined) return 'null'
  if (value === true) return 'true'
  if (value === false) return 'false'
  if (typeof value === 'string') return pyJsonString(value)
  if (typeof value === 'number') return plainNumber(value)
  if (typeof value === 'bigint') return value.toString()
  if (isLosslessNumber(value)) return numberToken(value.value)
  throw new TypeError(`cannot canonicalize a ${typeof value}`)
}

/**
 * Byte-exact canonical JSON (docs/protocol.md#canonical-json): Python `json.dumps(sort_keys=True, separators=(',',':'),
 * ensure_ascii=True)`. LosslessNumber tokens keep their int/float nature; plain JS numbers
 * that are integral serialize as ints, others as Python floats. The walk uses its own stack,
 * not recursion, so a row nested thousands deep (stored by an older build) still verifies.
 */
export function canonicalize(value: unknown): string {
  const out: string[] = []
  const work: unknown[] = [value]
  while (work.length > 0) {
    const v = work.pop()
    if (v instanceof Raw) out.push(v.text)
    else if (Array.isArray(v)) {
      out.push('[')
      work.push(CLOSE_ARRAY)
      for (let i = v.length - 1; i >= 0; i--) {
        work.push(v[i])
        if (i > 0) work.push(COMMA)
      }
    } else if (v !== null && typeof v === 'object' && !isLosslessNumber(v)) {
      const obj = v as Record<string, unknown>
      const keys = Object.keys(obj).filter(k => obj[k] !== undefined).sort(compareCodePoints)
      out.push('{')
      work.push(CLOSE_OBJECT)
      for (let i = keys.length - 1; i >= 0; i--) {
        const key = keys[i] as string // i is within keys
        work.push(obj[key], new Raw(`${pyJsonString(key)}:`))
        if (i > 0) work.push(COMMA)
      }
    } else out.push(scalar(v))
  }
  return out.join('')
}

/** The chain link (docs/protocol.md#the-chain): sha256_hex(utf8(prev + "\n" + canonical(payload))). */
export function ledgerHash(prev: string, payload: unknown): string {
  const text = typeof payload === 'string' ? payload : canonicalize(payload)
  return createHash('sha256').update(`${prev}\n${text}`, 'utf8').digest('hex')
}
