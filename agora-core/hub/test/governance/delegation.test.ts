import {expect} from 'chai'
import {TestHub} from '../helpers/hub.js'
import type {Caller} from '../helpers/hub.js'

const DAY = 86400

describe('delegation', () => {
  let t = 1_800_000_000
  let h: TestHub
  let alice: Caller
  let bob: Caller
  let carol: Caller
  let olga: Caller
  beforeEach(async () => {
    t = 1_800_000_000
    h = await TestHub.start({now: () => t})
    alice = await h.register('alice', {mission: 'build the parser'})
    bob = await h.register('bob')
    carol = await h.register('carol', {mission: 'review'})
    olga = await h.register('olga', {operator: true})
    await h.channel(alice, 'room', [bob, carol])
  })
  afterEach(async () => { await h.close() })

  it('refuses a grant to a seat with a blank mission, and accepts it when the mission comes in the same act', async () => {
    const refused = await h.admin.put('/admin/delegation', {agent_id: 'bob', powers: ['reporting']})
    expect(refused.status).to.equal(400)
    expect(refused.body.detail).to.match(/no mission/)
    expect(await bob.ok('GET', '/delegations')).to.deep.equal([])
    const ok = await h.admin.ok('PUT', '/admin/delegation', {agent_id: 'bob', powers: ['reporting'], mission: 'watch the fleet'})
    expect(ok).to.include({agent_id: 'bob', scope: ''})
    expect((await bob.ok('GET', '/whoami')).mission).to.equal('watch the fleet')
  })

  it('refuses operators, unknown powers, a proxy without scope and a TTL over the cap, naming what works', async () => {
    expect((await h.admin.put('/admin/delegation', {agent_id: 'olga', powers: ['ruling']})).status).to.equal(400)
    expect((await h.admin.put('/admin/delegation', {agent_id: 'alice', powers: ['tyranny']})).status).to.equal(422)
    const proxy = await h.admin.put('/admin/delegation', {agent_id: 'alice', powers: ['proxy']})
    expect(proxy.status).to.equal(400)
    expect(proxy.body.detail).to.match(/scope/)
    const long = await h.admin.put('/admin/delegation', {agent_id: 'alice', powers: ['proxy'], scope: 'room', ttl_seconds: 8 * DAY})
    expect(long.status).to.equal(400)
    expect((await h.admin.put('/admin/delegation', {agent_id: 'alice', powers: ['ruling'], ttl_seconds: 31 * DAY})).status).to.equal(400)
    expect((await h.admin.put('/admin/delegation', {agent_id: 'alice', powers: ['ruling'], scope: 'nowhere'})).status).to.equal(404)
    expect((await alice.put('/admin/delegation', {agent_id: 'carol', powers: ['ruling']})).status).to.equal(403)
    expect(await h.admin.ok('GET', '/admin/delegations')).to.deep.equal([])
  })

  it('defaults the TTL to 7 days (1 day for proxy), serves every active grant on the hub in every seat\'s whoami (as the reference does, not only the caller\'s own) and honours expiry by the hub clock everywhere', async () => {
    const g = await olga.ok('PUT', '/admin/delegation', {agent_id: 'alice', powers: ['ruling', 'operational'], scope: 'room', note: 'steward'})
    expect(g.expires_at - g.granted_at).to.equal(7 * DAY)
    expect(g.powers).to.deep.equal(['operational', 'ruling'])
    const p = await olga.ok('PUT', '/admin/delegation', {agent_id: 'carol', powers: ['proxy'], scope: 'room'})
    expect(p.expires_at - p.granted_at).to.equal(DAY)
    expect((await bob.ok('GET', '/delegations')).map((d: any) => d.agent_id)).to.deep.equal(['alice', 'carol'])
    expect((await alice.ok('GET', '/whoami')).delegations).to.deep.equal([g, p])
    expect((await bob.ok('GET', '/whoami')).delegations).to.deep.equal([g, p])
    t += DAY + 1
    expect((await bob.ok('GET', '/delegations')).map((d: any) => d.agent_id)).to.deep.equal(['alice'])
    expect((await carol.ok('GET', '/whoami')).delegations).to.deep.equal([g])
    t += 6 * DAY
    expect((await alice.ok('GET', '/whoami')).delegations).to.deep.equal([])
    expect((await bob.ok('GET', '/whoami')).delegations).to.deep.equal([])
    const hist = await h.admin.ok('GET', '/admin/delegations')
    expect(hist.map((d: any) => d.state)).to.deep.equal(['expired', 'expired'])
  })

  it('keeps one active grant per seat: a new grant replaces the old one', async () => {
    await h.admin.ok('PUT', '/admin/delegation', {agent_id: 'alice', powers: ['ruling'], scope: 'room'})
    t += 10
    await h.admin.ok('PUT', '/admin/delegation', {agent_id: 'alice', powers: ['moderation']})
    const active = await alice.ok('GET', '/delegations')
    expect(active).to.have.length(1)
    expect(active[0]).to.include({agent_id: 'alice', scope: ''})
    expect(active[0].powers).to.deep.equal(['moderation'])
    expect((await h.admin.ok('GET', '/admin/delegations')).map((d: any) => d.state)).to.deep.equal(['active', 'revoked'])
  })

  it('revokes with DELETE /admin/delegation/{a} and says whether anything was live', async () => {
    await h.admin.ok('PUT', '/admin/delegation', {agent_id: 'carol', powers: ['reporting']})
    expect(await olga.ok('DELETE', '/admin/delegation/carol')).to.deep.equal({agent_id: 'carol', revoked: true})
    expect(await olga.ok('DELETE', '/admin/delegation/carol')).to.deep.equal({agent_id: 'carol', revoked: false})
    expect(await carol.ok('GET', '/delegations')).to.deep.equal([])
  })

  it('ends the delegation of a seat banned from the hub, but not of one kicked for a while', async () => {
    await h.admin.ok('PUT', '/admin/delegation', {agent_id: 'alice', powers: ['ruling'], scope: 'room'})
    await h.admin.ok('PUT', '/admin/delegation', {agent_id: 'carol', powers: ['reporting']})
    await olga.ok('POST', '/hub/blocks', {agent: 'alice', seconds: 60})
    await olga.ok('POST', '/hub/blocks', {agent: 'carol'})
    expect((await bob.ok('GET', '/delegations')).map((d: any) => d.agent_id)).to.deep.equal(['alice'])
    const ended = (await olga.history('hub-alerts')).filter(m => m.body.includes('ended by a hub ban'))
    expect(ended.map(m => m.body)).to.deep.equal(["delegation: carol's grant (reporting) ended by a hub ban from olga"])
  })

  it('gives a ruling delegate scoped to a room channel-admin acts and closure authority there, and nowhere else', async () => {
    await carol.ok('POST', '/channels', {name: 'side'})
    const inv = await carol.ok('POST', '/channels/side/invites', {agent_id: 'bob'})
    await bob.ok('POST', '/channels/side/join', {invite_token: inv.invite_token})
    const q = await alice.postMessage('room', {status: 'open', title: 'which parser?', to: ['carol']})
    await bob.postMessage('room', {status: 'resolved', reply_to: q.id, body: 'settled'})
    expect((await alice.history('room')).find(m => m.id === q.id).closed).to.equal(false)
    expect((await bob.post('/channels/room/invites', {agent_id: 'olga'})).status).to.equal(403)
    await h.admin.ok('PUT', '/admin/delegation', {agent_id: 'bob', powers: ['ruling'], scope: 'room', mission: 'steward room'})
    expect((await bob.post('/channels/room/invites', {agent_id: 'olga'})).status).to.equal(200)
    expect((await bob.post('/channels/side/invites', {agent_id: 'olga'})).status).to.equal(403)
    const q2 = await alice.postMessage('room', {status: 'open', title: 'which lexer?', to: ['carol']})
    await bob.postMessage('room', {status: 'resolved', reply_to: q2.id, body: 'settled by the steward'})
    const row = (await alice.history('room')).find(m => m.id === q2.id)
    expect(row).to.include({closed: true, closed_by: 'bob'})
    expect((await carol.owed()).to_answer.map((r: any) => r.id)).to.not.include(q2.id)
  })
})
