import {expect} from 'chai'
import {type Caller, TestHub} from '../helpers/hub.js'

const ids = (rows: any[]) => rows.map((r) => r.id)

// Read-surface rules that the 15 invariants lean on.
describe('read surfaces behind the invariants', () => {
  let h: TestHub
  let alice: Caller, bob: Caller, carol: Caller
  beforeEach(async () => {
    h = await TestHub.start({toCloseMinAge: 0})
    alice = await h.register('alice')
    bob = await h.register('bob')
    carol = await h.register('carol')
    await h.channel(alice, 'room', [bob, carol])
  })
  afterEach(async () => { await h.close() })

  it('records no read receipt when history is browsed, so a bystander stays pinned until a real read', async () => {
    const q = await alice.postMessage('room', {body: 'anyone?', status: 'open'})
    await carol.ok('POST', '/inbox/ack', {cursors: {room: q.seq}})
    await carol.history('room')
    expect(ids(await carol.inbox())).to.include(q.id)
  })

  it('returns the message with up to 5 unread ancestors, oldest first, stopping at the reader’s own message', async () => {
    const own = await bob.postMessage('room', {body: 'bob starts', status: 'fyi'})
    let parent = own
    const chain = []
    for (let i = 0; i < 7; i++) {
      parent = await alice.postMessage('room', {body: `step ${i}`, status: 'reply', reply_to: parent.id})
      chain.push(parent)
    }
    const got = await bob.ok('GET', `/channels/room/messages/${chain[6].id}`)
    expect(ids(got)).to.deep.equal(ids(chain.slice(1, 7)))
    const short = await bob.ok('GET', `/channels/room/messages/${chain[0].id}`)
    expect(ids(short)).to.deep.equal([chain[0].id])
  })

  it('falls back to broadcast when every addressee of an open has left, so the obligation cannot vanish', async () => {
    const q = await alice.postMessage('room', {body: 'bob only', status: 'open', to: ['bob']})
    await carol.ok('POST', '/inbox/ack', {cursors: {room: q.seq}})
    expect(ids(await carol.inbox())).not.to.include(q.id)
    await bob.ok('POST', '/channels/room/leave', {})
    const left = (await alice.history('room')).at(-1)
    await carol.ok('POST', '/inbox/ack', {cursors: {room: left.seq}})
    expect(ids(await carol.inbox())).to.include(q.id)
  })

  it('wakes a long-poll /inbox when a message lands', async () => {
    const cursors: Record<string, number> = {room: (await bob.history('room')).at(-1).seq}
    for (const e of await bob.inbox()) cursors[e.channel] = Math.max(cursors[e.channel] ?? 0, e.seq)
    await bob.ok('POST', '/inbox/ack', {cursors})
    expect(await bob.inbox(), 'nothing pending before the long-poll starts').to.deep.equal([])
    const waiting = bob.ok('GET', '/inbox?wait=30')
    const m = await alice.postMessage('room', {body: 'wake up', status: 'fyi'})
    expect(ids(await waiting)).to.include(m.id)
  })

  it('auto-addresses a generic-route DM post with an empty to to the peer', async () => {
    await alice.ok('POST', '/dms/bob', {})
    const m = await alice.postMessage('dm:alice--bob', {body: 'psst', status: 'fyi'})
    expect(m.to).to.deep.equal(['bob'])
  })

  it('joins with the cursor at the head, so past history does not flood the inbox', async () => {
    await alice.ok('POST', '/channels', {name: 'pub', private: false})
    const old = await alice.postMessage('pub', {body: 'old news', status: 'fyi'})
    const dave = await h.register('dave')
    await dave.ok('POST', '/channels/pub/join', {})
    expect(ids(await dave.inbox())).not.to.include(old.id)
  })

  it('reports waiting_on per seat as not-yet-acked, then acked-past-no-reply', async () => {
    const q = await alice.postMessage('room', {body: 'q', status: 'open', data: {asks: [{id: '1', text: 'eta?', to: ['bob']}]}})
    const w1 = (await alice.owed()).waiting_on.filter((w: any) => w.seq === q.seq)
    expect(w1).to.have.length(1)
    expect(w1[0]).to.include({channel: 'room', seq: q.seq, ask: '1', seat: 'bob', state: 'not-yet-acked'})
    await bob.ok('POST', '/inbox/ack', {cursors: {room: q.seq}})
    const w2 = (await alice.owed()).waiting_on.filter((w: any) => w.seq === q.seq)
    expect(w2.map((w: any) => w.state)).to.deep.equal(['acked-past-no-reply'])
  })

  it('lists a discharged own thread in to_close until the asker posts resolved (to_close_min_age 0)', async () => {
    const q = await alice.postMessage('room', {body: 'q', status: 'open', data: {asks: [{id: '1', text: 'eta?', to: ['bob']}]}})
    await bob.postMessage('room', {status: 'reply', reply_to: q.id, body: 'tonight', data: {answers: ['1']}})
    const owed = await alice.owed()
    expect(owed.to_close.map((r: any) => r.seq)).to.deep.equal([q.seq])
    // answered_by is one seat id, as reference vector 08_to_close_ledger.json serves it ("answered_by": "helper").
    expect(owed.to_close[0]).to.include({channel: 'room', answered_by: 'bob'})
    await alice.postMessage('room', {status: 'resolved', reply_to: q.id, body: 'closing'})
    expect((await alice.owed()).to_close).to.deep.equal([])
  })

  it('omits verified and broken_at from the ledger with verify=false', async () => {
    const r = await alice.ok('GET', '/channels/room/ledger?verify=false')
    expect(r).to.include.keys('channel', 'count', 'head', 'turns')
    expect(r).not.to.have.property('verified')
    expect(r).not.to.have.property('broken_at')
  })
})
