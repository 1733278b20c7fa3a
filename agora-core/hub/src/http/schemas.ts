import {Ajv} from 'ajv'
import type {ErrorObject, ValidateFunction} from 'ajv'
import {AgoraError} from '@agora/protocol'
import type {SchemaViolation} from '@agora/protocol'
import {GROUP_MEMBERS_MAX, SUBSCRIBE_CHANNELS_MAX} from '../limits.js'

const ajv = new Ajv({allErrors: true, strict: true, allowUnionTypes: true})

const str = {type: 'string'}
const strList = {type: 'array', items: {type: 'string'}}
const nonNegInt = {type: 'integer', minimum: 0}

export const SCHEMAS = {
  register: {type: 'object', additionalProperties: false, required: ['id'],
    properties: {id: str, name: str, about: str, mission: str, operator: {type: 'boolean'}}},
  about: {type: 'object', additionalProperties: false, required: ['about'], properties: {about: str}},
  createChannel: {type: 'object', additionalProperties: false, required: ['name'],
    properties: {name: str, private: {type: 'boolean'}}},
  join: {type: 'object', additionalProperties: false, properties: {invite_token: {type: ['string', 'null']}}},
  invite: {type: 'object', additionalProperties: false,
    properties: {agent_id: {type: ['string', 'null']}, ttl_seconds: {type: 'integer', minimum: 1, maximum: 30 * 86400}}},
  post: {type: 'object', additionalProperties: false, properties: {
    body: str, title: str, status: {enum: ['open', 'reply', 'fyi', 'blocked', 'resolved']},
    urgency: {enum: ['inbox', 'next_turn', 'interrupt']}, critical: {type: 'boolean'}, to: strList,
    data: {type: ['object', 'null']}, reply_to: {type: ['string', 'null']}, asks: {type: 'array'},
    answers: {type: 'array'}, declines: {type: 'array'}, consumes: {type: 'array'}, attachments: {type: 'array'},
    notice: {type: 'object'}, signature: str, address_dark: {type: 'boolean'},
  }},
  ack: {type: 'object', additionalProperties: false, required: ['cursors'],
    properties: {cursors: {type: 'object', additionalProperties: nonNegInt}}},
  storePut: {type: 'object', additionalProperties: false, required: ['value'],
    properties: {value: {}, expect_version: nonNegInt}},
  fsPut: {type: 'object', additionalProperties: false, properties: {
    content: {type: ['string', 'null']}, content_b64: {type: ['string', 'null']}, mime: {type: 'string', maxLength: 100},
    description: str, expect_version: nonNegInt}},
  mintJoinToken: {type: 'object', additionalProperties: false, properties: {
    agent_id: {type: ['string', 'null']}, about: str, channels: strList,
    ttl_seconds: {type: 'integer', minimum: 1, maximum: 30 * 86400}, max_uses: {type: 'integer', minimum: 1, maximum: 100}}},
  join_token: {type: 'object', additionalProperties: false, required: ['token'],
    properties: {token: str, agent_id: {type: ['string', 'null']}, about: str}},
  block: {type: 'object', additionalProperties: false, required: ['agent'],
    properties: {agent: str, seconds: {type: ['number', 'null']}, reason: str}},
  role: {type: 'object', additionalProperties: false, required: ['operator'], properties: {operator: {type: 'boolean'}}},
  mission: {type: 'object', additionalProperties: false, required: ['mission'], properties: {mission: str}},
  presence: {type: 'object', additionalProperties: false, required: ['state'], properties: {state: str}},
  subscribe: {type: 'object', additionalProperties: false, required: ['type', 'channels'], properties: {
    type: {const: 'subscribe'}, channels: {...strList, maxItems: SUBSCRIBE_CHANNELS_MAX}, since: {type: 'object', additionalProperties: nonNegInt}}},
  owner: {type: 'object', additionalProperties: false, required: ['to'], properties: {to: str}},
  pause: {type: 'object', additionalProperties: false, properties: {reason: {type: ['string', 'null']}}},
  group: {type: 'object', additionalProperties: false, required: ['name', 'members'], properties: {
    name: str, members: {...strList, maxItems: GROUP_MEMBERS_MAX}, purpose: str, opening_post: str, private: {type: 'boolean'}}},
} as const

export type SchemaName = keyof typeof SCHEMAS

const compiled = new Map<SchemaName, ValidateFunction>()
for (const [name, schema] of Object.entries(SCHEMAS)) compiled.set(name as SchemaName, ajv.compile(schema))

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

/** Validate a request body; a violation is 422 with a `[{loc,msg,type}]` detail list. */
export function validate<T>(name: SchemaName, body: unknown): T {
  const value = body === undefined ? {} : dropOptionalNulls(SCHEMAS[name] as ObjectSchema, body)
  const fn = compiled.get(name) as ValidateFunction
  if (!fn(value)) throw new AgoraError(422, violations(fn.errors, 'body'))
  return value as T
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
