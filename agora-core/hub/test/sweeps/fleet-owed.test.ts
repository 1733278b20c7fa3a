import {expect} from 'chai'
import {TestHub} from '../helpers/hub.js'
import type {Caller} from '../helpers/hub.js'

// The sweeps read every seat's to_answer from one fleet-wide pass over open threads (FleetOwed);
// GET /owed computes it per seat. The escalation re-wake fires once per to_answer row past 1×SLA,
// so its output must name exactly the rows GET /owed serves, seat by seat.
describe('sweeps: the fleet-wide to_answer agrees with GET /owed', () => {
  let t = 1_800_000_000
  let h: TestHub
  afterEach(async () => { await h.close() })

  it('names the same debts as every seat’s /owed across asks, canvass, replies, linked claims, closure and reporting delegates', async () => {
    h = await TestHub.start({now: () => t})
    const [alice, bob, carol, dave] = [await h.register('alice'), await h.register('bob'), await h.register('carol'), await h.register('dave', {mission: 'report'})]
    const olga = await h.register('olga', {operator: true})
    await h.channel(alice, 'room', [bob, carol, dave, olga])
    await h.admin.ok('PUT', '/admin/delegation', {agent_id: 'dave', powers: ['reporting'], scope: 'room'})
    await h.channel(bob, 'side', [carol])
    const seatsList: Caller[] = [alice, bob, carol, dave, olga]
    await alice.postMessage('room', {status: 'open', title: 'to bob', to: ['bob']})
    const asks = await alice.postMessage('room', {status: 'open', title: 'two asks', asks: [{id: 'a1', text: 'x?', to: ['bob', 'carol']}, {id: 'a2', text: 'y?', to: ['carol']}]})
    await bob.postMessage('room', {status: 'reply', reply_to: asks.id, body: 'a1', answers: ['a1']})
    const linked = await alice.postMessage('room', {status: 'open', title: 'linked', to: ['carol']})
    await carol.postMessage('room', {status: 'reply', reply_to: linked.id, body: 'on it'})
    await carol.ok('PUT', '/channels/room/store/claim:linked', {value: {owner: 'carol', status: 'working', source_message_id: linked.id}})
    const closed = await alice.postMessage('room', {status: 'open', title: 'closed', to: ['bob']})
    await alice.postMessage('room', {status: 'resolved', reply_to: closed.id, body: 'never mind'})
    await olga.postMessage('room', {status: 'open', title: 'operator ask', to: ['carol']})
    await olga.postMessage('room', {status: 'fyi', title: 'directive', body: 'do the thing', to: ['bob']})
    const peer = await bob.postMessage('side', {status: 'open', title: 'side question'})
    await carol.postMessage('side', {status: 'reply', reply_to: peer.id, body: 'answer', to: ['bob']})
    t += 61 * 60
    const expected: string[] = []
    for (const s of seatsList) for (const r of (await s.owed()).to_answer) expected.push(`${s.id}:${r.id}:band1x`)
    const got = (await h.hub.runSweeps(['wakes'])).results.wakes as string[]
    expect(got.sort()).to.deep.equal(expected.sort())
    expect(expected.length).to.be.greaterThan(4)
  })
})
