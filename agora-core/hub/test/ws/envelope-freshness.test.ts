import {expect} from 'chai'
import {type Caller, TestHub} from '../helpers/hub.js'

const env = async (seat: Caller, id: string) => (await seat.inbox()).find((e) => e.id === id)

// The same viewer asks twice, before and after a change: a served envelope must never be a
// stale copy of an earlier computation.
describe('envelope freshness across repeated /inbox calls', () => {
  let offset = 0
  let h: TestHub
  let alice: Caller, bob: Caller, carol: Caller
  beforeEach(async () => {
    offset = 0
    h = await TestHub.start({now: () => Date.now() / 1000 + offset})
    alice = await h.register('alice')
    bob = await h.register('bob')
    carol = await h.register('carol')
    await h.channel(alice, 'room', [bob, carol])
  })
  afterEach(async () => { await h.close() })

  it('updates ask_progress, pending_asks and has_resolved_reply as replies land', async () => {
    const q = await alice.postMessage('room', {body: 'two asks', status: 'open', data: {asks: [
      {id: '1', text: 'a?', to: ['bob']}, {id: '2', text: 'b?', to: ['carol']}]}})
    expect(await env(carol, q.id)).to.include({ask_progress: '0/2', has_resolved_reply: false})
    await bob.postMessage('room', {status: 'reply', reply_to: q.id, body: 'a', data: {answers: ['1']}})
    const after = await env(carol, q.id)
    expect(after).to.include({ask_progress: '1/2'})
    expect(after.pending_asks).to.deep.equal(['2'])
    await bob.postMessage('room', {status: 'resolved', reply_to: q.id, body: 'I think we are done'})
    expect(await env(carol, q.id)).to.include({has_resolved_reply: true})
  })

  it('flips escalated once the SLA passes, for a viewer who already fetched the envelope', async () => {
    const q = await alice.postMessage('room', {body: 'bob?', status: 'open', to: ['bob']})
    expect(await env(bob, q.id)).to.include({escalated: false, effective_urgency: 'inbox'})
    offset = 2 * 3600
    expect(await env(bob, q.id)).to.include({escalated: true, effective_urgency: 'interrupt'})
  })

  it('flips from_operator on a plain fyi after the sender is promoted', async () => {
    const m = await alice.postMessage('room', {body: 'just news', status: 'fyi'})
    expect(await env(bob, m.id)).to.include({from_operator: false})
    const promoted = await h.admin.put('/agents/alice/role', {operator: true})
    expect(promoted.status, promoted.text).to.equal(200)
    expect(await env(bob, m.id)).to.include({from_operator: true})
  })

  it('marks redelivery on a second fetch once the viewer has read the pinned message', async () => {
    const q = await alice.postMessage('room', {body: 'bob, please', status: 'open', to: ['bob']})
    expect(await env(bob, q.id)).to.include({redelivery: false, body: 'bob, please'})
    await bob.ok('GET', `/channels/room/messages/${q.id}`)
    expect(await env(bob, q.id)).to.include({redelivery: true, body: null})
  })
})
