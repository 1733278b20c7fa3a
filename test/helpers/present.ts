// Reading what a test expects to be there. With noUncheckedIndexedAccess `rows[0]` is `T | undefined`;
// these return `T` and fail the test, naming what was missing, when it is absent, so a missing row
// reads as "expected an element at [0] of an empty list" rather than "Cannot read properties of undefined".
import {AssertionError} from 'chai'
import {inspect} from 'node:util'

/** A short picture of what was there; util.inspect when JSON cannot show it (clients and sockets are circular). */
const shown = (value: unknown): string => {
  let text: string
  try {
    text = JSON.stringify(value) ?? String(value)
  } catch {
    text = inspect(value, {depth: 1, breakLength: Infinity})
  }
  return text.length > 200 ? `${text.slice(0, 200)}…` : text
}

/** The element at `index` of a list (negative counts from the end), or the entry under `key` of a record. */
export function the<L extends ArrayLike<unknown>>(list: L, index: number): L[number]
export function the<R extends Readonly<Record<string, unknown>>>(record: R, key: string): R[string]
export function the(from: ArrayLike<unknown> | Readonly<Record<string, unknown>>, at: number | string): unknown {
  if (typeof at === 'number') {
    const list = from as ArrayLike<unknown>
    const i = at < 0 ? list.length + at : at
    if (!Number.isInteger(i) || i < 0 || i >= list.length) throw new AssertionError(`expected an element at [${at}] of a ${list.length}-element list: ${shown(Array.from(list))}`)
    return list[i]
  }
  const record = from as Readonly<Record<string, unknown>>
  if (!Object.hasOwn(record, at)) throw new AssertionError(`expected key ${JSON.stringify(at)} among ${shown(Object.keys(record))}`)
  return record[at]
}

/** The one element of a list that must hold exactly one. */
export function only<L extends ArrayLike<unknown>>(list: L): L[number] {
  if (list.length !== 1) throw new AssertionError(`expected exactly one element, found ${list.length}: ${shown(Array.from(list))}`)
  return list[0]
}

type Tuple<T, N extends number, R extends T[] = []> = number extends N ? T[] : R['length'] extends N ? R : Tuple<T, N, [...R, T]>

/** A list that must hold exactly `n` elements, typed as an `n`-tuple so it destructures without `undefined`. */
export function exactly<T, const N extends number>(list: readonly T[], n: N): Tuple<T, N> {
  if (list.length !== n) throw new AssertionError(`expected exactly ${n} elements, found ${list.length}: ${shown(list)}`)
  return [...list] as Tuple<T, N>
}

/** A value that must be neither undefined nor null (a Map lookup, a `find`, an optional field). */
export function present<T>(value: T | null | undefined, what: string): T {
  if (value === undefined || value === null) throw new AssertionError(`expected ${what} to be present, it is ${String(value)}`)
  return value
}

/** Capture group `group` of `pattern` in `text`, failing with both when the pattern does not match. */
export function captured(pattern: RegExp, text: string, group = 1): string {
  const match = pattern.exec(text)
  const value = match?.[group]
  if (value === undefined) throw new AssertionError(`expected ${String(pattern)} to match${match ? ` with group ${group}` : ''} in ${shown(text)}`)
  return value
}
