import {expect} from 'chai'
import {tightThread} from '../../helpers/tight-thread.js'
import {type Caller, TestHub} from '../../helpers/hub.js'

describe('POST /channels/{c}/messages/{id}/resolve_thread', () => {
  let h: TestHub
  let olga: Caller, alice: Caller, bob: Caller, carol: Caller

  beforeEach(async () => {
    h = await TestHub.start()
    olga = await h.register('olga', {operator: true})
    alice = await h.register('alice')
    bob = await h.register('bob')
    carol = await h.register('carol')
    await h.channel(alice, 'room', [bob, olga])
  })
  afterEach(async () => { await h.close() })

  const ask = (who: Caller, body: string, to: string, reply_to?: string) =>
    who.postMessage('room', {body, status: 'open', to: [to], asks: [{id: 'q', text: body}], ...(reply_to ? {reply_to} : {})})
  const row = async (who: Caller, id: string) => (await who.history('room')).find(r => r.id === id)

  it('closes the asker\'s open nodes with resolved replies, names the claims that pointed at them, and accepts a seq', async () => {
    const root = await ask(alice, 'which port?', 'bob')
    const nested = await ask(alice, 'and which host?', 'bob', root.id)
    await bob.ok('PUT', '/channels/room/store/claim:port', {value: {owner: 'bob', source_message_id: root.id}})
    const r = await alice.ok('POST', `/channels/room/messages/%23${root.seq}/resolve_thread`, {body: 'settled in standup'})
    expect(r.truncated).to.equal(false)
    expect(r.closed.map((c: any) => [c.id, c.seq, c.sender])).to.deep.equal([[root.id, root.seq, 'alice'], [nested.id, nested.seq, 'alice']])
    expect(r.claims).to.deep.equal([{key: 'claim:port', owner: 'bob', source_message_id: root.id}])
    for (const id of [root.id, nested.id]) expect(await row(bob, id)).to.include({closed: true, closed_by: 'alice'})
    const reply = (await bob.history('room')).find(m => m.id === r.closed[0].resolved_by)
    expect(reply).to.include({sender: 'alice', status: 'resolved', reply_to: root.id, body: 'settled in standup'})
    expect((await bob.owed()).to_answer).to.deep.equal([])
    const again = await alice.ok('POST', `/channels/room/messages/${root.id}/resolve_thread`, {})
    expect(again).to.deep.equal({closed: [], claims: [], truncated: false})
  })

  it('refuses with 403 and closes nothing when another seat\'s open question is in the thread; an operator may close it all', async () => {
    const root = await ask(alice, 'ship today?', 'bob')
    const bobs = await ask(bob, 'is QA done?', 'alice', root.id)
    const refused = await alice.post(`/channels/room/messages/${root.id}/resolve_thread`, {})
    expect(refused.status).to.equal(403)
    expect(refused.body.detail).to.contain(`#${bobs.seq} is bob's open question`)
    expect(await row(alice, root.id)).to.include({closed: false})
    const done = await olga.ok('POST', `/channels/room/messages/${root.id}/resolve_thread`, {body: null})
    expect(done.closed.map((c: any) => c.id)).to.deep.equal([root.id, bobs.id])
    expect(await row(alice, bobs.id)).to.include({closed: true, closed_by: 'olga'})
  })

  it('answers 404 for an unknown message, 403 to a non-member and 422 for an unknown field', async () => {
    const root = await ask(alice, 'x?', 'bob')
    expect((await alice.post('/channels/room/messages/999/resolve_thread', {})).status).to.equal(404)
    expect((await carol.post(`/channels/room/messages/${root.id}/resolve_thread`, {})).status).to.equal(403)
    expect((await alice.post(`/channels/room/messages/${root.id}/resolve_thread`, {reason: 'x'})).status).to.equal(422)
  })

  it('closes nothing when the posting budget runs out part way through the thread (the replies posted before roll back)', async () => {
    const {tight, amy, ben, root} = await tightThread() // a burst of 20 posts, then one a minute; 3 spent
    try {
      // 19 of the 20 tokens spent: the resolve's first reply takes the last one, its second is refused.
      for (let i = 0; i < 16; i++) await amy.postMessage('room', {body: `note ${i}`, status: 'fyi'})
      const before = await ben.history('room')
      const r = await amy.call('POST', `/channels/room/messages/${root.id}/resolve_thread`, {})
      expect(r.status, r.text).to.equal(429)
      const after = await ben.history('room')
      expect(after.map((m: any) => [m.seq, m.status, m.closed])).to.deep.equal(before.map((m: any) => [m.seq, m.status, m.closed]))
    } finally { await tight.close() }
  })
})
