import {expect} from 'chai'
import {readFileSync, readdirSync} from 'node:fs'
import {dirname, join, resolve} from 'node:path'
import {fileURLToPath} from 'node:url'
import {CREATED_ROUTES, RECORDS, REQUESTS, ROUTES} from '@agora/protocol'
import {Caller, TestHub} from '../../helpers/hub.js'
import {ROUTE_BODIES} from '../../../src/http/openapi.js'
import {exactly, the} from '../../../../../test/helpers/present.js'

const ROUTES_DIR = resolve(dirname(fileURLToPath(import.meta.url)), '../../../src/routes')

/** Routes as the route modules declare them (`r.get('/channels/:c/info', …)`), read from source, not from express. */
function declaredRoutes(): Map<string, string> {
  const out = new Map<string, string>()
  for (const file of readdirSync(ROUTES_DIR).filter((f) => f.endsWith('.ts'))) {
    const source = readFileSync(join(ROUTES_DIR, file), 'utf8')
    for (const m of source.matchAll(/\br\.(get|post|put|delete)\(\s*'([^']+)'/g)) {
      out.set(`${m[1]} ${the(m, 2).replace(/[:*](\w+)/g, '{$1}')}`, source)
    }
  }
  return out
}

interface Doc {
  openapi: string
  paths: Record<string, Record<string, {requestBody?: any; responses: Record<string, unknown>; security?: unknown}>>
  components: {schemas: Record<string, unknown>}
}
let answerOf: (method: string, path: string) => unknown
/** The operation a test names, failing with the documented paths or methods when it is not there. */
const operationOf = (doc: Doc, method: string, path: string) => the(the(doc.paths, path), method)
const operations = (doc: Doc): string[] => Object.entries(doc.paths).flatMap(([path, ops]) => Object.keys(ops).map((m) => `${m} ${path}`))

