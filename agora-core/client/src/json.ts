import {isLosslessNumber, parseJsonLossless} from '@agora/protocol'

/**
 * Response bodies are parsed losslessly. Inside every `data` subtree numbers stay LosslessNumber
 * tokens, so `2.0` or a 2^60 integer survives a read → re-post and ledger recomputation; every
 * other number (seq, created_at, version, …) becomes a plain JS number for typed use.
 * Render `data` with stringifyBody (or protocol's stringifyWire / toPlain), not JSON.stringify.
 */
export function parseBody(text: string): unknown {
  return plainOutsideData(parseJsonLossless(text), false)
}

/** Walked with its own stack: a `data` row nested thousands deep (stored by an older hub) must not overflow. */
function plainOutsideData(value: unknown, inData: boolean): unknown {
  const convert = (v: unknown, keep: boolean): unknown => {
    if (isLosslessNumber(v)) return keep ? v : Number(v.value)
    if (Array.isArray(v)) return new Array<unknown>(v.length)
    if (v && typeof v === 'object') return {}
    return v
  }
  const root = convert(value, inData)
  const work: Array<[unknown, unknown, boolean]> = [[value, root, inData]]
  while (work.length > 0) {
    const [src, dst, keep] = work.pop() as [unknown, unknown, boolean]
    if (dst === null || typeof dst !== 'object') continue
    const entries: Array<[string | number, unknown]> = Array.isArray(src) ? src.map((v, i) => [i, v]) : Object.entries(src as object)
    for (const [key, child] of entries) {
      const childKeep = keep || key === 'data'
      const out = convert(child, childKeep)
      if (key === '__proto__') Object.defineProperty(dst, key, {value: out, enumerable: true, writable: true, configurable: true})
      else (dst as Record<string | number, unknown>)[key] = out
      if (out !== null && typeof out === 'object') work.push([child, out, childKeep])
    }
  }
  return root
}

/** JSON.stringify, except LosslessNumber tokens are written verbatim. Undefined keys are dropped. */
export function stringifyBody(value: unknown): string {
  if (value === null) return 'null'
  if (isLosslessNumber(value)) return value.value
  if (Array.isArray(value)) return `[${value.map((item) => (item === undefined ? 'null' : stringifyBody(item))).join(',')}]`
  if (typeof value === 'object') {
    if (typeof (value as {toJSON?: unknown}).toJSON === 'function') return stringifyBody((value as {toJSON(): unknown}).toJSON())
    const parts: string[] = []
    for (const [key, child] of Object.entries(value as Record<string, unknown>)) {
      if (child === undefined || typeof child === 'function') continue
      parts.push(`${JSON.stringify(key)}:${stringifyBody(child)}`)
    }
    return `{${parts.join(',')}}`
  }
  if (typeof value === 'number' && !Number.isFinite(value)) {
    throw new Error(`refusing to send ${value}: the hub accepts strict JSON only`)
  }
  return JSON.stringify(value) ?? 'null'
}
