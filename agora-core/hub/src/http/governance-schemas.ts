import {Ajv} from 'ajv'
import type {ValidateFunction} from 'ajv'
import {AgoraError} from '@agora/protocol'
import {dropOptionalNulls, violations} from './schemas.js'

const ajv = new Ajv({allErrors: true, strict: true, allowUnionTypes: true})
const POWERS = ['ruling', 'operational', 'reporting', 'moderation', 'proxy']

/** Request bodies of the governance routes (delegation, rules, charter). */
const SCHEMAS = {
  delegation: {type: 'object', additionalProperties: false, required: ['agent_id', 'powers'], properties: {
    agent_id: {type: 'string', minLength: 1}, powers: {type: 'array', minItems: 1, items: {enum: POWERS}},
    ttl_seconds: {type: 'integer', minimum: 1}, note: {type: 'string', maxLength: 200},
    scope: {type: 'string'}, mission: {type: 'string'}}},
  text: {type: 'object', additionalProperties: false, required: ['text'], properties: {
    text: {type: 'string'}, version: {type: 'integer', minimum: 1}}},
} as const

const compiled = new Map<string, ValidateFunction>()
for (const [name, schema] of Object.entries(SCHEMAS)) compiled.set(name, ajv.compile(schema))

/** Validate a governance body; a violation is 422 with a `[{loc,msg,type}]` list. */
export function validateGov<T>(name: keyof typeof SCHEMAS, body: unknown): T {
  const value = body === undefined ? {} : dropOptionalNulls(SCHEMAS[name], body)
  const fn = compiled.get(name) as ValidateFunction
  if (!fn(value)) throw new AgoraError(422, violations(fn.errors, 'body'))
  return value as T
}

/** A boolean query flag (`?full=true`): true/1, false/0 or absent; anything else is 422, never silently false. */
export function boolQuery(raw: unknown, name: string): boolean {
  if (raw === undefined) return false
  const text = Array.isArray(raw) ? String(raw[0]) : String(raw)
  if (text === 'true' || text === '1' || text === '') return true
  if (text === 'false' || text === '0') return false
  throw new AgoraError(422, [{loc: ['query', name], msg: `${name} must be true or false`, type: 'bool_parsing'}])
}
