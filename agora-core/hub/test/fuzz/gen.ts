// Shared generators of hostile input. Values are built as JS values and serialized by `toJson`,
// which writes the raw JSON text itself: a JS string holding a lone surrogate comes out as a
// `\udXXX` escape (what a Python client or a careless proxy sends), and a `Raw` value is pasted
// verbatim so number tokens no JS number can hold (1e400, 2^64, -0, 2.0) and nesting far past
// any recursion limit reach the hub exactly as written.
import fc from 'fast-check'
import {JSON_ARRAY_MAX} from '../../src/limits.js'
import {the} from '../../../../test/helpers/present.js'

/** A JSON token pasted into the body verbatim. */
export class Raw {
  constructor(readonly json: string) {}
  toString(): string { return this.json.length > 80 ? `Raw(${this.json.slice(0, 40)}…${this.json.length} chars)` : `Raw(${this.json})` }
}

export function toJson(v: unknown): string {
  if (v instanceof Raw) return v.json
  if (v === undefined) return 'null'
  if (Array.isArray(v)) return '[' + v.map(toJson).join(',') + ']'
  if (v && typeof v === 'object') return '{' + Object.entries(v).map(([k, x]) => JSON.stringify(k) + ':' + toJson(x)).join(',') + '}'
  return JSON.stringify(v)
}

/** Lone surrogates, combining marks, zero-width, bidi, control, compatibility and look-alike characters. */
export const NASTY_CHARS = [
  '\ud800', '\udbff', '\udc00', '\udfff', '\ud83d', // lone surrogates (high and low)
  '\u0301', '\u0308', '\u0327', '\u20dd', // combining marks
  '\u200b', '\u200c', '\u200d', '\u2060', '\ufeff', '\u00ad', // zero-width and soft hyphen
  '\u202e', '\u202d', '\u2066', '\u2069', '\u200f', '\u061c', // bidi overrides, isolates, marks
  '\u0000', '\u0001', '\u0008', '\u001b', '\u001f', '\u007f', '\u0085', '\u2028', '\u2029', '\t', '\n', '\r',
  '\u00e9', 'e\u0301', '\u212b', '\u00c5', 'A\u030a', '\ufb01', '\uff41', '\u0430', '\u03bf', '\u0131', // NFC/NFD, compat, look-alikes
  '\ud83d\ude00', '\u{1f3f3}\ufe0f\u200d\u{1f308}', '\u{10ffff}', '\ufffd', '\ufffe', '"', '\\', '/', '%', ' ',
]

export const nastyChar = fc.constantFrom(...NASTY_CHARS)

/** Short strings where hostile characters are frequent. */
export const nastyString: fc.Arbitrary<string> = fc.array(
  fc.oneof({weight: 3, arbitrary: nastyChar}, {weight: 2, arbitrary: fc.string({maxLength: 4})}, {weight: 1, arbitrary: fc.string({maxLength: 3, unit: 'grapheme'})}),
  {maxLength: 10},
).map((parts) => parts.join(''))

/** A plausible identifier with one hostile character spliced in: the look-alike case. */
export function lookAlike(bases: readonly string[]): fc.Arbitrary<string> {
  return fc.tuple(fc.constantFrom(...bases), nastyChar, fc.nat()).map(([b, c, i]) => {
    const at = i % (b.length + 1)
    return b.slice(0, at) + c + b.slice(at)
  })
}

/** An identifier-shaped value: plain, look-alike, fully hostile, NFD/NFC variants, or too long. */
export function ident(bases: readonly string[]): fc.Arbitrary<string> {
  return fc.oneof(
    {weight: 2, arbitrary: fc.constantFrom(...bases)},
    {weight: 4, arbitrary: lookAlike(bases)},
    {weight: 2, arbitrary: nastyString},
    {weight: 1, arbitrary: fc.constantFrom(...bases).map((b) => b.normalize('NFD') + '\u0301')},
    {weight: 1, arbitrary: fc.stringMatching(/^[a-z][a-z0-9_-]{0,70}$/)},
  )
}

/** A fresh, valid-looking identifier, so some creations are accepted and what follows them runs. */
export const freshId = fc.stringMatching(/^[a-z][a-z0-9]{2,12}$/)

/** Number tokens no float64 holds exactly, or that a lossy parse changes. */
export const hugeNumber = fc.constantFrom(
  '1e400', '-1e400', '1e-400', '18446744073709551616', '-18446744073709551617', '9007199254740993', '-0', '-0.0',
  '2.0', '1E+2', '0.1', '5e-324', '1.7976931348623157e308', '123456789012345678901234567890', '0e0', '1.0e0',
).map((t) => new Raw(t))

