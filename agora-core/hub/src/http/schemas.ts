import {Ajv} from 'ajv'
import type {ErrorObject, ValidateFunction} from 'ajv'
import {AgoraError, REQUESTS} from '@agora/protocol'
import type {RequestBody, RequestName, SchemaViolation} from '@agora/protocol'

const ajv = new Ajv({allErrors: true, strict: true, allowUnionTypes: true})

/** Every request schema, compiled once at start. */
const compiled = new Map<RequestName, ValidateFunction>()
for (const [name, schema] of Object.entries(REQUESTS)) compiled.set(name as RequestName, ajv.compile(schema))

export function violations(errors: ErrorObject[] | null | undefined, root: string): SchemaViolation[] {
  return (errors ?? []).map(e => {
    const loc: Array<string | number> = [root, ...e.instancePath.split('/').filter(Boolean).map(p => (/^\d+$/.test(p) ? Number(p) : p))]
    const params = e.params as Record<string, unknown>
    if (params.missingProperty) loc.push(params.missingProperty as string)
    if (params.additionalProperty) loc.push(params.additionalProperty as string)
    const msg = params.additionalProperty
      ? `unknown field '${String(params.additionalProperty)}'; remove it`
      : params.allowedValues ? `${e.message}: ${(params.allowedValues as unknown[]).join(', ')}` : (e.message ?? 'invalid')
    return {loc, msg, type: e.keyword}
  })
}

interface ObjectSchema {required?: readonly string[]; properties?: Record<string, unknown>}

function acceptsNull(property: unknown): boolean {
  if (!property || typeof property !== 'object') return false
  const p = property as {type?: unknown; const?: unknown; enum?: unknown[]}
  if (Object.keys(p).length === 0) return true
  if (p.type === 'null' || (Array.isArray(p.type) && p.type.includes('null'))) return true
  return Array.isArray(p.enum) && p.enum.includes(null)
}

/**
 * Clients generated from the reference's pydantic models send every optional field as an explicit
 * `null` (`asks: null`, `expect_version: null`), which pydantic reads as absent. So do we: a `null`
 * on an optional property that has no null meaning of its own is dropped before validation. Required
 * properties and properties whose schema admits null (`reply_to`, `data`, `agent_id`...) keep it.
 */
export function dropOptionalNulls(schema: ObjectSchema, body: unknown): unknown {
  if (!body || typeof body !== 'object' || Array.isArray(body) || !schema.properties) return body
  const required = schema.required ?? []
  const out: Record<string, unknown> = {}
  for (const [k, v] of Object.entries(body)) {
    const optional = !required.includes(k) && k in schema.properties
    if (v === null && optional && !acceptsNull(schema.properties[k])) continue
    out[k] = v
  }
  return out
}

/** Validate a request body against its protocol schema; a violation is 422 with a `[{loc,msg,type}]` detail list. */
export function validate<N extends RequestName>(name: N, body: unknown): RequestBody<N> {
  const value = body === undefined ? {} : dropOptionalNulls(REQUESTS[name] as ObjectSchema, body)
  const fn = compiled.get(name) as ValidateFunction
  if (!fn(value)) throw new AgoraError(422, violations(fn.errors, 'body'))
  return value as RequestBody<N>
}

/**
 * Refuse query parameters a route does not read (422, like an unknown body field): a misspelt
 * `?limt=5` must not quietly fall back to the default. Routes that read no parameters ignore them, as the reference does.
 */
export function onlyQuery(query: Record<string, unknown>, allowed: readonly string[]): void {
  const unknown = Object.keys(query).filter(k => !allowed.includes(k))
  if (unknown.length === 0) return
  throw new AgoraError(422, unknown.map(k => ({loc: ['query', k], msg: `unknown query parameter '${k}'; this route takes ${allowed.join(', ')}`, type: 'additionalProperties'})))
}

function queryText(raw: unknown): string {
  return (Array.isArray(raw) ? String(raw[0]) : String(raw)).trim()
}

/**
 * An integer query parameter with bounds; violations are 422 like the body schemas. It reads what
 * pydantic's lax int parsing reads, so reference clients work unchanged: `5`, `+5` and `5.0`, never `5.5`.
 */
export function intQuery(raw: unknown, name: string, def: number, min: number, max: number): number {
  if (raw === undefined || raw === '') return def
  const text = queryText(raw)
  const n = Number(text)
  if (!/^[-+]?\d+(\.0*)?$/.test(text) || n < min || n > max) {
    throw new AgoraError(422, [{loc: ['query', name], msg: `${name} must be an integer from ${min} to ${max}`, type: 'int_range'}])
  }
  return n
}

/** A decimal query parameter with bounds (`?wait=2.5`, `?wait=0.0`), read as pydantic reads a float. */
export function floatQuery(raw: unknown, name: string, def: number, min: number, max: number): number {
  if (raw === undefined || raw === '') return def
  const text = queryText(raw)
  const n = Number(text)
  if (!/^[-+]?(\d+\.?\d*|\.\d+)([eE][-+]?\d+)?$/.test(text) || !(n >= min && n <= max)) {
    throw new AgoraError(422, [{loc: ['query', name], msg: `${name} must be a number of seconds from ${min} to ${max}`, type: 'float_range'}])
  }
  return n
}

/** A boolean query flag (`?full=true`): true/1, false/0 or absent; anything else is 422, never silently false. */
export function boolQuery(raw: unknown, name: string): boolean {
  if (raw === undefined) return false
  const text = Array.isArray(raw) ? String(raw[0]) : String(raw)
  if (text === 'true' || text === '1' || text === '') return true
  if (text === 'false' || text === '0') return false
  throw new AgoraError(422, [{loc: ['query', name], msg: `${name} must be true or false`, type: 'bool_parsing'}])
}
