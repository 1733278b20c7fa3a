import {expect} from 'chai'
import {Caller, TestHub} from '../../helpers/hub.js'

// The refusal table of POST/DELETE /channels/{c}/archive (spec: owner or operator / operator only).
describe('archive routes: refusals', () => {
  let h: TestHub
  let alice: Caller
  let bob: Caller
  let olga: Caller
  beforeEach(async () => {
    h = await TestHub.start()
    olga = await h.register('olga', {operator: true})
    alice = await h.register('alice')
    bob = await h.register('bob')
    await h.channel(alice, 'room', [bob])
    await bob.post('/dms/alice', {})
  })
  afterEach(async () => { await h.close() })

  it('answers 401 without a key, 404 for an unknown channel, 400 for a DM or commons, 403 to a member who is not the owner', async () => {
    expect((await new Caller(h.url, 'anon', null).post('/channels/room/archive')).status).to.equal(401)
    expect((await olga.post('/channels/nope/archive')).status).to.equal(404)
    expect((await olga.post('/channels/dm:alice--bob/archive')).status).to.equal(400)
    expect((await olga.post('/channels/commons/archive')).status).to.equal(400)
    expect((await bob.post('/channels/room/archive')).status).to.equal(403)
    expect((await bob.postMessage('room', {body: 'still open'})).seq).to.be.a('number')
  })

  it('refuses joins and invites into an archived room with 409 (posts meet the eviction first: 403), and unarchiving to its owner with 403', async () => {
    await alice.ok('POST', '/channels/room/archive')
    expect((await alice.post('/channels/room/messages', {body: 'hello?'})).status).to.equal(403)
    expect((await bob.post('/channels/room/join', {})).status).to.equal(409)
    expect((await olga.post('/channels/room/invites', {agent_id: 'bob'})).status).to.equal(409)
    expect((await alice.del('/channels/room/archive')).status).to.equal(403)
    expect(await olga.ok('DELETE', '/channels/room/archive')).to.deep.equal({channel: 'room', archived: false})
    expect((await alice.ok('GET', '/channels/room/members')).map((m: {agent_id: string}) => m.agent_id)).to.deep.equal(['alice'])
  })
})
