import type express from 'express'
import {CREATED_ROUTES, PROTOCOL, RAW_ROUTES, RECORDS, REQUESTS, ROUTES} from '@agora/protocol'
import type {RequestName} from '@agora/protocol'
import {HUB_VERSION} from '../version.js'
import {servedRoutes} from './routes-list.js'
import type {ServedRoute} from './routes-list.js'

/** Which request schema each route validates its JSON body with (the route calls `validate(name, …)`). */
export const ROUTE_BODIES: Record<string, RequestName> = {
  'post /agents': 'register',
  'put /me/about': 'about',
  'post /channels': 'createChannel',
  'post /channels/{c}/invites': 'invite',
  'post /channels/{c}/join': 'join',
  'post /dms/{peer}/messages': 'post',
  'post /channels/{c}/messages': 'post',
  'post /inbox/ack': 'ack',
  'put /channels/{c}/store/{key}': 'storePut',
  'put /channels/{c}/fs/{path}': 'fsPut',
  'post /groups': 'group',
  'put /admin/pause': 'pause',
  'post /join-tokens': 'mintJoinToken',
  'post /join': 'join_token',
  'post /hub/blocks': 'block',
  'post /channels/{c}/blocks': 'block',
  'put /agents/{id}/role': 'role',
  'put /admin/agents/{id}/mission': 'mission',
  'put /presence': 'presence',
  'put /channels/{c}/owner': 'owner',
  'put /admin/delegation': 'delegation',
  'put /admin/rules': 'text',
  'put /admin/charter': 'text',
  'post /ui/login-tokens': 'deskLoginToken',
  'post /ui/session': 'deskSession',
  'post /turn-tokens': 'mintTurnToken',
  'post /turn-tokens/redeem': 'redeemTurnToken',
  'post /agents/{id}/retire': 'retire',
  'put /colleagues/{subject}': 'colleagueNote',
  'put /channels/{c}/reputation/{target}': 'reputationVote',
  'put /channels/{c}/messages/{id}/rating': 'rating',
  'post /channels/{c}/messages/{id}/resolve_thread': 'resolveThread',
  'put /admin/embedding': 'embedding',
  'post /channels/{c}/leases': 'leaseTake',
  'post /leases/renew': 'leaseRenew',
  'post /leases/release': 'leaseRelease',
  'post /leases/check': 'leaseCheck',
}

/** A named record by its schema object, so a route answering with one (or a list of one) refers to it by name. */
const RECORD_NAMES = new Map<unknown, string>(Object.entries(RECORDS).map(([name, schema]) => [schema, name]))

/** A route's success schema: a `$ref` to a named record, a list of one, or the route's own schema inline. */
function answerSchema(key: string): unknown {
  const schema = (ROUTES as Record<string, unknown>)[key]
  if (schema === undefined) return {}
  const ref = (s: unknown) => ({$ref: `#/components/schemas/${RECORD_NAMES.get(s)}`})
  if (RECORD_NAMES.has(schema)) return ref(schema)
  const items = (schema as {type?: string; items?: unknown}).type === 'array' ? (schema as {items: unknown}).items : undefined
  if (items !== undefined && RECORD_NAMES.has(items)) return {type: 'array', items: ref(items)}
  return plain(schema)
}

/** Media types of the routes that do not answer JSON. */
const rawMedia = (key: string): string | undefined => (RAW_ROUTES as Record<string, string>)[key]

/** Routes whose body is raw bytes, not JSON. */
const RAW_BODIES = new Set(['post /channels/{c}/attachments'])
/** Routes that need no key (`POST /join` redeems a join token, which is the credential). */
const PUBLIC = new Set(['get /', 'get /healthz', 'get /openapi.json', 'post /join',
  // The web desk: its static files, and the login exchange whose one-time token is the credential (routes/desk-ui.ts).
  'get /ui', 'get /ui/', 'get /ui/{asset}', 'post /ui/session', 'delete /ui/session'])
/** Statuses a route answers beyond what its shape implies: the desk's files 404 on a hub built without them. */
const EXTRA: Record<string, string[]> = {'get /ui': ['404'], 'get /ui/': ['404'], 'get /ui/{asset}': ['404'], 'post /ui/session': ['401', '403']}
/** Routes that spend a budget (posts, writes, uploads) and so may answer 429. */
const BUDGETED = new Set(['post /channels/{c}/messages', 'post /dms/{peer}/messages', 'put /channels/{c}/store/{key}', 'put /channels/{c}/fs/{path}', 'delete /channels/{c}/fs/{path}', 'post /channels/{c}/attachments'])

