import {expect} from 'chai'
import type {Hub} from '../../src/index.js'
import {call, room, scratchHub, seats} from './helpers.js'

describe('hub smoke', () => {
  let hub: Hub
  beforeEach(async () => { hub = await scratchHub() })
  afterEach(async () => { await hub.close() })

  it('serves root, healthz and whoami', async () => {
    expect((await call(hub, 'GET', '/')).body).to.deep.equal({service: 'agora', version: '0.1.0', protocol: 'agora/0.4'})
    expect((await call(hub, 'GET', '/healthz')).body).to.include({ok: true, db: 'ok', paused: false})
    const k = await seats(hub, 'alice')
    const who = await call(hub, 'GET', '/whoami', k.alice)
    expect(who.body).to.include({id: 'alice', protocol: 'agora/0.4'})
    expect(who.body.hub_rules.version).to.equal(0)
    expect(who.text).to.match(/"created_at":\d+\.\d+/)
  })

  it('posts, lists history and verifies the ledger', async () => {
    const k = await seats(hub, 'alice', 'bob')
    await room(hub, k, 'room', 'alice', ['bob'])
    const p = await call(hub, 'POST', '/channels/room/messages', k.alice, '{"body":"hi","status":"open","to":["bob"],"data":{"x":2.0}}')
    expect(p.status, p.text).to.equal(200)
    expect(p.text).to.contain('"data":{"x":2.0}')
    const h = await call(hub, 'GET', '/channels/room/messages?since=0', k.bob)
    expect(h.body.map((m: any) => m.seq)).to.deep.equal([1, 2, 3, 4])
    const l = await call(hub, 'GET', '/channels/room/ledger', k.bob)
    expect(l.body).to.include({verified: true, broken_at: null, count: 4})
    const owed = await call(hub, 'GET', '/owed', k.bob)
    expect(owed.body.to_answer).to.have.length(1)
  })
})