describe('GET /openapi.json', () => {
  let hub: TestHub
  let doc: Doc
  before(async () => {
    hub = await TestHub.start()
    const r = await new Caller(hub.url, 'anyone', null).get<Doc>('/openapi.json')
    expect(r.status).to.equal(200)
    doc = r.body
    answerOf = (method, path) => (operationOf(doc, method, path).responses['200'] as any).content['application/json'].schema
  })
  after(() => hub.close())

  it('serves an OpenAPI 3.1 document, without a key, listing exactly the routes the route modules declare', () => {
    expect(doc.openapi).to.equal('3.1.0')
    const declared = [...declaredRoutes().keys(), 'get /openapi.json'].sort()
    expect(operations(doc).sort()).to.deep.equal(declared)
  })

  it('documents only operations the hub serves, each with the status an anonymous call really gets', async () => {
    const anonymous = new Caller(hub.url, 'anyone', null)
    const fellThrough: string[] = []
    for (const op of operations(doc)) {
      const [method, path] = exactly(op.split(' '), 2)
      const r = await anonymous.call(method.toUpperCase(), path.replace(/\{\w+\}/g, 'x'))
      if (r.status === 404 && String(r.body?.detail).startsWith('no route')) fellThrough.push(op)
      else expect(operationOf(doc, method, path).responses, op).to.include.keys(String(r.status))
    }
    expect(fellThrough).to.deep.equal([])
  })

  it('gives each JSON body the protocol schema its route validates with', () => {
    const declared = declaredRoutes()
    let bodies = 0
    for (const op of operations(doc)) {
      const [method, path] = exactly(op.split(' '), 2)
      const ref: string | undefined = operationOf(doc, method, path).requestBody?.content?.['application/json']?.schema?.$ref
      if (!ref) continue
      bodies++
      const schemaName = ref.split('/').pop() as string
      const entry = Object.entries(REQUESTS).find(([name]) => schemaName.toLowerCase() === `${name.replace(/_/g, '')}request`.toLowerCase())
      expect(entry, op).to.not.equal(undefined)
      const [name, schema] = entry!
      expect(doc.components.schemas[schemaName]).to.deep.equal(JSON.parse(JSON.stringify(schema)))
      // Both post routes validate through messages.ts's postBody().
      const validates = name === 'post' ? /validate\('post'|postBody\(/ : new RegExp(`validate\\('${name}'`)
      expect(validates.test(declared.get(op) ?? ''), `${op} validates with '${name}'`).to.equal(true)
    }
    expect(bodies).to.equal(37)
  })

  it('answers the main routes with the protocol records, by reference', () => {
    const answer = (method: string, path: string) => (operationOf(doc, method, path).responses[CREATED_ROUTES.has(`${method} ${path}`) ? '201' : '200'] as any).content['application/octet-stream'] ? {} : (operationOf(doc, method, path).responses[CREATED_ROUTES.has(`${method} ${path}`) ? '201' : '200'] as any).content['application/json'].schema
    expect(answer('get', '/whoami')).to.deep.equal({$ref: '#/components/schemas/Whoami'})
    expect(answer('get', '/inbox')).to.deep.equal({type: 'array', items: {$ref: '#/components/schemas/Envelope'}})
    expect(doc.components.schemas.Envelope).to.deep.equal(JSON.parse(JSON.stringify(RECORDS.Envelope)))
    const dangling = operations(doc).map((op) => exactly(op.split(' '), 2)).map(([m, p]) => JSON.stringify(answer(m, p)))
      .flatMap((text) => [...text.matchAll(/schemas\/(\w+)/g)].map((x) => the(x, 1))).filter((name) => !(name in doc.components.schemas))
    expect(dangling).to.deep.equal([])
    const stale = [...Object.keys(ROUTE_BODIES), ...Object.keys(ROUTES)].filter((op) => !operations(doc).includes(op))
    expect(stale).to.deep.equal([])
  })

  it('publishes every JSON route\'s answer schema from @agora/protocol ROUTES, by reference to a named record or inline', () => {
    const resolveRef = (schema: any): unknown => (schema?.$ref ? doc.components.schemas[schema.$ref.split('/').pop()] : schema)
    const published = (op: string): unknown => {
      const [method, path] = exactly(op.split(' '), 2)
      const schema = (operationOf(doc, method, path).responses[CREATED_ROUTES.has(op) ? '201' : '200'] as any).content['application/json'].schema
      return schema.type === 'array' && schema.items?.$ref ? {...schema, items: resolveRef(schema.items)} : resolveRef(schema)
    }
    const drift = Object.entries(ROUTES).filter(([op, schema]) => JSON.stringify(published(op)) !== JSON.stringify(schema)).map(([op]) => op)
    expect(drift).to.deep.equal([])
    expect(answerOf('post', '/leases/check')).to.deep.equal(JSON.parse(JSON.stringify(ROUTES['post /leases/check'])))
    expect(Object.keys(operationOf(doc, 'post', '/channels/{c}/leases').responses)).to.include('201')
  })

  it('lists refusals: none on the public reads, 401 and 422 on every keyed route, 423 on posts', () => {
    expect(Object.keys(operationOf(doc, 'get', '/healthz').responses)).to.deep.equal(['200'])
    expect(Object.keys(operationOf(doc, 'post', '/join').responses)).to.not.include('401')
    // The desk's page files and its login exchange are public too (the one-time token is the credential).
    const desk = ['get /ui', 'get /ui/', 'get /ui/{asset}', 'post /ui/session', 'delete /ui/session']
    for (const op of operations(doc).filter((o) => ![...['get /', 'get /healthz', 'get /openapi.json', 'post /join'], ...desk].includes(o))) {
      const [method, path] = exactly(op.split(' '), 2)
      expect(operationOf(doc, method, path).responses, op).to.include.keys('401', '422')
    }
    expect(operationOf(doc, 'post', '/channels/{c}/messages').responses).to.include.keys('404', '409', '413', '423', '429')
  })
})