/** Nesting up to and beyond the 64-level limit, and occasionally deep enough to overflow a recursive walker. */
export const deepJson = fc.tuple(
  fc.oneof({weight: 1, arbitrary: fc.integer({min: 1, max: 70})}, {weight: 1, arbitrary: fc.constantFrom(63, 64, 65, 66, 128, 2_000, 3_000, 5_000, 12_000)}),
  fc.boolean(),
).map(([d, arrays]) => new Raw(arrays ? '['.repeat(d) + '1' + ']'.repeat(d) : '{"a":'.repeat(d) + '1' + '}'.repeat(d)))

/** Long arrays and objects with many keys, around the JSON_ARRAY_MAX limit. */
export const wideJson = fc.tuple(fc.constantFrom(1000, 5000, JSON_ARRAY_MAX - 1, JSON_ARRAY_MAX, JSON_ARRAY_MAX + 1), fc.boolean()).map(([n, arrays]) => new Raw(arrays
  ? '[' + Array.from({length: n}, (_, i) => String(i % 10)).join(',') + ']'
  : '{' + Array.from({length: n}, (_, i) => `"k${i}":${i % 10}`).join(',') + '}'))

/** Any hostile JSON value, for wrong types and free-form fields. */
export const anyValue: fc.Arbitrary<unknown> = fc.letrec<{v: unknown}>((tie) => ({
  v: fc.oneof({depthSize: 'small', withCrossShrink: true},
    nastyString, hugeNumber, fc.integer(), fc.double(), fc.boolean(), fc.constant(null),
    deepJson, wideJson,
    fc.array(tie('v'), {maxLength: 3}),
    fc.dictionary(nastyString, tie('v'), {maxKeys: 3})),
})).v

/** A field's value: well-typed (hostile content, right type) nearly always, rarely an explicit null or another type. */
export function field<T>(good: fc.Arbitrary<T>): fc.Arbitrary<unknown> {
  return fc.oneof({weight: 40, arbitrary: good}, {weight: 1, arbitrary: fc.constant(null)}, {weight: 1, arbitrary: anyValue})
}

/**
 * A request object: any subset of the named fields with well-typed values, then at most one
 * mutation (a field set to null or to a wrong type, or an unknown or near-miss field), so most
 * cases get past the schema and the hostile content reaches the code behind it.
 */
export function body(fields: Record<string, fc.Arbitrary<unknown>>, nearMiss: readonly string[] = [], required: string[] = []): fc.Arbitrary<Record<string, unknown>> {
  const names = Object.keys(fields)
  const mutation = fc.oneof(
    {weight: 5, arbitrary: fc.constant(null)},
    {weight: 1, arbitrary: fc.tuple(fc.constantFrom(...names), fc.oneof(fc.constant(null), anyValue))},
    {weight: 1, arbitrary: fc.tuple(fc.oneof(fc.constantFrom(...nearMiss, '__proto__', 'constructor', 'extra'), nastyString), anyValue)},
  )
  return fc.tuple(fc.record(fields, {requiredKeys: required}), mutation).map(([known, m]) => {
    const out: Record<string, unknown> = {...known}
    if (m) Object.defineProperty(out, m[0], {value: m[1], enumerable: true, writable: true, configurable: true})
    return out
  })
}

/** Invalid UTF-8 sequences: a stray byte, a truncated sequence, overlong forms, an encoded surrogate, bytes past U+10FFFF. */
const BAD_UTF8 = [[0xff], [0xfe], [0xc3], [0xc0, 0xaf], [0xe0, 0x80, 0xaf], [0xed, 0xa0, 0x80], [0xed, 0xbf, 0xbf], [0xf4, 0x90, 0x80, 0x80], [0x80]]

/** The request body bytes: mostly the JSON text of `value`, sometimes mangled into something worse. */
export function bodyBytes(value: fc.Arbitrary<unknown>): fc.Arbitrary<Buffer | undefined> {
  return fc.oneof(
    {weight: 12, arbitrary: value.map((v) => Buffer.from(toJson(v), 'utf8'))},
    {weight: 2, arbitrary: fc.tuple(value, fc.constantFrom(...BAD_UTF8), fc.nat()).map(([v, bad, i]) => {
      const text = Buffer.from(toJson(v), 'utf8')
      const quote = text.indexOf(0x22, i % Math.max(1, text.length)) // inside a string when there is one
      const at = quote < 0 ? text.length : quote + 1
      return Buffer.concat([text.subarray(0, at), Buffer.from(bad), text.subarray(at)])
    })},
    {weight: 1, arbitrary: fc.tuple(value, fc.nat()).map(([v, n]) => { const t = toJson(v); return Buffer.from(t.slice(0, n % (t.length + 1)), 'utf8') })},
    {weight: 1, arbitrary: fc.constantFrom('[]', '"x"', 'null', '1e400', 'true', '{"a":1,"a":2}', '\ufeff{}', '{} {}').map((t) => Buffer.from(t, 'utf8'))},
    {weight: 1, arbitrary: fc.constant(undefined)},
  )
}

