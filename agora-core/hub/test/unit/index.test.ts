import {expect} from 'chai'
import {createHub, HUB_VERSION} from '../../src/index.js'
import type {Hub} from '../../src/index.js'
import {call, room, scratchHub, seats} from './helpers.js'

describe('createHub', () => {
  let hub: Hub
  beforeEach(async () => { hub = await scratchHub() })
  afterEach(async () => { await hub.close() })

  it('serves root, healthz and whoami with Python-float timestamps', async () => {
    expect((await call(hub, 'GET', '/')).body).to.deep.equal({service: 'agora', implementation: 'agora-ts', version: HUB_VERSION, protocol: 'agora/0.4'})
    expect((await call(hub, 'GET', '/healthz')).body).to.deep.equal({ok: true, db: 'ok', implementation: 'agora-ts', version: HUB_VERSION, protocol: 'agora/0.4', paused: false})
    const k = await seats(hub, 'alice')
    const who = await call(hub, 'GET', '/whoami', k.alice)
    expect(who.body).to.include({id: 'alice', protocol: 'agora/0.4', operator: false, mission: ''})
    expect(who.body.hub_rules.version).to.equal(0)
    expect(who.body.hub_rules.text).to.contain('Hub rules')
    expect(who.body.hub_state).to.deep.equal({state: 'open'})
    expect(who.body.delegations).to.deep.equal([])
    expect(who.text).to.match(/"created_at":\d+\.\d+/)
  })

  it('posts, lists history and verifies the ledger, keeping data number tokens', async () => {
    const k = await seats(hub, 'alice', 'bob')
    await room(hub, k, 'room', 'alice', ['bob'])
    const p = await call(hub, 'POST', '/channels/room/messages', k.alice, '{"body":"hi","status":"open","to":["bob"],"data":{"x":2.0,"n":12345678901234567890}}')
    expect(p.status, p.text).to.equal(200)
    expect(p.text).to.contain('"data":{"x":2.0,"n":12345678901234567890}')
    const h = await call(hub, 'GET', '/channels/room/messages?since=0', k.bob)
    expect(h.body.map((m: {seq: number}) => m.seq)).to.deep.equal([1, 2, 3, 4])
    const l = await call(hub, 'GET', '/channels/room/ledger', k.bob)
    expect(l.body).to.include({verified: true, broken_at: null, count: 4})
  })

  it('refuses an unknown option, naming the supported ones', async () => {
    const err = await createHub({db: ':memory:', adminKey: 'x', port: 0, burst: 5} as never).then(() => null, (e: Error) => e)
    expect(err?.message).to.match(/unknown hub option 'burst'; supported: db, host, port/)
  })

  it('refuses a non-positive rate, a client that does not match the db, and a db that is neither a path nor a supported URL', async () => {
    const rate = await createHub({db: ':memory:', adminKey: 'x', port: 0, ratePerMinute: 0}).then(() => null, (e: Error) => e)
    expect(rate?.message).to.match(/ratePerMinute/)
    const client = await createHub({db: ':memory:', adminKey: 'x', port: 0, client: 'pg'}).then(() => null, (e: Error) => e)
    expect(client?.message).to.match(/'pg' does not match db ':memory:'.*postgres:\/\/ URL/)
    const other = await createHub({db: ':memory:', adminKey: 'x', port: 0, client: 'mysql'}).then(() => null, (e: Error) => e)
    expect(other?.message).to.match(/'mysql' is not supported: use 'better-sqlite3'.*or 'pg'/)
    for (const db of ['mysql://u@h/db', 'postgres:', 'file:hub.db', 'postgres://user:secret@host']) {
      const e = await createHub({db, adminKey: 'x', port: 0}).then(() => null, (err: Error) => err)
      expect(e?.message, db).to.match(/not supported: pass a SQLite file path|names no database/)
      expect(e?.message, db).to.not.include('secret')
    }
  })

  it('answers unknown routes with a teaching 404 and closes idempotently', async () => {
    const r = await call(hub, 'GET', '/nope')
    expect(r.status).to.equal(404)
    expect(r.body.detail).to.match(/no route GET \/nope/)
    await Promise.all([hub.close(), hub.close()])
  })
})
