import {expect} from 'chai'
import fc from 'fast-check'
import {TestHub} from '../helpers/hub.js'
import type {Caller} from '../helpers/hub.js'

describe('work plane: store key kinds and their hub-enforced rules', () => {
  let t = 1_800_000_000
  let h: TestHub
  let owner: Caller
  let bob: Caller
  let carol: Caller
  let olga: Caller
  let rex: Caller
  const put = (c: Caller, key: string, value: unknown, extra: Record<string, unknown> = {}) =>
    c.put(`/channels/room/store/${encodeURIComponent(key)}`, {value, ...extra})
  before(async () => {
    h = await TestHub.start({now: () => t})
    owner = await h.register('owner')
    bob = await h.register('bob')
    carol = await h.register('carol')
    olga = await h.register('olga', {operator: true})
    rex = await h.register('rex', {mission: 'report'})
    await h.channel(owner, 'room', [bob, carol, olga, rex])
    await h.channel(owner, 'elsewhere', [])
    await h.admin.ok('PUT', '/admin/delegation', {agent_id: 'rex', powers: ['reporting']})
  })
  after(async () => { await h.close() })

  // [writer, key, value, status, detail fragment]
  const refusals: Array<[() => Caller, string, unknown, number, string]> = [
    [() => bob, 'phase:build', {steward: 'bob', status: 'building'}, 403, "room's owner, an operator, a ruling/operational delegate or its steward"],
    [() => owner, 'phase:build', 'building', 400, 'phase:build must be a JSON object'],
    [() => owner, 'phase:build', {steward: 'zed'}, 400, "phase:build.steward names 'zed', who is not a member of 'room'"],
    [() => bob, 'queue:triage', ['x'], 403, 'queue: rows are kept by operators and reporting delegates'],
    [() => owner, 'ruling:style', {text: 'no force pushes'}, 403, 'ruling: rows are operator rulings'],
    [() => olga, 'ruling:style', {note: 'x'}, 400, 'must be the ruling\'s text'],
    [() => bob, 'gate:phase:build', {approved: true}, 403, "gate: rows are the room owner's approvals"],
    [() => owner, 'gate:phase:build', {approved: 'yes'}, 400, 'gate:phase:build.approved must be true or false'],
    [() => bob, 'work:parser', {status: 'planned'}, 400, 'work keys are work:<package>-<n>'],
    [() => bob, 'work:parser-1', {status: 'done'}, 400, 'work:parser-1.status must be one of proposed, planned, completed, deprecated'],
    [() => bob, 'claim:a', {owner: 'bob', needs_from: 'zed'}, 400, "claim:a.needs_from names 'zed', who is not a member of 'room'"],
    [() => bob, 'claim:a', {owner: 'bob', needs_from: []}, 400, 'needs_from must be a seat id or a list of 1-8 seat ids'],
    [() => bob, 'claim:a', {owner: 'bob', waiting_on: {channel: 'room', key: 'plan'}}, 400, 'waiting_on must be {channel, key, at_version}'],
    [() => bob, 'claim:a', {owner: 'bob', waiting_on: {channel: 'elsewhere', key: 'plan', at_version: 1}}, 403, "names 'elsewhere', which you are not a member of"],
    [() => bob, 'claim:a', {owner: 'bob', source_message_id: 'not a ref'}, 400, "source_message_id must be a message id or '<channel>#<seq>'"],
    [() => bob, 'claim:a', {owner: 'bob', blocked_on: 'x'.repeat(501)}, 400, 'claim:a.blocked_on is 501 characters; the limit is 500'],
  ]
  for (const [who, key, value, status, detail] of refusals) {
    it(`refuses ${key} ${JSON.stringify(value).slice(0, 60)} with ${status} and writes nothing`, async () => {
      const r = await put(who(), key, value)
      expect(r.status, r.text).to.equal(status)
      expect(r.body.detail).to.contain(detail)
      expect((await owner.get(`/channels/room/store/${encodeURIComponent(key)}`)).status).to.equal(404)
    })
  }

  it('stamps a phase with declared_by/declared_at, keeps the stamps on an identical rewrite, and lets the steward write it', async () => {
    const first = await owner.ok('PUT', '/channels/room/store/phase:ship', {value: {steward: 'bob', status: 'building'}})
    expect(first.value).to.deep.equal({steward: 'bob', status: 'building', declared_by: 'owner', declared_at: t})
    t += 10
    const again = await owner.ok('PUT', '/channels/room/store/phase:ship', {value: {steward: 'bob', status: 'building'}})
    expect(again.version).to.equal(first.version)
    const byBob = await bob.ok('PUT', '/channels/room/store/phase:ship', {value: {steward: 'bob', status: 'testing'}})
    expect(byBob.value).to.include({declared_by: 'bob', declared_at: t, status: 'testing'})
    expect((await carol.put('/channels/room/store/phase:ship', {value: {steward: 'carol'}})).status).to.equal(403)
  })

  it('gates completing a phase on an owner gate row when gated_acts names phase_complete', async () => {
    await owner.ok('PUT', '/channels/room/store/channel:meta', {value: {gated_acts: ['phase_complete']}})
    await owner.ok('PUT', '/channels/room/store/phase:gated', {value: {steward: 'bob', status: 'building'}})
    const refused = await bob.put('/channels/room/store/phase:gated', {value: {steward: 'bob', status: 'done'}})
    expect(refused.status).to.equal(409)
    expect(refused.body.detail).to.contain('PUT /channels/room/store/gate:phase:gated {"value":{"approved":true}}')
    await owner.ok('PUT', '/channels/room/store/gate:phase:gated', {value: {approved: true}})
    expect((await bob.ok('PUT', '/channels/room/store/phase:gated', {value: {steward: 'bob', status: 'done'}})).value.status).to.equal('done')
    await owner.ok('PUT', '/channels/room/store/channel:meta', {value: {}})
  })

  it('accepts queue rows from an operator or reporting delegate, rulings from an operator, and work rows with numbers sent as 2.0 and nulls as absent', async () => {
    expect((await rex.ok('PUT', '/channels/room/store/queue:triage', {value: ['a']})).version).to.equal(1)
    expect((await olga.ok('PUT', '/channels/room/store/ruling:style', {value: {text: 'no force pushes'}})).version).to.equal(1)
    const w = await bob.call('PUT', '/channels/room/store/work:parser-2', {value: {status: 'planned', title: 'streaming parser'}, expect_version: null})
    expect(w.status, w.text).to.equal(200)
    const c = await bob.ok('PUT', '/channels/room/store/claim:w2', {value: {owner: 'bob', status: 'parked', waiting_on: {channel: 'room', key: 'plan', at_version: 2.0}, needs_from: ['carol']}})
    expect(c.value.waiting_on).to.deep.equal({channel: 'room', key: 'plan', at_version: 2})
  })

  it('gives exactly one of 16 concurrent claimers the claim; the rest get 409, and naming someone else as owner is 403', async () => {
    const seats: Caller[] = []
    for (let i = 0; i < 16; i++) seats.push(await h.register(`claimer-${i}`))
    await h.channel(owner, 'race', seats)
    const results = await Promise.all(seats.map(s => s.put('/channels/race/store/claim:prize', {value: {owner: s.id, status: 'working'}, expect_version: 0})))
    expect(results.filter(r => r.status === 200)).to.have.length(1)
    expect(results.filter(r => r.status === 409)).to.have.length(15)
    const winner = results.find(r => r.status === 200)?.body.value.owner
    const row = await owner.ok('GET', '/channels/race/store/claim:prize')
    expect(row).to.include({version: 1})
    expect(row.value.owner).to.equal(winner)
    const loser = seats.find(s => s.id !== winner) as Caller
    const third = seats.find(s => s.id !== winner && s.id !== loser.id) as Caller
    const stale = await loser.put('/channels/race/store/claim:prize', {value: {owner: loser.id, status: 'mine now'}, expect_version: 0})
    expect(stale.status).to.equal(409)
    expect(stale.body.detail).to.contain('current version is 1')
    const forged = await third.put('/channels/race/store/claim:prize', {value: {owner: loser.id}, expect_version: 1})
    expect(forged.status).to.equal(403)
    expect((await owner.ok('GET', '/channels/race/store/claim:prize')).version).to.equal(1)
  })

  it('refuses any work key that is not <package>-<n> (generated)', async () => {
    await fc.assert(fc.asyncProperty(fc.string({minLength: 1, maxLength: 20}).filter(s => !/^[a-z0-9][a-z0-9._]*(?:-[a-z0-9._]+)*-[0-9]+$/.test(s)), async item => {
      const r = await bob.put(`/channels/room/store/${encodeURIComponent('work:' + item)}`, {value: {status: 'planned'}})
      expect(r.status).to.be.oneOf([400, 404])
    }), {numRuns: 40})
  })

  it('answers arbitrary park/wait fields and ruling-ack bodies with 200 or a teaching 4xx, and a refused write changes nothing (generated)', async () => {
    await bob.ok('PUT', '/channels/room/store/claim:fuzz', {value: {owner: 'bob', status: 'working'}})
    const field = fc.constantFrom('needs_from', 'waiting_on', 'blocked_on', 'needs', 'source_message_id')
    await fc.assert(fc.asyncProperty(field, fc.jsonValue({maxDepth: 3}), async (name, value) => {
      const before = await bob.ok('GET', '/channels/room/store/claim:fuzz')
      const r = await bob.put('/channels/room/store/claim:fuzz', {value: {owner: 'bob', status: 'working', [name]: value}})
      expect(r.status, r.text).to.be.oneOf([200, 400, 403])
      if (r.status !== 200) {
        expect(r.body.detail).to.be.a('string').and.match(/[a-z]/)
        expect(await bob.ok('GET', '/channels/room/store/claim:fuzz')).to.deep.equal(before)
      } else {
        await bob.ok('PUT', '/channels/room/store/claim:fuzz', {value: {owner: 'bob', status: 'working'}})
      }
      const ack = await bob.post('/channels/room/ruling-acks', {keys: value})
      expect(ack.status, ack.text).to.be.oneOf([200, 400, 404, 422])
    }), {numRuns: 60})
  })
})
