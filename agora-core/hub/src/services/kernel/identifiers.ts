import {fail} from './context.js'

/**
 * The identifier rule: names that pick a thing (channel and group names, fs paths, store keys)
 * are compared in Unicode NFC, so `café` typed precomposed or decomposed names one channel, and
 * they may not hold characters that are invisible or reorder text, so two names that look alike
 * are one name. Content (bodies, titles, data) is never normalized: it stays as written.
 */

const CONTROL = /[\u0000-\u001f\u007f-\u009f]/u
const ZERO_WIDTH = /[\u00ad\u034f\u180e\u200b-\u200f\u2060-\u2064\ufeff]/u
const BIDI = /[\u061c\u202a-\u202e\u2066-\u2069]/u
const LONE_SURROGATE = /\p{Cs}/u

const codePoint = (c: string): string => `U+${(c.codePointAt(0) as number).toString(16).toUpperCase().padStart(4, '0')}`

/**
 * `raw` in NFC, or a 400 naming the first character that may not appear in an identifier.
 * `what` starts the detail ("channel name 'x'"), `fix` ends it with what to send instead.
 */
export function nfcIdentifier(raw: string, what: string, fix: string): string {
  const name = raw.normalize('NFC')
  for (const [re, kind] of [[LONE_SURROGATE, 'a lone surrogate'], [CONTROL, 'a control character'],
    [ZERO_WIDTH, 'an invisible (zero-width) character'], [BIDI, 'a bidirectional-text control']] as const) {
    const m = re.exec(name)
    if (m) fail(400, `${what} contains ${kind} (${codePoint(m[0])}), which would make look-alike names; remove it, ${fix}`)
  }
  return name
}

/** Code points, not UTF-16 units: an astral letter counts once against a length limit. */
export function codePointLength(s: string): number {
  let n = 0
  for (const _ of s) n++
  return n
}
