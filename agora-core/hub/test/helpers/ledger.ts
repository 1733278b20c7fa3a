// An independent re-implementation of the canonical form and the ledger verifier
// rules, written for the tests only, so a ledger the hub calls verified is re-checked by code
// that shares only the tokenizer with @agora/protocol (its lossless parse keeps every number's
// source token); serialization, float formatting, key order and hashing are re-done here.
import {createHash} from 'node:crypto'
import {isLosslessNumber, parseJsonLossless} from '@agora/protocol'
import {exactly, the} from '../../../../test/helpers/present.js'

/** Parse JSON text keeping every number's original token. */
export function parseLossless(text: string): unknown {
  return parseJsonLossless(text)
}

function hex4(code: number): string { return '\\u' + code.toString(16).padStart(4, '0') }

/** Python json.dumps(ensure_ascii=True) string escaping. */
export function pyString(s: string): string {
  let out = '"'
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i)
    if (c === 0x22) out += '\\"'
    else if (c === 0x5c) out += '\\\\'
    else if (c === 0x08) out += '\\b'
    else if (c === 0x0c) out += '\\f'
    else if (c === 0x0a) out += '\\n'
    else if (c === 0x0d) out += '\\r'
    else if (c === 0x09) out += '\\t'
    else if (c >= 0x20 && c <= 0x7e) out += s[i]
    else out += hex4(c) // UTF-16 units: astral chars come out as the surrogate pair Python emits
  }
  return out + '"'
}

/** Python float repr: shortest round-trip digits, scientific below 1e-4 and from 1e16. */
export function pyFloat(x: number): string {
  if (!Number.isFinite(x)) throw new Error(`non-finite number ${x} cannot be canonicalized`)
  if (x === 0) return Object.is(x, -0) ? '-0.0' : '0.0'
  const sign = x < 0 ? '-' : ''
  const [mant, expStr] = exactly(Math.abs(x).toExponential().split('e'), 2)
  const exp = Number(expStr)
  const digits = mant.replace('.', '')
  if (exp < -4 || exp >= 16) {
    const m = digits.length > 1 ? `${digits[0]}.${digits.slice(1)}` : digits
    return `${sign}${m}e${exp < 0 ? '-' : '+'}${String(Math.abs(exp)).padStart(2, '0')}`
  }
  if (exp < 0) return `${sign}0.${'0'.repeat(-exp - 1)}${digits}`
  const intPart = digits.length > exp + 1 ? digits.slice(0, exp + 1) : digits.padEnd(exp + 1, '0')
  const frac = digits.length > exp + 1 ? digits.slice(exp + 1) : '0'
  return `${sign}${intPart}.${frac}`
}

function numberToken(token: string): string {
  if (/[.eE]/.test(token)) return pyFloat(Number(token))
  return BigInt(token).toString()
}

function compareCodePoints(a: string, b: string): number {
  const ac = Array.from(a, (ch) => ch.codePointAt(0)!)
  const bc = Array.from(b, (ch) => ch.codePointAt(0)!)
  for (let i = 0; i < Math.min(ac.length, bc.length); i++) if (ac[i] !== bc[i]) return the(ac, i) - the(bc, i)
  return ac.length - bc.length
}

/** Canonical bytes of a losslessly parsed value (plain JS numbers are accepted as floats only if non-integral). */
export function canonical(v: unknown): string {
  if (v === null) return 'null'
  if (v === true) return 'true'
  if (v === false) return 'false'
  if (isLosslessNumber(v)) return numberToken((v as {value: string}).value)
  if (typeof v === 'number') return Number.isInteger(v) ? String(v) : pyFloat(v)
  if (typeof v === 'string') return pyString(v)
  if (Array.isArray(v)) return '[' + v.map(canonical).join(',') + ']'
  if (typeof v === 'object') {
    const keys = Object.keys(v as object).sort(compareCodePoints)
    return '{' + keys.map((k) => pyString(k) + ':' + canonical((v as Record<string, unknown>)[k])).join(',') + '}'
  }
  throw new Error(`cannot canonicalize ${typeof v}`)
}

export const sha256Hex = (s: string) => createHash('sha256').update(s, 'utf8').digest('hex')

const HASHED = ['id', 'seq', 'sender', 'kind', 'status', 'urgency', 'critical', 'downgraded',
  'to', 'title', 'body', 'data', 'reply_to', 'created_at'] as const

/** The chain hash of one served ledger turn given the previous hash. */
export function turnHash(channel: string, turn: Record<string, unknown>, prev: string): string {
  const payload: Record<string, unknown> = {channel}
  for (const k of HASHED) {
    if (!(k in turn)) throw new Error(`ledger turn ${String(turn.seq)} lacks hashed field ${k}`)
    payload[k] = turn[k]
  }
  return sha256Hex(prev + '\n' + canonical(payload))
}

export interface Verdict { intact: boolean; broken_at: number | null; head_mismatch: boolean; checked: number }

/** The verifier rules over a losslessly parsed `GET /ledger` response. */
export function verifyIndependently(ledger: any): Verdict {
  let prev = ''
  let seenHashed = false
  let checked = 0
  const seqOf = (t: any) => Number(isLosslessNumber(t.seq) ? t.seq.value : t.seq)
  for (const t of ledger.turns as any[]) {
    if (t.hash === null) {
      if (seenHashed) return {intact: false, broken_at: seqOf(t), head_mismatch: false, checked}
      continue
    }
    seenHashed = true
    if (t.retracted === true) { prev = t.hash; continue }
    const want = turnHash(ledger.channel, t, prev)
    checked++
    if (want !== t.hash) return {intact: false, broken_at: seqOf(t), head_mismatch: false, checked}
    prev = t.hash
  }
  const headMismatch = ledger.head !== prev
  return {intact: !headMismatch, broken_at: null, head_mismatch: headMismatch, checked}
}
