import {expect} from 'chai'
import {type Caller, TestHub} from '../../helpers/hub.js'
import {setMeta} from '../../helpers/meta.js'
import {only, the} from '../../../../../test/helpers/present.js'

// 2027-03-14 23:58:00 UTC: two minutes before a UTC midnight, so the daily cap can be crossed.
const BEFORE_MIDNIGHT = Date.UTC(2027, 2, 14, 23, 58) / 1000
const ZERO = {score: 0, up: 0, down: 0, raters: 0}

// The leaderboard's counting rule, scenario by scenario; every expectation is worked out by hand from
// docs/protocol.md "Reputation": a rater's counted votes on a target in a category are one voice.
describe('reputation leaderboard counting', () => {
  let h: TestHub
  let alice: Caller, bob: Caller, carol: Caller
  let clock = BEFORE_MIDNIGHT
  const post = async (who: Caller, body: string, channel = 'room') => {
    clock += 1
    return who.postMessage(channel, {body})
  }
  const rate = (who: Caller, m: {id: string}, value: number, channel = 'room') => who.ok('PUT', `/channels/${channel}/messages/${m.id}/rating`, {value})
  const vote = (who: Caller, target: string, axis: string, value: number) => who.ok('PUT', `/channels/room/reputation/${target}`, {axis, value})
  const rows = async (who: Caller, path = '/channels/room/reputation') => (await who.ok('GET', path)).leaderboard
  const row = async (who: Caller, path?: string) => only(await rows(who, path))

  beforeEach(async () => {
    clock = BEFORE_MIDNIGHT
    h = await TestHub.start({now: () => clock})
    alice = await h.register('alice')
    bob = await h.register('bob')
    carol = await h.register('carol')
    await h.channel(alice, 'room', [bob, carol])
  })
  afterEach(async () => { await h.close() })

  it('counts a flipped rating once, with its new sign', async () => {
    const m = await post(alice, 'first result')
    await rate(bob, m, 1)
    await rate(bob, m, -1)
    expect(await row(carol)).to.deep.equal({target: 'alice', score: -1, raters: 1, votes: {up: 0, down: 1},
      breakdown: {general: {score: -1, up: 0, down: 1, raters: 1}, trust: ZERO, wisdom: ZERO, thorough: ZERO, helper: ZERO}})
  })

  it('forgets a withdrawn rating or vote: the voice, the rater and the raw vote go', async () => {
    const m = await post(alice, 'first result')
    await rate(bob, m, 1)
    await rate(carol, m, -1)
    await vote(carol, 'alice', 'trust', -1)
    await carol.ok('DELETE', `/channels/room/messages/${m.id}/rating`)
    let r = await row(bob)
    expect(r).to.deep.include({score: 0, raters: 2, votes: {up: 1, down: 1}})
    expect(r.breakdown.general).to.deep.equal({score: 1, up: 1, down: 0, raters: 1})
    expect(r.breakdown.trust).to.deep.equal({score: -1, up: 0, down: 1, raters: 1})
    await carol.ok('DELETE', '/channels/room/reputation/alice')
    r = await row(bob)
    expect(r).to.deep.include({score: 1, raters: 1, votes: {up: 1, down: 0}})
    await bob.ok('DELETE', `/channels/room/messages/${m.id}/rating`)
    expect(await rows(bob), 'no standing vote, no row').to.deep.equal([])
  })

  it('keeps a net-zero rater engaged with no voice: raters counts them, up and down do not', async () => {
    const m1 = await post(alice, 'one')
    const m2 = await post(alice, 'two')
    await rate(bob, m1, 1)
    await rate(bob, m2, -1)
    expect(await row(carol)).to.deep.equal({target: 'alice', score: 0, raters: 1, votes: {up: 1, down: 1},
      breakdown: {general: {score: 0, up: 0, down: 0, raters: 1}, trust: ZERO, wisdom: ZERO, thorough: ZERO, helper: ZERO}})
  })

  it('collapses each category on its own and sums the categories into the score', async () => {
    const m1 = await post(alice, 'one')
    const m2 = await post(alice, 'two')
    await rate(bob, m1, 1)
    await vote(bob, 'alice', 'trust', -1)
    await vote(bob, 'alice', 'wisdom', 1)
    await rate(carol, m1, -1)
    await rate(carol, m2, -1)
    await vote(carol, 'alice', 'trust', 1)
    await vote(carol, 'alice', 'helper', -1)
    await vote(carol, 'bob', 'thorough', 1)
    expect(await rows(alice)).to.deep.equal([
      {target: 'bob', score: 1, raters: 1, votes: {up: 1, down: 0},
        breakdown: {general: ZERO, trust: ZERO, wisdom: ZERO, thorough: {score: 1, up: 1, down: 0, raters: 1}, helper: ZERO}},
      {target: 'alice', score: 0, raters: 2, votes: {up: 3, down: 4}, breakdown: {
        general: {score: 0, up: 1, down: 1, raters: 2},
        trust: {score: 0, up: 1, down: 1, raters: 2},
        wisdom: {score: 1, up: 1, down: 0, raters: 1},
        thorough: ZERO,
        helper: {score: -1, up: 0, down: 1, raters: 1}}},
    ])
  })

  it('collapses a rater across channels on the hub-wide board and counts the channels with input', async () => {
    await h.channel(alice, 'lab', [carol])
    await rate(carol, await post(alice, 'in room'), 1)
    await rate(carol, await post(alice, 'in lab', 'lab'), -1, 'lab')
    expect((await row(bob)).breakdown.general).to.deep.equal({score: 1, up: 1, down: 0, raters: 1})
    expect(await row(carol, '/channels/lab/reputation')).to.deep.include({score: -1, raters: 1, votes: {up: 0, down: 1}}).and.not.have.property('channels')
    const forCarol = await row(carol, '/reputation')
    expect(forCarol).to.deep.include({target: 'alice', score: 0, raters: 1, votes: {up: 1, down: 1}, channels: 2})
    expect(forCarol.breakdown.general, 'carol nets 0 across room and lab').to.deep.equal({score: 0, up: 0, down: 0, raters: 1})
    const forBob = await row(bob, '/reputation')
    expect(forBob, 'bob is not in lab: only room counts for him').to.deep.include({score: 1, raters: 1, votes: {up: 1, down: 0}, channels: 1})
  })

  it('applies the daily cap before collapsing, so uncounted votes never tip a voice, and a new UTC day counts again', async () => {
    await setMeta(h.dbPath, 'rating_daily_cap', '1')
    const msgs = [await post(alice, 'm0'), await post(alice, 'm1'), await post(alice, 'm2'), await post(alice, 'm3')]
    // One second for all three, so the cap keeps the earliest by message id: m0's -1.
    await rate(bob, the(msgs, 0), -1)
    await rate(bob, the(msgs, 1), 1)
    await rate(bob, the(msgs, 2), 1)
    let r = await row(carol)
    expect(r).to.deep.include({score: -1, raters: 1, votes: {up: 0, down: 1}})
    expect(r.breakdown.general, 'stored: -1 +1 +1 (net +1); counted: -1').to.deep.equal({score: -1, up: 0, down: 1, raters: 1})
    clock = BEFORE_MIDNIGHT + 180 // 00:01 UTC the next day
    await rate(bob, the(msgs, 3), 1)
    r = await row(carol)
    expect(r).to.deep.include({score: 0, raters: 1, votes: {up: 1, down: 1}})
    expect(r.breakdown.general, 'day one -1, day two +1: net 0, engaged without a voice').to.deep.equal({score: 0, up: 0, down: 0, raters: 1})
    expect(await row(carol, '/channels/room/reputation?target=alice'), '?target= counts the same way').to.deep.equal(r)
  })

  it('leaves ratings on a retracted message out of the net', async () => {
    const m1 = await post(alice, 'kept')
    const m2 = await post(alice, 'taken back')
    await rate(bob, m1, 1)
    await rate(bob, m2, -1)
    await alice.ok('POST', `/channels/room/messages/${m2.id}/retract`)
    expect(await row(carol)).to.deep.include({score: 1, raters: 1, votes: {up: 1, down: 0}})
  })
})
