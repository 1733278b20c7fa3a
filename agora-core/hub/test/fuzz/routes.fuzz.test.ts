import {expect} from 'chai'
import {Ajv} from 'ajv'
import type {ValidateFunction} from 'ajv'
import {ROUTES} from '@agora/protocol'
import type {RouteKey} from '@agora/protocol'
import {anyRouteCase, operations} from './requests-any.js'
import {runCase} from './run.js'
import {check, World} from './world.js'

const ajv = new Ajv({allErrors: true, strict: true, allowUnionTypes: true})
const compiled = new Map<string, ValidateFunction>()

/** The ajv errors of an accepted answer against its route's schema in @agora/protocol; [] when it fits or the route answers raw bytes. */
function misfits(route: string, body: unknown): string[] {
  if (!(route in ROUTES)) return []
  let check = compiled.get(route)
  if (!check) compiled.set(route, (check = ajv.compile(ROUTES[route as RouteKey])))
  return check(body) ? [] : (check.errors ?? []).map((e) => `${route}${e.instancePath} ${e.message} ${JSON.stringify(e.params)}`)
}

describe('fuzz: every route in the hub\'s OpenAPI document, with bodies generated from its own request schemas', function () {
  this.timeout(300_000)
  let w: World
  let doc: {paths: Record<string, unknown>; components: {schemas: Record<string, Record<string, unknown>>}}
  let messageIds: string[]
  before(async () => {
    w = await World.start()
    const posted = await w.must('alice', 'POST', '/channels/room/messages', {body: 'anyone?', status: 'open', to: ['bob']})
    const reply = await w.must('bob', 'POST', '/channels/room/messages', {body: 'yes', status: 'reply', reply_to: posted.id})
    messageIds = [posted.id, reply.id]
    doc = (await w.send({as: 'none', method: 'GET', path: '/openapi.json'})).body as typeof doc
  })
  after(async () => { await w?.close() })

  it('reads more than a hundred operations from the document, so no route is left out of the sweep', () => {
    expect(operations(doc).length).to.be.above(100)
  })

  it('answers every generated request below 500, changes no row when it refuses, writes only ledger turns whose hash recomputes, and accepts only with an answer that fits its protocol schema', async () => {
    await check(anyRouteCase(operations(doc), doc.components.schemas, messageIds), 500, async (c) => {
      const r = await runCase(w, c)
      if (c.exact && r.status >= 200 && r.status < 300) expect(misfits(c.route, r.body), `${c.route} answered ${r.text.slice(0, 300)}`).to.deep.equal([])
    })
  })

  it('leaves every channel ledger verified by the hub, @agora/protocol and the tests\' own verifier', async () => {
    const {checked} = await w.verifyAllLedgers()
    expect(checked).to.be.at.least(2)
  })
})
