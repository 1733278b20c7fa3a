import {expect} from 'chai'
import {type Caller, TestHub} from '../helpers/hub.js'

const headSeq = async (seat: Caller, channel: string) => (await seat.history(channel)).at(-1).seq

async function refused(seat: Caller, channel: string, msg: Record<string, unknown>, status = 400): Promise<void> {
  const before = await headSeq(seat, channel)
  const r = await seat.post(`/channels/${channel}/messages`, msg)
  expect(r.status, r.text).to.equal(status)
  expect(r.body?.detail, 'a teaching detail').to.satisfy((d: unknown) => (typeof d === 'string' && d.length > 0) || (Array.isArray(d) && d.length > 0))
  expect(await headSeq(seat, channel), 'nothing was posted').to.equal(before)
}

describe('invariants 9–10: refused replies and consumption debt', () => {
  let h: TestHub
  let alice: Caller, bob: Caller, carol: Caller
  beforeEach(async () => {
    h = await TestHub.start()
    alice = await h.register('alice')
    bob = await h.register('bob')
    carol = await h.register('carol')
    await h.channel(alice, 'room', [bob, carol])
    await h.channel(alice, 'other', [bob])
  })
  afterEach(async () => { await h.close() })

  it('refuses a bare reply, a reply_to in another channel, and answers that discharge nothing, posting nothing', async () => {
    const elsewhere = await alice.postMessage('other', {body: 'elsewhere', status: 'open'})
    const plain = await alice.postMessage('room', {body: 'no asks here', status: 'open', to: ['bob']})
    const asked = await alice.postMessage('room', {body: 'one ask', status: 'open', data: {asks: [{id: '1', text: 'eta?', to: ['bob']}]}})
    await refused(bob, 'room', {status: 'reply', body: 'bare'})
    await refused(bob, 'room', {status: 'reply', reply_to: elsewhere.id, body: 'cross-channel'})
    await refused(bob, 'room', {status: 'reply', reply_to: '01ARZ3NDEKTSV4RRFFQ69G5FAV', body: 'unknown parent'})
    await refused(bob, 'room', {status: 'reply', reply_to: plain.id, body: 'x', data: {answers: ['1']}})
    await refused(bob, 'room', {status: 'reply', reply_to: asked.id, body: 'x', data: {answers: ['9']}})
    await refused(bob, 'room', {status: 'reply', reply_to: asked.id, body: 'x', data: {declines: ['9']}})
    await refused(bob, 'room', {status: 'fyi', reply_to: asked.id, body: 'x', data: {answers: ['1']}})
    await refused(bob, 'room', {status: 'resolved', body: 'x', data: {answers: ['1']}})
    await refused(alice, 'room', {status: 'reply', reply_to: asked.id, body: 'x', data: {answers: ['1']}})
    expect((await alice.history('room')).find((m) => m.id === asked.id).pending_asks).to.deep.equal(['1'])
  })

  it("puts a non-asker's answer in the asker's to_consume until the asker reads it", async () => {
    const q = await alice.postMessage('room', {body: 'q', status: 'open', data: {asks: [{id: '1', text: 'port?', to: ['bob']}]}})
    const a = await bob.postMessage('room', {status: 'reply', reply_to: q.id, body: '8080', data: {answers: ['1']}})
    const owed = await alice.owed()
    expect(owed.to_consume).to.have.length(1)
    expect(owed.to_consume[0]).to.include({channel: 'room', seq: q.seq, answered_by: 'bob', answer_id: a.id, answer_seq: a.seq})
    expect(owed.counts.to_consume).to.equal(1)
    await alice.ok('GET', `/channels/room/messages/${a.id}`)
    expect((await alice.owed()).to_consume).to.deep.equal([])
  })

  it('clears consumption when the asker posts later in the thread', async () => {
    const q = await alice.postMessage('room', {body: 'q', status: 'open', data: {asks: [{id: '1', text: 'port?', to: ['bob']}]}})
    await bob.postMessage('room', {status: 'reply', reply_to: q.id, body: '8080', data: {answers: ['1']}})
    expect((await alice.owed()).to_consume).to.have.length(1)
    await alice.postMessage('room', {status: 'reply', reply_to: q.id, body: 'noted'})
    expect((await alice.owed()).to_consume).to.deep.equal([])
  })

  it('settles consumption through consumes naming the answer', async () => {
    const q = await alice.postMessage('room', {body: 'q', status: 'open', data: {asks: [{id: '1', text: 'port?', to: ['bob']}]}})
    const a = await bob.postMessage('room', {status: 'reply', reply_to: q.id, body: '8080', data: {answers: ['1']}})
    expect((await alice.owed()).to_consume).to.have.length(1)
    await alice.postMessage('room', {status: 'fyi', body: 'using 8080', data: {consumes: [a.id]}})
    expect((await alice.owed()).to_consume).to.deep.equal([])
  })

  it('creates no consumption row for a decline', async () => {
    const q = await alice.postMessage('room', {body: 'q', status: 'open', data: {asks: [{id: '1', text: 'port?', to: ['bob']}]}})
    await bob.postMessage('room', {status: 'reply', reply_to: q.id, body: 'not mine to answer', data: {declines: ['1']}})
    expect((await alice.owed()).to_consume).to.deep.equal([])
    expect((await alice.history('room')).find((m) => m.id === q.id).pending_asks).to.deep.equal([])
  })

  it('refuses consumes naming a debt the sender does not owe, and posts nothing', async () => {
    const q = await alice.postMessage('room', {body: 'q', status: 'open', data: {asks: [{id: '1', text: 'port?', to: ['bob']}]}})
    const a = await bob.postMessage('room', {status: 'reply', reply_to: q.id, body: '8080', data: {answers: ['1']}})
    const chatter = await bob.postMessage('room', {status: 'fyi', body: 'unrelated'})
    await refused(carol, 'room', {status: 'fyi', body: 'not my debt', data: {consumes: [a.id]}})
    await refused(alice, 'room', {status: 'fyi', body: 'not an answer', data: {consumes: [chatter.id]}})
    await refused(alice, 'room', {status: 'fyi', body: 'unknown', data: {consumes: ['room#999']}})
    expect((await alice.owed()).to_consume).to.have.length(1)
  })
})
