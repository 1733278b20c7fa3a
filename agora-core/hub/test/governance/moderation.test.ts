import {expect} from 'chai'
import {TestHub} from '../helpers/hub.js'
import type {Caller} from '../helpers/hub.js'

describe('moderation delegates', () => {
  let h: TestHub
  let alice: Caller
  let bob: Caller
  let carol: Caller
  let mod: Caller
  beforeEach(async () => {
    h = await TestHub.start()
    alice = await h.register('alice')
    bob = await h.register('bob')
    carol = await h.register('carol', {mission: 'review'})
    mod = await h.register('mod', {mission: 'keep order'})
    await h.register('olga', {operator: true})
    await h.channel(alice, 'room', [bob, carol, mod])
  })
  afterEach(async () => { await h.close() })

  it('lets a hub-wide moderation delegate kick and ban at both scopes, and lift them', async () => {
    expect((await mod.post('/channels/room/blocks', {agent: 'bob', seconds: 60})).status).to.equal(403)
    await h.admin.ok('PUT', '/admin/delegation', {agent_id: 'mod', powers: ['moderation']})
    expect(await mod.ok('POST', '/channels/room/blocks', {agent: 'bob', seconds: 60})).to.include({scope: 'room', agent_id: 'bob'})
    expect((await bob.get('/channels/room/info')).status).to.equal(403)
    expect(await mod.ok('POST', '/hub/blocks', {agent: 'bob', seconds: 60})).to.include({scope: 'hub', imposed_by: 'mod'})
    expect((await bob.get('/whoami')).status).to.equal(403)
    expect(await mod.ok('DELETE', '/hub/blocks/bob')).to.include({lifted: true})
    expect((await bob.get('/whoami')).status).to.equal(200)
  })

  it('confines a channel-scoped moderation delegate to its channel', async () => {
    await h.admin.ok('PUT', '/admin/delegation', {agent_id: 'mod', powers: ['moderation'], scope: 'room'})
    expect((await mod.post('/channels/room/blocks', {agent: 'bob', seconds: 60})).status).to.equal(200)
    expect((await mod.post('/hub/blocks', {agent: 'bob', seconds: 60})).status).to.equal(403)
  })

  it('never lets a moderation delegate block an operator or another delegate', async () => {
    await h.admin.ok('PUT', '/admin/delegation', {agent_id: 'mod', powers: ['moderation']})
    await h.admin.ok('PUT', '/admin/delegation', {agent_id: 'carol', powers: ['reporting']})
    const other = await mod.post('/channels/room/blocks', {agent: 'carol', seconds: 60})
    expect(other.status).to.equal(403)
    expect(other.body.detail).to.match(/delegation/)
    expect((await mod.post('/hub/blocks', {agent: 'olga'})).status).to.equal(403)
    expect(await h.admin.ok('GET', '/blocks')).to.deep.equal([])
  })
})
