// Route groups run by first path segment: the same group answers as when every group was mounted
// in a row (order, case, params in the first segment, errors, OPTIONS), over real HTTP.
import {expect} from 'chai'
import express, {Router} from 'express'
import type {NextFunction, Request, Response} from 'express'
import {createServer} from 'node:http'
import type {AddressInfo} from 'node:net'
import {dispatchByFirstSegment, firstSegmentOf} from '../../../src/http/dispatch.js'
import {servedRoutes} from '../../../src/http/routes-list.js'
import {TestHub} from '../../helpers/hub.js'

/** The groups of the test apps; each answers with its own name so the test sees who answered. */
function groups(): Router[] {
  const first = Router()
  first.get('/items/:id', (req, res) => { res.json({by: 'first', id: req.params.id}) })
  first.post('/items', (_req, res) => { res.json({by: 'first'}) })
  const second = Router()
  second.get('/items/:id', (_req, res) => { res.json({by: 'second'}) }) // never reached: first answers
  second.get('/items/:id/more', (_req, res) => { res.json({by: 'second'}) })
  second.get('/boom', () => { throw Object.assign(new Error('boom'), {status: 418}) })
  const strict = Router({strict: true})
  strict.get('/ui', (_req, res) => { res.json({by: 'strict', slash: false}) })
  strict.get('/ui/', (_req, res) => { res.json({by: 'strict', slash: true}) })
  const anyFirst = Router()
  anyFirst.get('/:who/card', (req, res) => { res.json({by: 'any', who: req.params.who}) })
  const nested = Router()
  const inner = Router()
  inner.get('/nested/x', (_req, res) => { res.json({by: 'inner'}) })
  nested.use(inner)
  const late = Router()
  late.get('/items/:id/more', (_req, res) => { res.json({by: 'late'}) })
  late.get('/healthz', (_req, res) => { res.json({by: 'late'}) })
  return [first, second, strict, anyFirst, nested, late]
}

function app(dispatched: boolean): express.Express {
  const a = express()
  if (dispatched) a.use(dispatchByFirstSegment(groups()))
  else for (const g of groups()) a.use(g)
  a.use((req: Request, res: Response) => { res.status(404).json({by: 'none', path: req.path}) })
  a.use((err: {status?: number; message: string}, _req: Request, res: Response, _next: NextFunction) => { res.status(err.status ?? 500).json({error: err.message}) })
  return a
}

async function serve(a: express.Express): Promise<{url: string; close: () => Promise<void>}> {
  const server = createServer(a)
  await new Promise<void>((ok) => server.listen(0, '127.0.0.1', ok))
  return {url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, close: () => new Promise((ok) => server.close(() => ok()))}
}

const CASES: Array<[string, string]> = [
  ['GET', '/items/7'], ['GET', '/ITEMS/7'], ['POST', '/items'], ['POST', '/items/'], ['GET', '/items/7/more'],
  ['GET', '/alice/card'], ['GET', '/items/card'], ['GET', '/healthz'], ['GET', '/healthz?x=1'], ['GET', '/HealthZ/'],
  ['GET', '/ui'], ['GET', '/ui/'], ['GET', '/nested/x'], ['GET', '/boom'], ['GET', '/nothing/here'], ['GET', '/'],
  ['GET', '//items/7'], ['OPTIONS', '/items/7'], ['OPTIONS', '/items/7/more'], ['DELETE', '/items/7'], ['GET', '/it%65ms/7'],
]

describe('dispatchByFirstSegment', () => {
  it('answers every request exactly as the groups mounted one after another do', async () => {
    const plain = await serve(app(false))
    const fast = await serve(app(true))
    try {
      for (const [method, path] of CASES) {
        const [a, b] = await Promise.all([plain, fast].map(async (s) => {
          const r = await fetch(s.url + path, {method})
          return {status: r.status, allow: r.headers.get('allow'), body: await r.text()}
        }))
        expect(b, `${method} ${path}`).to.deep.equal(a)
      }
    } finally {
      await plain.close()
      await fast.close()
    }
  })

  it('keeps the first group that matches, and runs a group whose first segment is a parameter for any path', async () => {
    const fast = await serve(app(true))
    try {
      expect(await (await fetch(`${fast.url}/items/7`)).json()).to.deep.equal({by: 'first', id: '7'})
      expect(await (await fetch(`${fast.url}/items/7/more`)).json()).to.deep.equal({by: 'second'})
      expect(await (await fetch(`${fast.url}/bob/card`)).json()).to.deep.equal({by: 'any', who: 'bob'})
    } finally {
      await fast.close()
    }
  })

  it('lists the routes of every group in mount order for the route list', () => {
    const plain = express()
    for (const g of groups()) plain.use(g)
    const fast = express()
    fast.use(dispatchByFirstSegment(groups()))
    expect(servedRoutes(fast)).to.deep.equal(servedRoutes(plain))
    expect(servedRoutes(fast)).to.have.length(11)
  })

  it('reads the lower-cased first segment of an origin-form URL, and gives up on any other form', () => {
    expect(firstSegmentOf('/channels/ops/messages')).to.equal('channels')
    expect(firstSegmentOf('/Leases/check?x=/y')).to.equal('leases')
    expect(firstSegmentOf('/healthz?a=b')).to.equal('healthz')
    expect(firstSegmentOf('/')).to.equal('')
    expect(firstSegmentOf('//channels')).to.equal('')
    expect(firstSegmentOf('http://hub/channels')).to.equal(null)
    expect(firstSegmentOf('/a b/c')).to.equal(null)
    expect(firstSegmentOf('/a#b')).to.equal(null)
    expect(firstSegmentOf('/a\\b')).to.equal(null)
  })
})

describe('the hub behind dispatchByFirstSegment', () => {
  it('still answers its routes regardless of the path case, its 404 and GET /agents/retired before an agent id', async () => {
    const h = await TestHub.start()
    try {
      const alice = await h.register('alice')
      expect((await h.admin.call('GET', '/healthz')).status).to.equal(200)
      expect((await h.admin.call('GET', '/HEALTHZ')).status).to.equal(200)
      expect((await alice.call('GET', '/leases?workspace=github.com/acme/app@1a2b')).body).to.include({workspace: 'github.com/acme/app@1a2b'})
      const retired = await h.admin.call('GET', '/agents/retired')
      expect(retired.status).to.equal(200)
      expect(retired.body).to.be.an('array')
      const missing = await h.admin.call('GET', '/no/such/route')
      expect(missing.status).to.equal(404)
      expect(missing.body.detail).to.match(/^no route GET \/no\/such\/route;/)
    } finally {
      await h.close()
    }
  })
})
