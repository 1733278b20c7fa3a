// Requests for every route the hub serves, read from its own OpenAPI document: path parameters from
// the cast's names (or hostile look-alikes), and bodies generated from each route's request schema,
// so a route added later is fuzzed without anyone writing a generator for it.
import fc from 'fast-check'
import type {Case} from './requests-talk.js'
import type {Who} from './world.js'
import {anyValue, body, bodyBytes, hugeNumber, ident, mostly, nastyString, query, Raw, segment} from './gen.js'

type Schema = Record<string, any>
export interface Operation {method: 'GET' | 'POST' | 'PUT' | 'DELETE'; path: string; body?: Schema}

/** Good values per path parameter: names the world holds (it adds a message id), so many requests get past the lookup. */
const PARAMS: Record<string, string[]> = {
  c: ['room', 'pub', 'dm:alice--bob', 'nope'],
  peer: ['bob', 'alice', 'carol'],
  n: ['1', '2', '0', '-1', '99999', '9007199254740993', '1e300', '2.0'],
  id: ['bob', 'victim', '01ARZ3NDEKTSV4RRFFQ69G5FAV'],
  key: ['k1', 'notes', 'fs/x'],
  path: ['notes/a.md', 'a/b/c.txt', 'plan.md'],
  a: ['bob', 'victim', 'carol'],
  subject: ['bob', 'victim'],
  item: ['pkg-0001', 'core-0002'],
  target: ['bob', 'alice', 'victim'],
  asset: ['index.html', 'app.js', 'nope.css'],
}
const QUERY_NAMES = ['since', 'limit', 'offset', 'q', 'mode', 'channel', 'kind', 'sort', 'verify', 'all', 'cursor', 'axis',
  'workspace', 'path', 'paths', 'seat', 'status', 'before', 'include', 'format', 'window']
const QUERY_VALUES = ['1', '0', '10', 'true', 'false', 'bob', 'room', 'hello', 'votes', 'github.com/acme/app@1a2b3c', 'src/a.ts']

/** Good strings by field name, so a body passes the schema often enough to reach the code behind it. */
function stringFor(name: string): fc.Arbitrary<string> {
  if (/^(channel|name|c)$/.test(name)) return ident(['room', 'pub', 'fresh'])
  if (/(agent|target|peer|holder|seat|to|subject|member|id)s?$/.test(name)) return ident(['bob', 'alice', 'carol', 'victim'])
  if (/workspace/.test(name)) return fc.constantFrom('github.com/acme/app@1a2b3c4d', 'x', '')
  if (/path/.test(name)) return fc.oneof(fc.constantFrom('src/**', 'a.txt', '../etc', '/abs', 'a//b', '**'), nastyString)
  return fc.oneof(fc.string({maxLength: 40}), nastyString)
}

const numbers = fc.oneof(fc.integer({min: -3, max: 100}), fc.constantFrom(0, 1, 60, 3600, 86_400), hugeNumber, fc.double(), fc.constant(new Raw('2.0')))

function resolve(schema: Schema, components: Record<string, Schema>): Schema {
  let s = schema
  while (typeof s.$ref === 'string') s = components[s.$ref.replace('#/components/schemas/', '')] ?? {}
  return s
}

/** Values shaped by a JSON schema: the right type with hostile content nearly always, sometimes anything. */
export function fromSchema(schema: Schema, components: Record<string, Schema>, name = '', depth = 0): fc.Arbitrary<unknown> {
  const s = resolve(schema, components)
  if (depth > 4) return anyValue
  if (Array.isArray(s.enum)) return mostly(s.enum as unknown[], ['', 'X', null])
  const alternatives = (s.anyOf ?? s.oneOf) as Schema[] | undefined
  if (alternatives) return fc.oneof(...alternatives.map((a) => fromSchema(a, components, name, depth + 1)))
  if (Array.isArray(s.type)) return fc.oneof(...(s.type as string[]).map((t) => fromSchema({...s, type: t}, components, name, depth + 1)))
  switch (s.type) {
    case 'string': return stringFor(name)
    case 'number': case 'integer': return numbers
    case 'boolean': return fc.boolean()
    case 'null': return fc.constant(null)
    case 'array': return fc.array(fromSchema(s.items ?? {}, components, name, depth + 1), {maxLength: 3})
    case 'object': {
      const props = (s.properties ?? {}) as Record<string, Schema>
      const names = Object.keys(props)
      if (names.length === 0) return fc.dictionary(nastyString, anyValue, {maxKeys: 3})
      const fields = Object.fromEntries(names.map((n) => [n, fromSchema(props[n]!, components, n, depth + 1)]))
      return body(fields, [], ((s.required ?? []) as string[]).filter((r) => names.includes(r)))
    }
    default: return anyValue
  }
}

/** Every operation of an OpenAPI document, with its request body schema when it declares one. */
export function operations(doc: Schema): Operation[] {
  const out: Operation[] = []
  for (const [path, methods] of Object.entries(doc.paths as Record<string, Record<string, Schema>>)) {
    for (const [method, op] of Object.entries(methods)) {
      const schema = op.requestBody?.content?.['application/json']?.schema as Schema | undefined
      out.push({method: method.toUpperCase() as Operation['method'], path, ...(schema ? {body: schema} : {})})
    }
  }
  return out
}

const who = fc.constantFrom<Who>('alice', 'bob', 'carol', 'olga', 'victim', 'admin', 'none')

/** One request to one of `ops`: parameters filled, a query sometimes, a schema-shaped body (or none, or garbage). */
/**
 * A case with the route it exercises, as @agora/protocol names routes (`post /channels/{c}/messages`).
 * `exact` is false when a parameter came out empty: `/channels/pub/messages/` is then another route's
 * path (express ignores a trailing slash), so the answer is not that route's.
 */
export type RouteCase = Case & {route: string; exact: boolean}

export function anyRouteCase(ops: Operation[], components: Record<string, Schema>, messageIds: string[]): fc.Arbitrary<RouteCase> {
  const params: Record<string, string[]> = {...PARAMS, id: [...PARAMS.id!, ...messageIds]}
  return fc.constantFrom(...ops).chain((op) => {
    const names = [...op.path.matchAll(/\{(\w+)\}/g)].map((m) => m[1]!)
    const filled = fc.tuple(...names.map((n) => segment(params[n] ?? ['x']))).map((values) =>
      ({path: values.reduce<string>((p, v, i) => p.replace(`{${names[i]!}}`, v), op.path), exact: values.every((v) => v !== '')}))
    const bytes = op.body ? bodyBytes(fromSchema(op.body, components)) : fc.oneof({weight: 4, arbitrary: fc.constant(undefined)}, {weight: 1, arbitrary: bodyBytes(anyValue)})
    return fc.tuple(who, filled, query(QUERY_NAMES, QUERY_VALUES), bytes).map(([as, {path, exact}, q, b]) =>
      ({route: `${op.method.toLowerCase()} ${op.path}`, exact, req: {as, method: op.method, path: path + q, ...(b === undefined ? {} : {body: b})}}))
  })
}
