import {expect} from 'chai'
import {type Caller, TestHub} from '../helpers/hub.js'

const ids = (rows: any[]) => rows.map((r) => r.id)
const row = (rows: any[], id: string) => rows.find((r) => r.id === id)

describe('invariants 6–8: engagement, per-ask discharge, closure authority', () => {
  let h: TestHub
  let alice: Caller, bob: Caller, carol: Caller
  beforeEach(async () => {
    h = await TestHub.start()
    alice = await h.register('alice')
    bob = await h.register('bob')
    carol = await h.register('carol')
    await h.channel(alice, 'room', [bob, carol])
  })
  afterEach(async () => { await h.close() })

  it('keeps an addressed open in the addressee inbox and /owed after a read and an ack past it; only the reply releases it', async () => {
    const q = await alice.postMessage('room', {body: 'bob, take the deploy?', title: 'deploy?', status: 'open', to: ['bob']})
    await bob.ok('GET', `/channels/room/messages/${q.id}`)
    await bob.ok('POST', '/inbox/ack', {cursors: {room: q.seq}})
    expect(ids(await bob.inbox())).to.include(q.id)
    expect(ids((await bob.owed()).to_answer)).to.include(q.id)
    await bob.postMessage('room', {status: 'reply', reply_to: q.id, body: 'on it'})
    expect(ids(await bob.inbox())).not.to.include(q.id)
    expect(ids((await bob.owed()).to_answer)).to.include(q.id, 'a peer-addressed open is released by closure or a claim, not a bare reply (vector 01)')
    await alice.postMessage('room', {status: 'resolved', reply_to: q.id, body: 'thanks'})
    expect(ids((await bob.owed()).to_answer)).not.to.include(q.id)
  })

  it('releases a broadcast open from a bystander inbox once the bystander reads it, not when they ack past it', async () => {
    const q = await alice.postMessage('room', {body: 'anyone?', status: 'open'})
    await carol.ok('POST', '/inbox/ack', {cursors: {room: q.seq}})
    expect(ids(await carol.inbox())).to.include(q.id)
    await carol.ok('GET', `/channels/room/messages/${q.id}`)
    expect(ids(await carol.inbox())).not.to.include(q.id)
  })

  it('discharges asks one at a time on /owed, history pending_asks and the envelope ask_progress', async () => {
    const q = await alice.postMessage('room', {body: 'two questions', status: 'open', data: {asks: [
      {id: '1', text: 'bob: port?', to: ['bob']}, {id: '2', text: 'carol: budget?', to: ['carol']}]}})
    await bob.postMessage('room', {status: 'reply', reply_to: q.id, body: '8080', data: {answers: ['1']}})
    expect(row(await alice.history('room'), q.id).pending_asks).to.deep.equal(['2'])
    const carolRow = row((await carol.owed()).to_answer, q.id)
    expect(carolRow).to.include.keys('pending_asks', 'asks_naming_you')
    expect(carolRow.pending_asks).to.deep.equal(['2'])
    expect(carolRow.asks_naming_you).to.deep.equal(['2'])
    const env = row(await carol.inbox(), q.id)
    expect(env, 'carol still has the envelope').to.be.an('object')
    expect(env.ask_progress).to.equal('1/2')
    expect(env.pending_asks).to.deep.equal(['2'])
    expect(env.your_pending_asks).to.deep.equal(['2'])
    expect(ids((await bob.owed()).to_answer)).not.to.include(q.id)
  })

  it('keeps an ask addressed to two seats pending until both have answered it (canvass rule)', async () => {
    const q = await alice.postMessage('room', {body: 'both of you', status: 'open', data: {asks: [{id: '1', text: 'ok?', to: ['bob', 'carol']}]}})
    await bob.postMessage('room', {status: 'reply', reply_to: q.id, body: 'yes', data: {answers: ['1']}})
    expect(row(await alice.history('room'), q.id).pending_asks).to.deep.equal(['1'])
    expect(ids((await carol.owed()).to_answer)).to.include(q.id)
    await carol.postMessage('room', {status: 'reply', reply_to: q.id, body: 'yes', data: {answers: ['1']}})
    expect(row(await alice.history('room'), q.id).pending_asks).to.deep.equal([])
    expect(ids((await carol.owed()).to_answer)).not.to.include(q.id)
  })

  it("never lets the asker's own replies discharge their asks", async () => {
    const q = await alice.postMessage('room', {body: 'q', status: 'open', data: {asks: [{id: '1', text: 'eta?', to: ['bob']}]}})
    await alice.postMessage('room', {status: 'reply', reply_to: q.id, body: 'nudge'})
    const own = await alice.post('/channels/room/messages', {status: 'reply', reply_to: q.id, body: 'self-answer', data: {answers: ['1']}})
    expect(own.status, own.text).to.equal(400)
    expect(row(await alice.history('room'), q.id).pending_asks).to.deep.equal(['1'])
    expect(ids((await bob.owed()).to_answer)).to.include(q.id)
  })

  it("keeps a thread open when a bystander posts resolved: has_resolved_reply true, closed false", async () => {
    const q = await alice.postMessage('room', {body: 'q', status: 'open', to: ['bob'], data: {asks: [{id: '1', text: 'eta?', to: ['bob']}]}})
    const bystander = await carol.postMessage('room', {status: 'resolved', reply_to: q.id, body: 'I think this is done'})
    await bob.ok('POST', '/inbox/ack', {cursors: {room: bystander.seq}})
    const r = row(await alice.history('room'), q.id)
    expect(r).to.include({has_resolved_reply: true, closed: false})
    expect(r.pending_asks).to.deep.equal(['1'])
    expect(ids((await bob.owed()).to_answer)).to.include(q.id)
    expect(ids(await bob.inbox())).to.include(q.id)
  })

  it("closes the thread on every surface at once when the asker posts resolved", async () => {
    const q = await alice.postMessage('room', {body: 'q', status: 'open', to: ['bob'], data: {asks: [{id: '1', text: 'eta?', to: ['bob']}]}})
    await bob.ok('POST', '/inbox/ack', {cursors: {room: q.seq}})
    expect(ids(await bob.inbox())).to.include(q.id)
    const close = await alice.postMessage('room', {status: 'resolved', reply_to: q.id, body: 'withdrawn'})
    const r = row(await alice.history('room'), q.id)
    expect(r).to.include({closed: true, has_resolved_reply: true})
    expect(r.pending_asks).to.deep.equal([])
    expect(r.closed_by).to.be.a('string').and.not.empty
    await bob.ok('POST', '/inbox/ack', {cursors: {room: close.seq}})
    expect(ids(await bob.inbox())).not.to.include(q.id)
    expect(ids((await bob.owed()).to_answer)).not.to.include(q.id)
    expect((await alice.owed()).waiting_on.filter((w: any) => w.seq === q.seq)).to.deep.equal([])
  })

  it("closes a peer's thread when an operator posts resolved", async () => {
    const op = await h.register('boss', {operator: true})
    const inv = await alice.ok('POST', '/channels/room/invites', {agent_id: 'boss'})
    await op.ok('POST', '/channels/room/join', {invite_token: inv.invite_token})
    const q = await bob.postMessage('room', {body: 'alice?', status: 'open', to: ['alice']})
    expect(ids((await alice.owed()).to_answer)).to.include(q.id)
    await op.postMessage('room', {status: 'resolved', reply_to: q.id, body: 'settled by operator'})
    expect(row(await bob.history('room'), q.id)).to.include({closed: true})
    expect(ids((await alice.owed()).to_answer)).not.to.include(q.id)
  })
})
