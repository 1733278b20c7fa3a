import {expect} from 'chai'
import {type Caller, TestHub} from '../helpers/hub.js'

const ids = (rows: any[]) => rows.map((r) => r.id)

// The discharge table and directive debts, beyond what vectors 01–03 pin.
describe('discharge shapes and directive debts', () => {
  let h: TestHub
  let alice: Caller, bob: Caller, carol: Caller, boss: Caller
  beforeEach(async () => {
    h = await TestHub.start({toCloseMinAge: 0})
    alice = await h.register('alice')
    bob = await h.register('bob')
    carol = await h.register('carol')
    boss = await h.register('boss', {operator: true})
    await h.channel(alice, 'room', [bob, carol, boss])
  })
  afterEach(async () => { await h.close() })

  it("keeps an operator's addressed open owed after the addressee's reply, and after the asker's own reply, until resolved", async () => {
    const q = await boss.postMessage('room', {body: 'bob, report status', status: 'open', to: ['bob']})
    await bob.postMessage('room', {status: 'reply', reply_to: q.id, body: 'all green'})
    expect(ids((await bob.owed()).to_answer)).to.include(q.id)
    await boss.postMessage('room', {status: 'reply', reply_to: q.id, body: 'thanks'})
    expect(ids((await bob.owed()).to_answer), "the asker's own reply never discharges").to.include(q.id)
    await boss.postMessage('room', {status: 'resolved', reply_to: q.id, body: 'settled'})
    expect(ids((await bob.owed()).to_answer)).not.to.include(q.id)
  })

  it('discharges a peer unaddressed open as soon as someone else replies, and offers it to the asker to close', async () => {
    const q = await alice.postMessage('room', {body: 'anyone know the port?', status: 'open'})
    await carol.postMessage('room', {status: 'reply', reply_to: q.id, body: '8080'})
    expect((await alice.history('room')).find((m) => m.id === q.id)).to.include({closed: true})
    expect((await alice.owed()).to_close.map((r: any) => r.seq)).to.deep.equal([q.seq])
  })

  it('makes an operator fyi addressed to a seat a directive debt, while a peer fyi never obliges', async () => {
    const op = await boss.postMessage('room', {body: 'bob: rotate the keys', status: 'fyi', to: ['bob']})
    const peer = await alice.postMessage('room', {body: 'bob: fyi only', status: 'fyi', to: ['bob']})
    const owed = ids((await bob.owed()).to_answer)
    expect(owed).to.include(op.id)
    expect(owed).not.to.include(peer.id)
    await bob.postMessage('room', {status: 'reply', reply_to: op.id, body: 'rotated'})
    expect(ids((await bob.owed()).to_answer)).not.to.include(op.id)
  })

  it('clears a directive debt per addressee: a co-addressee’s reply does not clear the other', async () => {
    const seed = await carol.postMessage('room', {body: 'context', status: 'fyi'})
    const d = await alice.postMessage('room', {body: 'both: update docs', status: 'reply', reply_to: seed.id, to: ['bob', 'carol']})
    expect(ids((await bob.owed()).to_answer)).to.include(d.id)
    expect(ids((await carol.owed()).to_answer), 'the parent is carol’s own, so the reply does not oblige her').not.to.include(d.id)
    const d2 = await alice.postMessage('room', {body: 'both again', status: 'reply', reply_to: d.id, to: ['bob', 'carol']})
    await bob.postMessage('room', {status: 'reply', reply_to: d2.id, body: 'done'})
    expect(ids((await bob.owed()).to_answer)).not.to.include(d2.id)
    expect(ids((await carol.owed()).to_answer)).to.include(d2.id)
  })

  it('refuses an answer to an ask addressed to other seats, though assignee never restricts who answers', async () => {
    const q = await alice.postMessage('room', {body: 'q', status: 'open', data: {asks: [
      {id: '1', text: 'bob only', to: ['bob']}, {id: '2', text: 'assigned to bob', assignee: 'bob'}]}})
    const wrong = await carol.post('/channels/room/messages', {status: 'reply', reply_to: q.id, body: 'me!', data: {answers: ['1']}})
    expect(wrong.status, wrong.text).to.equal(400)
    await carol.postMessage('room', {status: 'reply', reply_to: q.id, body: 'I can take 2', data: {answers: ['2']}})
    expect((await alice.history('room')).find((m) => m.id === q.id).pending_asks).to.deep.equal(['1'])
  })

  it('settles every unconsumed answer of a thread when consumes names the thread root', async () => {
    const q = await alice.postMessage('room', {body: 'q', status: 'open', data: {asks: [
      {id: '1', text: 'a?', to: ['bob']}, {id: '2', text: 'b?', to: ['carol']}]}})
    await bob.postMessage('room', {status: 'reply', reply_to: q.id, body: 'a', data: {answers: ['1']}})
    await carol.postMessage('room', {status: 'reply', reply_to: q.id, body: 'b', data: {answers: ['2']}})
    expect((await alice.owed()).to_consume).to.have.length(2)
    await alice.postMessage('room', {status: 'fyi', body: 'read both', data: {consumes: [`room#${q.seq}`]}})
    expect((await alice.owed()).to_consume).to.deep.equal([])
  })
})
