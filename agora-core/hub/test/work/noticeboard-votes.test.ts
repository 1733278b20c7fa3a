import {expect} from 'chai'
import fc from 'fast-check'
import {operatorRoom, TestHub} from '../helpers/hub.js'
import type {Caller} from '../helpers/hub.js'

// The spec leaves vote payloads unchecked except in noticeboard rooms (docs/protocol.md#votes); the rules
// below are written from the ballot contract there: topic, ≥2 distinct options, a `v-` tag, DM ballots, a
// closing time; public ballots name the root's options; only the chair or the hub publishes the result.
describe('vote payloads in a noticeboard room', () => {
  const T0 = 1_800_000_000
  let h: TestHub
  let olga: Caller, bob: Caller, carol: Caller
  const vote = (over: Record<string, unknown> = {}) => ({topic: 'ship it?', options: ['yes', 'no'], tag: 'v-7k2m9q', ballots: 'dm', closes_at: T0 + 600, ...over})
  const send = (c: Caller, msg: Record<string, unknown>) => c.post('/channels/room/messages', msg)
  const snapshot = async () => JSON.stringify([await olga.history('room'), await bob.inbox(), await carol.owed()])

  beforeEach(async () => {
    h = await TestHub.start({now: () => T0})
    ;({olga, bob, carol} = await operatorRoom(h))
    await olga.ok('PUT', '/channels/room/store/channel:meta', {value: {traffic_policy: 'noticeboard'}})
  })
  afterEach(async () => { await h.close() })

  it('takes a well-formed vote root as a new thread without a notice, with numbers sent as 2.0-style floats', async () => {
    const r = await send(bob, {title: 'VOTE: ship it?', status: 'open', data: {vote: vote({closes_at: T0 + 600.0})}})
    expect(r.status).to.equal(200)
    expect(r.body.data.vote.tag).to.equal('v-7k2m9q')
  })

  it('refuses each malformed vote root with the field to fix, and writes nothing', async () => {
    const table: [Record<string, unknown>, number, string][] = [
      [{vote: 'yes'}, 400, 'data.vote on a new thread must be an object'],
      [{vote: vote({topic: ''})}, 400, 'data.vote.topic must be a non-empty string'],
      [{vote: vote({options: ['only']})}, 400, 'data.vote.options must list 2 to 20'],
      [{vote: vote({options: ['Yes', 'yes ']})}, 400, 'data.vote.options must be distinct'],
      [{vote: vote({options: Array.from({length: 21}, (_, i) => `o${i}`)})}, 400, 'data.vote.options must list 2 to 20'],
      [{vote: vote({tag: 'v-UPPER1'})}, 400, 'data.vote.tag must be "v-" and six lowercase ULID characters'],
      [{vote: vote({ballots: 'public'})}, 400, 'data.vote.ballots must be "dm"'],
      [{vote: vote({closes_at: 'soon'})}, 400, 'data.vote.closes_at must be a number of unix seconds'],
      [{vote: vote({closes_at: T0 - 1})}, 400, `data.vote.closes_at (${T0 - 1}) is already past`],
    ]
    const before = await snapshot()
    for (const [data, status, detail] of table) {
      const r = await send(bob, {title: 'VOTE', status: 'open', data})
      expect([r.status, String(r.body.detail).slice(0, detail.length)], JSON.stringify(data)).to.deep.equal([status, detail])
    }
    expect(await snapshot()).to.equal(before)
  })

  it('checks a public ballot against the options of the vote it answers', async () => {
    const root = await bob.postMessage('room', {title: 'VOTE: ship it?', status: 'open', data: {vote: vote({options: ['ship now', 'wait a week']})}})
    for (const ballot of ['ship now', '2', 'wa', ['wait a week', 'ship now'], 'ship now > wait']) {
      expect((await send(carol, {status: 'reply', reply_to: root.id, data: {vote: ballot}})).status, JSON.stringify(ballot)).to.equal(200)
    }
    const bad = await send(carol, {status: 'reply', reply_to: root.id, data: {vote: 'maybe'}})
    expect([bad.status, bad.body.detail]).to.deep.equal([400, 'the ballot does not match the options of vote v-7k2m9q (1. ship now; 2. wait a week); ' +
      'name each choice once, by its text, its number or an unambiguous prefix'])
    const notice = await bob.postMessage('room', {title: 'release', notice: {kind: 'announcement', key: 'rel'}})
    const stray = await send(carol, {status: 'reply', reply_to: notice.id, data: {vote: 'yes'}})
    expect([stray.status, stray.body.detail]).to.deep.equal([400, 'data.vote on a reply is a ballot, but the message it replies to is not a vote root; reply to the VOTE message'])
    const shaped = await send(carol, {status: 'reply', reply_to: root.id, data: {vote: {choice: 1}}})
    expect(shaped.status).to.equal(400)
  })

  it('lets only the chair publish a vote_result, as a reply to the root', async () => {
    const root = await bob.postMessage('room', {title: 'VOTE: ship it?', status: 'open', data: {vote: vote()}})
    const result = {topic: 'ship it?', options: ['yes', 'no'], ballots: {carol: [0]}, total_members: 4, closed: 'all voted'}
    const forged = await send(carol, {status: 'resolved', reply_to: root.id, data: {vote_result: result}})
    expect([forged.status, forged.body.detail]).to.deep.equal([403, 'only the vote\'s chair bob (or the hub, when the window ends) publishes the result of vote v-7k2m9q; DM your ballot to the chair instead'])
    const loose = await send(bob, {title: 'result', notice: {kind: 'consensus', key: 'ship'}, data: {vote_result: result}})
    expect(loose.status).to.equal(400)
    expect((await send(bob, {status: 'resolved', reply_to: root.id, data: {vote_result: result}})).status).to.equal(200)
  })

  it('leaves vote payloads unchecked in a collaboration room, as the reference does', async () => {
    await olga.ok('PUT', '/channels/room/store/channel:meta', {value: {traffic_policy: 'collaboration'}})
    expect((await send(bob, {title: 'poll', data: {vote: 'anything goes'}})).status).to.equal(200)
    expect((await send(carol, {title: 'loose', data: {vote_result: 42}})).status).to.equal(200)
  })

  it('refuses generated malformed vote roots with a 400 and stores none of them', async () => {
    const before = await snapshot()
    const junk = fc.oneof(fc.string(), fc.integer(), fc.constant(null), fc.array(fc.string(), {maxLength: 3}), fc.dictionary(fc.string({maxLength: 8}), fc.jsonValue({maxDepth: 2}), {maxKeys: 4}))
    const broken = fc.oneof(
      junk.map(v => ({vote: v})),
      fc.record({field: fc.constantFrom('topic', 'options', 'tag', 'ballots', 'closes_at'), value: junk}).map(({field, value}) => ({vote: vote({[field]: value})})),
    )
    await fc.assert(fc.asyncProperty(broken, async (data) => {
      const r = await send(bob, {title: 'VOTE', status: 'open', data})
      // A generated value can happen to be valid (a fresh string topic, say): then it is stored, like any vote.
      if (r.status === 200) {
        await olga.ok('POST', `/channels/room/messages/${r.body.id}/retract`, {})
        return
      }
      expect(r.status).to.equal(400)
      expect(r.body.detail).to.be.a('string').and.match(/vote|data|JSON|string|text/i)
    }), {numRuns: 60})
    const live = (await olga.history('room')).filter((m: {retracted?: boolean}) => !m.retracted)
    expect(live.length).to.equal(JSON.parse(before)[0].filter((m: {retracted?: boolean}) => !m.retracted).length)
  })
})
