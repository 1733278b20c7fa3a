import {expect} from 'chai'
import Database from 'better-sqlite3'
import {type Caller, TestHub} from '../../helpers/hub.js'
import {the} from '../../../../../test/helpers/present.js'

// 2027-03-14 23:58:00 UTC: two minutes before a UTC midnight, so the daily cap can be crossed.
const BEFORE_MIDNIGHT = Date.UTC(2027, 2, 14, 23, 58) / 1000

describe('reputation routes', () => {
  let h: TestHub
  let alice: Caller, bob: Caller, carol: Caller, dave: Caller
  let clock = BEFORE_MIDNIGHT
  // A second per post keeps long setups inside the posting bucket (burst 20, refilled each second here).
  const post = async (who: Caller, body: string, extra: Record<string, unknown> = {}) => {
    clock += 1
    return who.postMessage('room', {body, ...extra})
  }
  const rate = (who: Caller, ref: string, value: unknown, note?: unknown) => who.put(`/channels/room/messages/${ref}/rating`, note === undefined ? {value} : {value, note})
  const board = async (who: Caller, path = '/channels/room/reputation') => (await who.ok('GET', path))
  const setCap = (cap: number) => {
    const db = new Database(h.dbPath)
    db.prepare(`INSERT INTO meta (key, value) VALUES ('rating_daily_cap', ?) ON CONFLICT (key) DO UPDATE SET value = excluded.value`).run(String(cap))
    db.close()
  }

  beforeEach(async () => {
    clock = BEFORE_MIDNIGHT
    h = await TestHub.start({now: () => clock})
    alice = await h.register('alice')
    bob = await h.register('bob')
    carol = await h.register('carol')
    dave = await h.register('dave')
    await h.channel(alice, 'room', [bob, carol])
  })
  afterEach(async () => { await h.close() })

  it('stores one live agent vote per axis and a second PUT replaces the first', async () => {
    const first = await alice.ok('PUT', '/channels/room/reputation/bob', {axis: 'trust', value: 1, note: 'shipped the fix'})
    expect(first).to.deep.equal({channel: 'room', target: 'bob', rater: 'alice', axis: 'trust', value: 1, note: 'shipped the fix', created_at: clock})
    clock += 5
    await alice.ok('PUT', '/channels/room/reputation/bob', {axis: 'trust', value: -1})
    await alice.ok('PUT', '/channels/room/reputation/bob', {axis: 'wisdom', value: 1.0})
    const votes = await carol.ok('GET', '/channels/room/reputation/bob/votes')
    expect(votes).to.deep.equal({channel: 'room', target: 'bob', votes: [
      {rater: 'alice', category: 'trust', message_id: null, value: -1, note: '', created_at: clock},
      {rater: 'alice', category: 'wisdom', message_id: null, value: 1, note: '', created_at: clock},
    ]})
  })

  it('withdraws one axis with ?axis= and every axis without it', async () => {
    for (const axis of ['trust', 'wisdom', 'helper']) await alice.ok('PUT', '/channels/room/reputation/bob', {axis, value: 1})
    expect(await alice.ok('DELETE', '/channels/room/reputation/bob?axis=trust')).to.deep.equal({channel: 'room', target: 'bob', axis: 'trust', removed: 1})
    expect(await alice.ok('DELETE', '/channels/room/reputation/bob')).to.deep.equal({channel: 'room', target: 'bob', axis: null, removed: 2})
    expect((await alice.ok('GET', '/channels/room/reputation/bob/votes')).votes).to.deep.equal([])
  })

  it('refuses agent votes the spec names, and a refused vote stores nothing', async () => {
    const cases: Array<[Caller, string, unknown, number]> = [
      [alice, '/channels/room/reputation/alice', {axis: 'trust', value: 1}, 400],
      [alice, '/channels/room/reputation/dave', {axis: 'trust', value: 1}, 400],
      [alice, '/channels/room/reputation/nobody', {axis: 'trust', value: 1}, 404],
      [alice, '/channels/room/reputation/bob', {axis: 'charm', value: 1}, 422],
      [alice, '/channels/room/reputation/bob', {axis: 'trust', value: 2}, 400],
      [alice, '/channels/room/reputation/bob', {axis: 'trust', value: 0.5}, 422],
      [alice, '/channels/room/reputation/bob', {axis: 'trust', value: 1, note: 'x'.repeat(281)}, 400],
      [dave, '/channels/room/reputation/bob', {axis: 'trust', value: 1}, 403],
      [alice, '/channels/nowhere/reputation/bob', {axis: 'trust', value: 1}, 404],
      [h.admin, '/channels/room/reputation/bob', {axis: 'trust', value: 1}, 403],
    ]
    for (const [who, path, body, status] of cases) {
      const r = await who.put(path, body)
      expect(r.status, `${who.id} PUT ${path} ${JSON.stringify(body).slice(0, 60)}: ${r.text}`).to.equal(status)
    }
    expect((await board(alice)).leaderboard).to.deep.equal([])
  })

  it('refuses votes and ratings from non-operators while the hub is paused (423)', async () => {
    const m = await post(bob, 'a finding')
    await h.admin.ok('PUT', '/admin/pause', {reason: 'maintenance'})
    expect((await alice.put('/channels/room/reputation/bob', {axis: 'trust', value: 1})).status).to.equal(423)
    expect((await rate(alice, m.id, 1)).status).to.equal(423)
  })

  it('carries real ratings {up,down,mine} on history and by-seq rows, with flip and withdraw', async () => {
    const m = await post(bob, 'the cache key is the tenant id')
    expect((await rate(alice, m.id, 1, 'confirmed')).body).to.deep.equal({channel: 'room', message_id: m.id, seq: m.seq, target: 'bob', rater: 'alice', value: 1, note: 'confirmed', created_at: clock})
    await rate(carol, `${m.seq}`, -1)
    const row = (await alice.history('room')).find(r => r.id === m.id)
    expect(row.ratings).to.deep.equal({up: 1, down: 1, mine: 1})
    expect((await carol.ok('GET', `/channels/room/messages/by-seq/${m.seq}`)).ratings).to.deep.equal({up: 1, down: 1, mine: -1})
    expect((await bob.ok('GET', `/channels/room/messages/by-seq/${m.seq}`)).ratings).to.deep.equal({up: 1, down: 1, mine: 0})
    await rate(carol, m.id, 1)
    expect((await carol.ok('GET', `/channels/room/messages/by-seq/${m.seq}`)).ratings).to.deep.equal({up: 2, down: 0, mine: 1})
    expect(await carol.ok('DELETE', `/channels/room/messages/${m.id}/rating`)).to.deep.equal({channel: 'room', message_id: m.id, removed: true})
    expect(await carol.ok('DELETE', `/channels/room/messages/${m.id}/rating`)).to.deep.equal({channel: 'room', message_id: m.id, removed: false})
    const ratings = await bob.ok('GET', `/channels/room/messages/${m.id}/ratings`)
    expect(ratings).to.deep.equal({channel: 'room', message_id: m.id, seq: m.seq, up: 1, down: 0, mine: 0,
      ratings: [{rater: 'alice', value: 1, note: 'confirmed', created_at: clock}]})
  })

  it('refuses ratings on own (400), system (400), fs (400), retracted (409) and unknown (404) messages', async () => {
    const own = await post(alice, 'mine')
    const retracted = await post(bob, 'oops')
    await bob.ok('POST', `/channels/room/messages/${retracted.id}/retract`)
    await alice.ok('PUT', '/channels/room/fs/notes.md', {content: 'hello'})
    const hist = await alice.history('room')
    const system = hist.find(r => r.kind === 'system')
    const fs = hist.find(r => r.kind === 'fs' && r.sender === 'alice')
    expect((await rate(alice, own.id, 1)).status).to.equal(400)
    expect((await rate(bob, system.id, 1)).status).to.equal(400)
    expect((await rate(bob, fs.id, 1)).status).to.equal(400)
    expect((await rate(alice, retracted.id, 1)).status).to.equal(409)
    expect((await rate(alice, '01ARZ3NDEKTSV4RRFFQ69G5FAV', 1)).status).to.equal(404)
    expect((await rate(alice, '9999', 1)).status).to.equal(404)
    expect((await rate(alice, retracted.id, 3)).status, 'the value is checked before the message').to.equal(400)
  })

  it('budgets ratings at 30 per rolling minute with 429 and Retry-After', async () => {
    const msgs = []
    for (let i = 0; i < 31; i++) msgs.push(await post(bob, `finding ${i}`))
    for (let i = 0; i < 30; i++) expect((await rate(alice, msgs[i].id, 1)).status).to.equal(200)
    const refused = await rate(alice, msgs[30].id, 1)
    expect(refused.status).to.equal(429)
    expect(Number(refused.headers['retry-after'])).to.be.within(1, 60)
    expect((await rate(carol, msgs[30].id, 1)).status, 'the budget is per rater').to.equal(200)
    clock += 60
    expect((await rate(alice, msgs[30].id, 1)).status).to.equal(200)
  })

  it('serves the leaderboard with raw net per category, fixed categories and the documented order', async () => {
    const m1 = await post(bob, 'one')
    const m2 = await post(bob, 'two')
    await rate(alice, m1.id, -1)
    await rate(alice, m2.id, -1)
    await rate(carol, m1.id, 1)
    await carol.ok('PUT', '/channels/room/reputation/alice', {axis: 'helper', value: 1})
    const zero = {score: 0, up: 0, down: 0, raters: 0}
    expect(await board(carol)).to.deep.equal({channel: 'room', categories: ['general', 'trust', 'wisdom', 'thorough', 'helper'], leaderboard: [
      {target: 'alice', score: 1, raters: 1, votes: {up: 1, down: 0}, breakdown: {general: zero, trust: zero, wisdom: zero, thorough: zero, helper: {score: 1, up: 1, down: 0, raters: 1}}},
      {target: 'bob', score: -1, raters: 2, votes: {up: 1, down: 2}, breakdown: {general: {score: -1, up: 1, down: 2, raters: 2}, trust: zero, wisdom: zero, thorough: zero, helper: zero}},
    ]})
  })

  it('breaks score ties by raters, then by target id', async () => {
    await h.channel(alice, 'tie', [bob, carol, dave])
    await alice.ok('PUT', '/channels/tie/reputation/dave', {axis: 'trust', value: 1})
    await alice.ok('PUT', '/channels/tie/reputation/carol', {axis: 'trust', value: 1})
    await bob.ok('PUT', '/channels/tie/reputation/bob'.replace('bob', 'alice'), {axis: 'trust', value: 1})
    await carol.ok('PUT', '/channels/tie/reputation/alice', {axis: 'wisdom', value: 1})
    await dave.ok('PUT', '/channels/tie/reputation/alice', {axis: 'thorough', value: -1})
    const rows = (await board(alice, '/channels/tie/reputation')).leaderboard.map((r: any) => `${r.target}:${r.score}:${r.raters}`)
    expect(rows).to.deep.equal(['alice:1:3', 'carol:1:1', 'dave:1:1'])
  })

  it('counts at most the daily cap per rater, target and category, and a new UTC day counts again', async function () {
    // The cap is a meta row an operator writes by hand; this test writes it into the SQLite file.
    if (process.env.AGORA_TEST_DB?.trim() === 'postgres') this.skip()
    setCap(2)
    const msgs = []
    for (let i = 0; i < 5; i++) msgs.push(await post(bob, `note ${i}`))
    for (let i = 0; i < 3; i++) await rate(alice, msgs[i].id, 1)
    await alice.ok('PUT', '/channels/room/reputation/bob', {axis: 'trust', value: 1})
    let bobRow = (await board(carol)).leaderboard[0]
    expect(bobRow).to.include({target: 'bob', score: 3, raters: 1})
    expect(bobRow.breakdown.general).to.deep.equal({score: 2, up: 2, down: 0, raters: 1})
    clock = BEFORE_MIDNIGHT + 180 // 00:01 UTC the next day
    await rate(alice, msgs[3].id, 1)
    await rate(alice, msgs[4].id, 1)
    bobRow = (await board(carol)).leaderboard[0]
    expect(bobRow.breakdown.general, 'two more count on the new day; the third of day one stays stored but uncounted').to.deep.equal({score: 4, up: 4, down: 0, raters: 1})
    expect((await carol.ok('GET', `/channels/room/messages/by-seq/${msgs[2].seq}`)).ratings, 'the stored rating still shows on its row').to.deep.equal({up: 1, down: 0, mine: 0})
  })

  it('defaults the daily cap to 50', async () => {
    clock = BEFORE_MIDNIGHT + 300 // 00:03 UTC: the whole test stays inside one day
    const msgs = []
    for (let i = 0; i < 52; i++) msgs.push(await post(bob, `n${i}`))
    const raters = [alice, carol]
    for (let i = 0; i < 52; i++) {
      if (i === 30) clock += 61
      expect((await rate(the(raters, 0), the(msgs, i).id, 1)).status).to.equal(200)
    }
    expect((await board(carol)).leaderboard[0].breakdown.general).to.deep.equal({score: 50, up: 50, down: 0, raters: 1})
  })

  it('keeps every concurrent rater\'s vote', async () => {
    const seats = [alice, carol]
    for (let i = 0; i < 8; i++) {
      const s = await h.register(`r${i}`)
      const inv = await alice.ok('POST', '/channels/room/invites', {agent_id: s.id})
      await s.ok('POST', '/channels/room/join', {invite_token: inv.invite_token})
      seats.push(s)
    }
    const m = await post(bob, 'rate me')
    const answers = await Promise.all(seats.map(s => rate(s, m.id, 1)))
    expect(answers.map(a => a.status)).to.deep.equal(seats.map(() => 200))
    expect((await bob.ok('GET', `/channels/room/messages/by-seq/${m.seq}`)).ratings).to.deep.equal({up: 10, down: 0, mine: 0})
    expect((await board(bob)).leaderboard[0]).to.include({target: 'bob', score: 10, raters: 10})
  })

  it('scopes the hub-wide board to the caller\'s channels and counts the channels per row without naming them (the reference\'s typed board: channels is an integer)', async () => {
    await h.channel(carol, 'secret', [dave])
    await dave.ok('PUT', '/channels/secret/reputation/carol', {axis: 'trust', value: 1})
    await alice.ok('PUT', '/channels/room/reputation/carol', {axis: 'wisdom', value: 1})
    const forBob = await board(bob, '/reputation')
    expect(forBob.channel).to.equal(null)
    expect(forBob.leaderboard).to.have.length(1)
    expect(forBob.leaderboard[0]).to.include({target: 'carol', score: 1, raters: 1})
    expect(forBob.leaderboard[0].channels).to.equal(1)
    const forCarol = await board(carol, '/reputation')
    expect(forCarol.leaderboard[0]).to.include({target: 'carol', score: 2, raters: 2})
    expect(forCarol.leaderboard[0].channels).to.equal(2)
  })

  it('drops the rater\'s votes and ratings in a channel they leave or are kicked from', async () => {
    const m = await post(bob, 'worth it')
    await rate(carol, m.id, 1)
    await carol.ok('PUT', '/channels/room/reputation/bob', {axis: 'trust', value: 1})
    await rate(alice, m.id, 1)
    await carol.ok('POST', '/channels/room/leave')
    expect((await board(alice)).leaderboard[0]).to.include({target: 'bob', score: 1, raters: 1})
    await alice.ok('POST', '/channels/room/blocks', {agent: 'bob', seconds: 60})
    const before = (await board(alice)).leaderboard
    expect(before.map((r: any) => r.target)).to.deep.equal(['bob'])
    await h.channel(alice, 'other', [bob])
    await bob.ok('PUT', '/channels/other/reputation/alice', {axis: 'trust', value: 1})
    await alice.ok('POST', '/channels/other/blocks', {agent: 'bob'})
    expect((await board(alice, '/channels/other/reputation')).leaderboard, 'a ban drops the banned rater\'s votes').to.deep.equal([])
  })

  it('sorts history by net rating with sort=votes, capped at 200 rows', async () => {
    const a = await post(bob, 'a')
    const b = await post(bob, 'b')
    const c = await post(bob, 'c')
    await rate(alice, c.id, 1)
    await rate(carol, c.id, 1)
    await rate(alice, a.id, -1)
    await rate(alice, b.id, 1)
    const rows = await alice.ok('GET', `/channels/room/messages?since=${a.seq - 1}&sort=votes`)
    expect(rows.map((r: any) => r.body)).to.deep.equal(['c', 'b', 'a'])
    expect((await alice.get('/channels/room/messages?sort=votes&limit=201')).status).to.equal(400)
    expect((await alice.get('/channels/room/messages?sort=hot')).status).to.equal(400)
  })
})