/**
 * Percent-encode for a request line: every byte outside the unreserved set, with lone surrogates
 * sent as the (invalid) 3-byte sequences a CESU-8 encoder writes, so they reach the hub raw.
 */
export function pct(s: string): string {
  let out = ''
  for (const ch of s) {
    if (/^[A-Za-z0-9_.~-]$/.test(ch)) { out += ch; continue }
    const cp = ch.codePointAt(0)!
    const bytes = cp >= 0xd800 && cp <= 0xdfff
      ? [0xe0 | (cp >> 12), 0x80 | ((cp >> 6) & 0x3f), 0x80 | (cp & 0x3f)]
      : [...Buffer.from(ch, 'utf8')]
    out += bytes.map((b) => '%' + b.toString(16).toUpperCase().padStart(2, '0')).join('')
  }
  return out
}

/** Mostly one of `good`, sometimes one of `bad`: enum fields whose wrong values are refused before anything interesting. */
export function mostly<T>(good: readonly T[], bad: readonly T[]): fc.Arbitrary<T> {
  return fc.oneof({weight: 9, arbitrary: fc.constantFrom(...good)}, {weight: 1, arbitrary: fc.constantFrom(...bad)})
}

/** Broken or tricky percent-encoding, pasted raw into a path segment or query value. */
export const badPct = fc.constantFrom('%', '%z', '%zz', '%E0%A4', '%ED%A0%80', '%C0%AF', '%FF', '%00', '%2F', '%2e%2e', '%25', '%%', '%u0041', '..', '.')

/** A path segment: a good name, a percent-encoded hostile one, or broken percent-encoding around a good one. */
export function segment(good: readonly string[]): fc.Arbitrary<string> {
  return fc.oneof(
    {weight: 8, arbitrary: fc.constantFrom(...good)},
    {weight: 2, arbitrary: ident(good).map(pct)},
    {weight: 1, arbitrary: fc.tuple(fc.constantFrom(...good), badPct).map(([g, b]) => g + b)},
  )
}

/** A query string for a route that reads `names`: good values, hostile values, broken encoding, repeats and unknown keys. */
export function query(names: readonly string[], goodValues: readonly string[] = ['1', '0', 'true']): fc.Arbitrary<string> {
  const pair = fc.tuple(
    fc.oneof({weight: 5, arbitrary: fc.constantFrom(...names)}, {weight: 1, arbitrary: nastyString.map(pct)}, {weight: 1, arbitrary: badPct}),
    fc.oneof({weight: 4, arbitrary: fc.constantFrom(...goodValues).map(pct)}, {weight: 2, arbitrary: nastyString.map(pct)},
      {weight: 2, arbitrary: badPct}, {weight: 1, arbitrary: fc.constantFrom('1e400', '-0', '2.0', '18446744073709551616', '', '[]')}),
    fc.constantFrom('=', '[]=', '[a]='),
  ).map(([k, v, eq]) => `${k}${eq === '=' ? '=' : eq}${v}`)
  return fc.array(pair, {maxLength: 3}).map((ps) => (ps.length ? '?' + ps.join('&') : ''))
}

/**
 * Nesting depth and longest array of a JSON text, by one pass over the characters (no recursion:
 * the text may nest 12,000 levels). Invalid text gives whatever the scan saw; only accepted bodies are measured.
 */
export function shapeOf(text: string): {depth: number; longestArray: number} {
  const items: number[] = []
  const kinds: string[] = []
  let depth = 0
  let longestArray = 0
  let empty = false
  for (let i = 0; i < text.length; i++) {
    const c = text.charAt(i)
    if (c === '"') { for (i++; i < text.length && text[i] !== '"'; i++) if (text[i] === '\\') i++; empty = false; continue }
    if (c === '[' || c === '{') { kinds.push(c); items.push(0); depth = Math.max(depth, kinds.length); empty = true; continue }
    if (c === ']' || c === '}') {
      const n = items.pop()! + (empty ? 0 : 1)
      if (kinds.pop() === '[') longestArray = Math.max(longestArray, n)
      empty = false
      continue
    }
    if (c === ',' && items.length) items[items.length - 1] = the(items, -1) + 1
    else if (!/\s/.test(c)) empty = false
  }
  return {depth, longestArray}
}
