import {expect} from 'chai'
import {TestHub} from '../helpers/hub.js'
import type {Caller} from '../helpers/hub.js'

// GET /debts is every seat's /owed to_answer in one list for the operator: the rows are written from
// the rules (who is named, who answered, who closed), then checked seat by seat against /owed.
describe('GET /debts: who owes whom across the hub', () => {
  const T0 = 1_800_000_000
  let t = T0
  let h: TestHub
  let alice: Caller, bob: Caller, carol: Caller, olga: Caller
  let toBob: any, asks: any, directive: any, side: any
  before(async () => {
    h = await TestHub.start({now: () => t})
    ;[alice, bob, carol] = [await h.register('alice'), await h.register('bob'), await h.register('carol')]
    olga = await h.register('olga', {operator: true})
    await h.channel(alice, 'room', [bob, carol, olga])
    await h.channel(bob, 'side', [carol])
    toBob = await alice.postMessage('room', {status: 'open', title: 'to bob', to: ['bob']})
    asks = await alice.postMessage('room', {status: 'open', title: 'two asks', asks: [{id: 'a1', text: 'x?', to: ['bob']}, {id: 'a2', text: 'y?', to: ['carol']}]})
    await bob.postMessage('room', {status: 'reply', reply_to: asks.id, body: 'a1', answers: ['a1']})
    const closed = await alice.postMessage('room', {status: 'open', title: 'closed', to: ['bob']})
    await alice.postMessage('room', {status: 'resolved', reply_to: closed.id, body: 'never mind'})
    directive = await olga.postMessage('room', {status: 'fyi', title: 'directive', body: 'do the thing', to: ['carol']})
    t = T0 + 30
    side = await bob.postMessage('side', {status: 'open', title: 'side question', to: ['carol']})
    t = T0 + 2 * 3600
  })
  after(async () => { await h.close() })

  it('refuses a seat that is not an operator and names the route that serves it', async () => {
    const res = await bob.get('/debts')
    expect(res.status).to.equal(403)
    expect(res.body.detail).to.contain('GET /owed')
  })

  it('refuses a query parameter it does not take, changing nothing', async () => {
    const res = await olga.get('/debts?seat=bob')
    expect(res.status).to.equal(422)
    expect(JSON.stringify(res.body.detail)).to.contain('seat')
    expect((await olga.ok('GET', '/debts')).debts).to.have.length(4)
  })

  it('lists one row per seat that owes, oldest first, with kind, pause-adjusted age and the room SLA', async () => {
    const d = await olga.ok('GET', '/debts')
    expect(d.debts.map((r: any) => [r.debtor, r.creditor, r.channel, r.id, r.kind])).to.deep.equal([
      ['bob', 'alice', 'room', toBob.id, 'answer'],
      ['carol', 'alice', 'room', asks.id, 'ask'],
      ['carol', 'olga', 'room', directive.id, 'directive'],
      ['carol', 'bob', 'side', side.id, 'answer'],
    ])
    expect(d.debts[0]).to.include({seq: toBob.seq, title: 'to bob', created_at: T0, age_s: 7200, sla_minutes: 60, escalated: true})
    expect(d.debts[3]).to.include({age_s: 7170})
    expect(d).to.include({truncated: false, computed_at: T0 + 7200})
  })

  it('agrees with every seat’s own /owed to_answer', async () => {
    const d = await olga.ok('GET', '/debts')
    for (const s of [alice, bob, carol, olga]) {
      const own = (await s.owed()).to_answer.map((r: any) => r.id).sort()
      expect(d.debts.filter((r: any) => r.debtor === s.id).map((r: any) => r.id).sort(), s.id).to.deep.equal(own)
    }
  })

  it('drops a row once its thread closes: an ask answered, or the asker resolving', async () => {
    await carol.postMessage('room', {status: 'reply', reply_to: asks.id, body: 'a2', answers: ['a2']})
    await alice.postMessage('room', {status: 'resolved', reply_to: toBob.id, body: 'done, thanks'})
    const d = await olga.ok('GET', '/debts')
    expect(d.debts.map((r: any) => r.id)).to.deep.equal([directive.id, side.id])
  })
})
