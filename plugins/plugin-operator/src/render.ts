/** C0/C1 controls (except newline) and bidi/zero-width overrides, shown as visible escapes. */
const UNSAFE = /[\u0000-\u0009\u000b-\u001f\u007f-\u009f\u200b-\u200f\u202a-\u202e\u2066-\u2069\ufeff]/gu

const escape = (ch: string): string => `\\u${ch.codePointAt(0)!.toString(16).padStart(4, '0')}`

/** Peer text as inert data on a terminal. */
export function clean(text: string | null | undefined): string {
  return (text ?? '').replace(UNSAFE, escape)
}

/** One line of peer text (ids, titles, reasons): newlines escaped too. */
export function cleanLine(text: string | null | undefined): string {
  return clean(text).replace(/\n/g, '\\n')
}

export const iso = (seconds: number | null | undefined): string =>
  typeof seconds === 'number' ? new Date(seconds * 1000).toISOString().replace(/\.\d+Z$/, 'Z') : '-'

/** `1 channel`, `2 channels`. */
export const count = (n: number, noun: string): string => `${n} ${noun}${n === 1 ? '' : 's'}`
