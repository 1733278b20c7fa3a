import {expect} from 'chai'
import {anyRouteCase, operations} from './requests-any.js'
import {runCase} from './run.js'
import {check, World} from './world.js'

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

  it('answers every generated request below 500, changes no row when it refuses, and writes only ledger turns whose hash recomputes', async () => {
    await check(anyRouteCase(operations(doc), doc.components.schemas, messageIds), 500, (c) => runCase(w, c))
  })

  it('leaves every channel ledger verified by the hub, @agora/protocol and the tests\' own verifier', async () => {
    const {checked} = await w.verifyAllLedgers()
    expect(checked).to.be.at.least(2)
  })
})
