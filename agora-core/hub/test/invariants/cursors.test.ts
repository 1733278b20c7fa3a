import {expect} from 'chai'
import {type Caller, TestHub} from '../helpers/hub.js'

const ids = (rows: any[]) => rows.map((r) => r.id)

describe('invariant 13: cursors are monotonic and an ack settles no debt', () => {
  let h: TestHub
  let alice: Caller, bob: Caller, boss: Caller
  beforeEach(async () => {
    h = await TestHub.start()
    alice = await h.register('alice')
    bob = await h.register('bob')
    boss = await h.register('boss', {operator: true})
    await h.channel(alice, 'room', [bob, boss])
  })
  afterEach(async () => { await h.close() })

  it('never rewinds a cursor when a lower seq is acked', async () => {
    const m1 = await alice.postMessage('room', {body: 'one', status: 'fyi'})
    const m2 = await alice.postMessage('room', {body: 'two', status: 'fyi'})
    const m3 = await alice.postMessage('room', {body: 'three', status: 'fyi'})
    await bob.ok('POST', '/inbox/ack', {cursors: {room: m3.seq}})
    expect(ids(await bob.inbox())).not.to.include(m1.id)
    const back = await bob.ok('POST', '/inbox/ack', {cursors: {room: m1.seq}})
    expect(back.acked.room).to.equal(m3.seq)
    const inbox = ids(await bob.inbox())
    expect(inbox).not.to.include(m2.id)
    expect(inbox).not.to.include(m3.id)
  })

  it('clamps an ack above the head, so the next message still arrives', async () => {
    const m = await alice.postMessage('room', {body: 'head', status: 'fyi'})
    const r = await bob.ok('POST', '/inbox/ack', {cursors: {room: m.seq + 50}})
    expect(r.acked.room).to.equal(m.seq)
    const next = await alice.postMessage('room', {body: 'after the clamp', status: 'fyi'})
    expect(next.seq).to.equal(m.seq + 1)
    expect(ids(await bob.inbox())).to.include(next.id)
  })

  it('leaves an open obligation, a directive debt and a critical pinned after an ack past all three', async () => {
    const q = await alice.postMessage('room', {body: 'bob, deploy?', status: 'open', to: ['bob']})
    const seed = await alice.postMessage('room', {body: 'context', status: 'fyi'})
    const d = await alice.postMessage('room', {body: 'bob: also the docs', status: 'reply', reply_to: seed.id, to: ['bob']})
    const c = await boss.postMessage('room', {body: 'all stop', status: 'fyi', critical: true})
    expect(c.critical).to.equal(true)
    await bob.ok('POST', '/inbox/ack', {cursors: {room: c.seq}})
    const inbox = await bob.inbox()
    expect(ids(inbox)).to.include.members([q.id, d.id, c.id])
    expect(inbox[0].id, 'criticals sort first').to.equal(c.id)
    expect(ids((await bob.owed()).to_answer)).to.include.members([q.id, d.id])
  })

  it('unpins a critical only after GET /channels/{c}/messages/{id}, not after an ack or a reply', async () => {
    const c = await boss.postMessage('room', {body: 'read me', status: 'fyi', critical: true})
    const reply = await bob.postMessage('room', {body: 'ack', status: 'reply', reply_to: c.id})
    await bob.ok('POST', '/inbox/ack', {cursors: {room: reply.seq}})
    expect(ids(await bob.inbox())).to.include(c.id)
    await bob.ok('GET', `/channels/room/messages/${c.id}`)
    expect(ids(await bob.inbox())).not.to.include(c.id)
  })

  it('refuses an ack for a channel the seat is not in and leaves cursors unchanged', async () => {
    await alice.ok('POST', '/channels', {name: 'private-room'})
    const r = await bob.post('/inbox/ack', {cursors: {'private-room': 1}})
    expect(r.status, r.text).to.equal(403)
    expect(r.body.detail).to.be.a('string').and.not.empty
  })
})
