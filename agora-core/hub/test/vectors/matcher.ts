// The vector matcher of vectors/README.md, verdict for verdict the reference's:
// objects are subsets (expected null = present-and-null), lists under `match` are exact-length
// and positional, no type coercion (strict equality on scalars).

export class MatchError extends Error {}

function show(v: unknown): string {
  const s = JSON.stringify(v)
  return s === undefined ? String(v) : s.length > 1500 ? s.slice(0, 1500) + '…' : s
}

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v)

/** Throws MatchError naming the first path where `served` fails to satisfy `expected`. */
export function subsetMatch(expected: unknown, served: unknown, path = '$'): void {
  if (isObject(expected)) {
    if (!isObject(served)) throw new MatchError(`${path}: expected an object, served ${show(served)}`)
    for (const [k, v] of Object.entries(expected)) {
      if (!Object.prototype.hasOwnProperty.call(served, k)) {
        throw new MatchError(`${path}.${k}: missing from the served payload (served keys: ${Object.keys(served).sort().join(', ')})`)
      }
      subsetMatch(v, served[k], `${path}.${k}`)
    }
    return
  }
  if (Array.isArray(expected)) {
    if (!Array.isArray(served)) throw new MatchError(`${path}: expected a list, served ${show(served)}`)
    if (expected.length !== served.length) {
      throw new MatchError(`${path}: expected ${expected.length} rows, served ${served.length}: ${show(served)}`)
    }
    expected.forEach((e, i) => subsetMatch(e, served[i], `${path}[${i}]`))
    return
  }
  if (expected !== served) throw new MatchError(`${path}: expected ${show(expected)}, served ${show(served)}`)
}

export function matches(expected: unknown, served: unknown): boolean {
  try {
    subsetMatch(expected, served)
    return true
  } catch (e) {
    if (e instanceof MatchError) return false
    throw e
  }
}

/** `match_subset`: every expected element subset-matches some served element. */
export function subsetMatchSome(expected: unknown[], served: unknown, label: string): void {
  if (!Array.isArray(served)) throw new MatchError(`${label}: match_subset needs a served list, got ${show(served)}`)
  for (const want of expected) {
    if (!served.some((got) => matches(want, got))) {
      throw new MatchError(`${label}: no served row matches ${show(want)}; served: ${show(served)}`)
    }
  }
}
