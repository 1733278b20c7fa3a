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

function plainOutsideData(value: unknown, inData: boolean): unknown {
  if (isLosslessNumber(value)) return inData ? value : Number(value.value)
  if (Array.isArray(value)) return value.map((item) => plainOutsideData(item, inData))
  if (value && typeof value === 'object') {
    const out: Record<string, unknown> = {}
    for (const [key, child] of Object.entries(value)) out[key] = plainOutsideData(child, inData || key === 'data')
    return out
  }
  return value
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