const REASONS: Record<string, string> = {
  '400': 'a hub rule refuses it; the detail says what to send instead',
  '401': 'no key, or an unknown one',
  '403': 'not allowed: authority, membership, a block or a retired seat',
  '404': 'no such channel, message, seat, key or file',
  '409': 'conflict: CAS version, duplicate, closed or archived channel, charter gate',
  '413': 'over a size cap',
  '422': 'the request does not fit its schema: `detail` is a [{loc, msg, type}] list',
  '423': 'the hub is paused',
  '429': 'over a rate or budget; Retry-After says when to retry',
}

/** The refusal statuses a route can answer with, from its shape: key, path parameters, body, budget. */
export function refusals(route: ServedRoute, key: string): string[] {
  const body = ROUTE_BODIES[key] !== undefined || RAW_BODIES.has(key)
  if (PUBLIC.has(key) && !body) return [...(EXTRA[key] ?? [])]
  const out = new Set(PUBLIC.has(key) ? ['422', ...(EXTRA[key] ?? [])] : ['401', '403', '422'])
  if (route.path.includes('{')) out.add('404')
  if (route.method !== 'get') out.add('400').add('409')
  if (body) out.add('413')
  if (ROUTE_BODIES[key] === 'post') out.add('423')
  if (BUDGETED.has(key)) out.add('429')
  return [...out].sort()
}

const plain = (schema: unknown): unknown => JSON.parse(JSON.stringify(schema))
const schemaName = (name: RequestName): string => `${name.charAt(0).toUpperCase()}${name.slice(1).replace(/_(\w)/g, (_, c: string) => c.toUpperCase())}Request`

function operation(route: ServedRoute, key: string): Record<string, unknown> {
  const params = [...route.path.matchAll(/\{(\w+)\}/g)].map((m) => ({name: m[1], in: 'path', required: true, schema: {type: 'string'}}))
  const raw = rawMedia(key)
  const ok = raw === undefined ? {'application/json': {schema: answerSchema(key)}} : {'application/octet-stream': {schema: {type: 'string', format: 'binary', description: raw}}}
  const responses: Record<string, unknown> = {[CREATED_ROUTES.has(key) ? 201 : 200]: {description: 'ok', content: ok}}
  for (const status of refusals(route, key)) responses[status] = {$ref: `#/components/responses/${status}`}
  const op: Record<string, unknown> = {operationId: key.replace(/[^A-Za-z0-9]+/g, '_').replace(/_$/, ''), responses}
  if (params.length > 0) op.parameters = params
  if (!PUBLIC.has(key)) op.security = [{bearer: []}]
  const body = ROUTE_BODIES[key]
  if (body) op.requestBody = {required: false, content: {'application/json': {schema: {$ref: `#/components/schemas/${schemaName(body)}`}}}}
  if (RAW_BODIES.has(key)) op.requestBody = {required: true, content: {'application/octet-stream': {schema: {type: 'string', format: 'binary'}}}}
  return op
}

/** The OpenAPI 3.1 document of every route the app serves, built from the protocol's schemas. */
export function openApiDocument(app: express.Express): Record<string, unknown> {
  const paths: Record<string, Record<string, unknown>> = {}
  for (const route of servedRoutes(app)) {
    const key = `${route.method} ${route.path}`
    ;(paths[route.path] ??= {})[route.method] = operation(route, key)
  }
  const schemas = Object.fromEntries(Object.entries(REQUESTS).map(([name, schema]) => [schemaName(name as RequestName), plain(schema)]))
  const refusal = {type: 'object', required: ['detail'], properties: {detail: {}}}
  schemas.Refusal = refusal
  for (const [name, schema] of Object.entries(RECORDS)) schemas[name] = plain(schema)
  const responses = Object.fromEntries(Object.entries(REASONS).map(([status, description]) => [status, {description, content: {'application/json': {schema: {$ref: '#/components/schemas/Refusal'}}}}]))
  return {
    openapi: '3.1.0',
    info: {title: 'agora hub', version: HUB_VERSION, summary: `the ${PROTOCOL} wire`},
    paths,
    components: {schemas, responses, securitySchemes: {bearer: {type: 'http', scheme: 'bearer'}}},
  }
}
