import {expect} from 'chai'
import {Ajv} from 'ajv'
import type {ValidateFunction} from 'ajv'
import {RAW_ROUTES, ROUTES} from '@agora/protocol'
import type {RouteKey} from '@agora/protocol'
import {TestHub} from '../helpers/hub.js'
import {EmbeddingStub} from '../helpers/embedding-stub.js'
import {tourEveryRoute} from '../helpers/route-tour.js'
import type {Visit} from '../helpers/route-tour.js'

const ajv = new Ajv({allErrors: true, strict: true, allowUnionTypes: true})
const compiled = new Map<string, ValidateFunction>()

/** The ajv errors of one live answer against its route's schema in @agora/protocol, as readable lines; [] when it fits. */
function misfits(v: Visit): string[] {
  if (!(v.route in ROUTES)) return [`${v.route}: no answer schema in @agora/protocol ROUTES`]
  let check = compiled.get(v.route)
  if (!check) compiled.set(v.route, (check = ajv.compile(ROUTES[v.route as RouteKey])))
  return check(v.body) ? [] : (check.errors ?? []).map((e) => `${v.route} (${v.method} ${v.path})${e.instancePath} ${e.message} ${JSON.stringify(e.params)}`)
}

// Every route the hub serves, driven once through a realistic session on a real hub (127.0.0.1:0),
// each live answer checked against the schema its TypeScript type is read from, so the two cannot drift.
describe('every route answers what @agora/protocol says it answers', () => {
  let hub: TestHub
  let stub: EmbeddingStub
  let visits: Visit[]
  before(async () => {
    // slowRequestMs 0: every request enters the slow log, so GET /admin/slow answers live items too
    // the tour moves the hub clock forward once, so a seat that joined earlier is offline (a dark seat)
    let skew = 0
    hub = await TestHub.start({toCloseMinAge: 0, slowRequestMs: 0, now: () => Date.now() / 1000 + skew})
    stub = await EmbeddingStub.start()
    visits = await tourEveryRoute(hub, stub.url, (seconds) => { skew += seconds })
  })
  after(async () => {
    await hub.close()
    await stub.close()
  })

  it('visits every JSON route of the wire, and every route it visits is one the protocol lists', () => {
    const visited = new Set(visits.map((v) => v.route))
    // The desk's page files are served only by a hub built with them (the test hub is not), so only they go unvisited.
    const desk = ['get /ui', 'get /ui/', 'get /ui/{asset}']
    expect(Object.keys(ROUTES).filter((route) => !visited.has(route))).to.deep.equal([])
    expect(Object.keys(RAW_ROUTES).filter((route) => !visited.has(route))).to.deep.equal(desk)
    expect([...visited].filter((route) => !(route in ROUTES) && !(route in RAW_ROUTES))).to.deep.equal([])
  })

  it('answers every JSON route with a body that fits its protocol schema', () => {
    const json = visits.filter((v) => !(v.route in RAW_ROUTES))
    expect(json.length).to.be.greaterThan(Object.keys(ROUTES).length)
    expect(json.filter((v) => !v.contentType.startsWith('application/json')).map((v) => v.route)).to.deep.equal([])
    expect(json.flatMap(misfits)).to.deep.equal([])
  })

  it('meets live items in every list the work views, search and the slow log answer, so their item schemas are checked', () => {
    const body = (route: string, path?: string): any => visits.find((v) => v.route === route && (path === undefined || v.path === path))?.body
    const desk = body('get /desk')
    const radar = body('get /channels/{c}/supervise', '/channels/radar/supervise')
    const search = body('get /search')
    const lengths = {
      ...Object.fromEntries(['to_answer', 'to_close', 'waiting_on_you', 'queue'].map((k) => [`desk.${k}`, desk[k].length])),
      ...Object.fromEntries(['dark_seats', 'stuck_rows', 'unowned', 'escalated'].map((k) => [`radar.${k}`, radar[k].length])),
      'supervise.radar': body('get /supervise').channels.find((c: {channel: string}) => c.channel === 'radar').escalated.length,
      ...Object.fromEntries(['decisions', 'open_threads', 'work', 'people', 'files', 'messages'].map((k) => [`search.${k}`, search[k].hits.length])),
      'slow.requests': body('get /admin/slow').requests.length,
    }
    expect(Object.entries(lengths).filter(([, n]) => n === 0).map(([k]) => k)).to.deep.equal([])
    const decisionKinds = search.decisions.hits.map((h: {kind: string}) => h.kind)
    expect([...new Set(decisionKinds)].sort()).to.deep.equal(['decision', 'message'])
    // the items are closed records: one stray field in one item is reported
    const deskVisit = visits.find((v) => v.route === 'get /desk') as Visit
    expect(misfits({...deskVisit, body: {...desk, waiting_on_you: [{...desk.waiting_on_you[0], surprise: 1}]}})).to.have.length(1)
    const searchVisit = visits.find((v) => v.route === 'get /search') as Visit
    expect(misfits({...searchVisit, body: {...search, people: {...search.people, hits: [{...search.people.hits[0], operator: 'yes'}]}}})).to.have.length(1)
  })

  it('serves an attachment as its bytes, not JSON', () => {
    const bytes = visits.find((v) => v.route === 'get /channels/{c}/attachments/{id}')
    expect(bytes?.contentType).to.match(/^text\/plain/)
    expect(bytes?.body).to.equal('hello')
  })

  it('reports an answer with a field the schema does not know, so the check can fail', () => {
    const lease = visits.find((v) => v.route === 'get /leases') as Visit
    expect(misfits(lease)).to.deep.equal([])
    expect(misfits({...lease, body: {...(lease.body as object), surprise: 1}})).to.have.length(1)
    expect(misfits({...lease, route: 'get /nowhere'})).to.deep.equal(['get /nowhere: no answer schema in @agora/protocol ROUTES'])
  })
})
