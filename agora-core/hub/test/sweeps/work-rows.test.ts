import {expect} from 'chai'
import {TestHub} from '../helpers/hub.js'
import type {Caller} from '../helpers/hub.js'

describe('sweeps: work-row hygiene (claim-due, resume, blocker, steward)', () => {
  let t = 1_800_000_000
  let h: TestHub
  let alice: Caller
  let bob: Caller
  const rings = async (who: Caller, prefix: string) => (await who.history('room')).filter(m => m.sender === 'hub' && m.title.startsWith(prefix))
  const work = async () => (await h.hub.runSweeps(['work_rows'])).results.work_rows
  beforeEach(async () => {
    t = 1_800_000_000
    h = await TestHub.start({now: () => t})
    alice = await h.register('alice')
    bob = await h.register('bob')
    await h.channel(alice, 'room', [bob])
  })
  afterEach(async () => { await h.close() })

  it('pings a claim owner once per version when the claim outlives its cadence_minutes, as an fyi that creates no debt', async () => {
    await bob.ok('PUT', '/channels/room/store/claim:parser', {value: {owner: 'bob', status: 'working', cadence_minutes: 30}})
    t += 30 * 60
    expect(await work()).to.deep.equal([])
    t += 60
    expect(await work()).to.deep.equal(['claim-due:room/claim:parser'])
    expect(await work()).to.deep.equal([])
    const [ring] = await rings(bob, 'CLAIM DUE')
    expect(ring).to.include({kind: 'system', status: 'fyi'})
    expect(ring.to).to.deep.equal(['bob'])
    expect((await bob.owed()).to_answer).to.deep.equal([])
    await bob.ok('PUT', '/channels/room/store/claim:parser', {value: {owner: 'bob', status: 'working', cadence_minutes: 30, note: 'slice 2'}})
    t += 31 * 60
    expect(await work()).to.deep.equal(['claim-due:room/claim:parser'])
  })

  it('never pings a done, parked or cadence-free claim', async () => {
    await bob.ok('PUT', '/channels/room/store/claim:a', {value: {owner: 'bob', status: 'done', cadence_minutes: 5}})
    await bob.ok('PUT', '/channels/room/store/claim:b', {value: {owner: 'bob', status: 'parked until friday', cadence_minutes: 5}})
    await bob.ok('PUT', '/channels/room/store/claim:c', {value: {owner: 'bob', status: 'working'}})
    await bob.ok('PUT', '/channels/room/store/claim:d', {value: {owner: 'bob', status: 'working', done: true, cadence_minutes: 5}})
    t += 3 * 3600
    expect(await work()).to.deep.equal([])
  })

  it('rings RESUME once when the row a parked claim waits on moves past at_version', async () => {
    await alice.ok('PUT', '/channels/room/store/plan', {value: 'v1'})
    await bob.ok('PUT', '/channels/room/store/claim:x', {value: {owner: 'bob', status: 'parked', waiting_on: {channel: 'room', key: 'plan', at_version: 1}}})
    expect(await work()).to.deep.equal([])
    await alice.ok('PUT', '/channels/room/store/plan', {value: 'v2'})
    expect(await work()).to.deep.equal(['resume:room/claim:x'])
    expect(await work()).to.deep.equal([])
    const [ring] = await rings(bob, 'RESUME')
    expect(ring.to).to.deep.equal(['bob'])
    expect(ring.body).to.equal('RESUME: claim:x waits on room/plan, which moved from v1 to v2')
  })

  it('tells the seat named in needs_from YOU ARE THE BLOCKER once the claim has waited a full SLA', async () => {
    await bob.ok('PUT', '/channels/room/store/claim:y', {value: {owner: 'bob', status: 'blocked', needs_from: 'alice', needs: 'the schema'}})
    t += 60 * 60
    expect(await work()).to.deep.equal([])
    t += 1
    expect(await work()).to.deep.equal(['blocker:room/claim:y'])
    expect(await work()).to.deep.equal([])
    const [ring] = await rings(alice, 'YOU ARE THE BLOCKER')
    expect(ring.to).to.deep.equal(['alice'])
    expect(ring.body).to.contain("bob's claim:y waits on you (needs: the schema)")
    expect((await alice.owed()).to_answer).to.deep.equal([])
  })

  it('pings a phase steward when the phase has not moved for a day, and not for a finished phase', async () => {
    await alice.ok('PUT', '/channels/room/store/phase:build', {value: {steward: 'bob', status: 'building', next: 'wire it'}})
    await alice.ok('PUT', '/channels/room/store/phase:old', {value: {steward: 'bob', status: 'complete'}})
    t += 24 * 3600 + 1
    expect(await work()).to.deep.equal(['steward:room/phase:build'])
    expect(await work()).to.deep.equal([])
    expect((await rings(bob, 'PHASE STALE'))[0].to).to.deep.equal(['bob'])
  })
})
