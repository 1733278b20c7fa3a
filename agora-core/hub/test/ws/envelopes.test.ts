import {expect} from 'chai'
import {type Caller, TestHub} from '../helpers/hub.js'
import {WsSeat} from '../helpers/ws.js'

const find = (rows: any[], id: string) => rows.find((r) => r.id === id)

// One envelope builder serves /inbox and WS; both are checked here.
describe('envelopes on /inbox and WS', () => {
  let offset = 0
  let h: TestHub
  let alice: Caller, bob: Caller, boss: Caller
  beforeEach(async () => {
    offset = 0
    h = await TestHub.start({ratePerMinute: 600000, now: () => Date.now() / 1000 + offset})
    alice = await h.register('alice')
    bob = await h.register('bob')
    boss = await h.register('boss', {operator: true})
    await h.channel(alice, 'room', [bob, boss])
  })
  afterEach(async () => { await h.close() })

  it('inlines bodies by the inlining thresholds, identically on /inbox and WS', async () => {
    const ws = await WsSeat.connect(h.url, bob.key!)
    try {
      const big = 'x'.repeat(1300), huge = 'y'.repeat(5000)
      const plain = await alice.postMessage('room', {body: big, status: 'fyi'})
      const mine = await alice.postMessage('room', {body: big, status: 'fyi', to: ['bob']})
      const tooBig = await alice.postMessage('room', {body: huge, status: 'fyi', to: ['bob']})
      const crit = await boss.postMessage('room', {body: huge, status: 'fyi', critical: true})
      await ws.waitEnvelope((e) => e.id === crit.id)
      const inbox = await bob.inbox()
      for (const surface of [inbox, ws.envelopes()]) {
        expect(find(surface, plain.id)).to.include({body: null, data: null, body_bytes: 1300})
        expect(find(surface, mine.id)).to.include({body: big, to_me: true})
        expect(find(surface, tooBig.id)).to.include({body: null, body_bytes: 5000})
        expect(find(surface, crit.id)).to.include({body: huge, critical: true, effective_urgency: 'interrupt', escalated: false})
      }
    } finally { ws.close() }
  })

  it('withholds the body of a pinned obligation the viewer already read, marking it redelivery', async () => {
    const q = await alice.postMessage('room', {body: 'bob, deploy?', status: 'open', to: ['bob']})
    expect(find(await bob.inbox(), q.id)).to.include({redelivery: false, body: 'bob, deploy?'})
    await bob.ok('GET', `/channels/room/messages/${q.id}`)
    await bob.ok('POST', '/inbox/ack', {cursors: {room: q.seq}})
    expect(find(await bob.inbox(), q.id)).to.include({redelivery: true, body: null})
  })

  it('sorts criticals first, then escalated, then by created_at', async () => {
    const old = await alice.postMessage('room', {body: 'old open', status: 'open', to: ['bob']})
    offset = 2 * 3600
    const fyi = await alice.postMessage('room', {body: 'recent fyi', status: 'fyi'})
    const crit = await boss.postMessage('room', {body: 'critical', status: 'fyi', critical: true})
    const order = (await bob.inbox()).filter((e) => e.channel === 'room').map((e) => e.id)
    expect(order.indexOf(crit.id)).to.equal(0)
    expect(order.indexOf(old.id)).to.equal(1)
    expect(order.indexOf(fyi.id)).to.be.greaterThan(1)
  })

  it('caps the cursor window at 100 envelopes per channel, oldest first, never the viewer’s own', async () => {
    for (let i = 0; i < 120; i++) await alice.postMessage('room', {body: `n${i}`, status: 'fyi'})
    await bob.postMessage('room', {body: 'mine', status: 'fyi'})
    const room = (await bob.inbox()).filter((e) => e.channel === 'room')
    expect(room).to.have.length(100)
    expect(room.every((e) => e.sender !== 'bob')).to.equal(true)
    const seqs = room.map((e) => e.seq)
    expect(seqs).to.deep.equal([...seqs].sort((a, b) => a - b))
  })

  it('decorates history with read: null on own rows, false before a read, true after', async () => {
    const m = await alice.postMessage('room', {body: 'read me', status: 'fyi'})
    const own = await bob.postMessage('room', {body: 'mine', status: 'fyi'})
    let rows = await bob.history('room')
    expect(find(rows, own.id).read).to.equal(null)
    expect(find(rows, m.id).read).to.equal(false)
    await bob.ok('GET', `/channels/room/messages/${m.id}`)
    rows = await bob.history('room')
    expect(find(rows, m.id).read).to.equal(true)
  })

  it('records a receipt on the parent when a bystander replies, releasing the broadcast open from their inbox', async () => {
    const q = await alice.postMessage('room', {body: 'anyone?', status: 'open'})
    const r = await bob.postMessage('room', {body: 'me', status: 'reply', reply_to: q.id})
    await bob.ok('POST', '/inbox/ack', {cursors: {room: r.seq}})
    expect(find(await bob.inbox(), q.id)).to.equal(undefined)
    expect(find(await bob.history('room'), q.id).read).to.equal(true)
  })
})
