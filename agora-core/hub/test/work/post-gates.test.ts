import {expect} from 'chai'
import {operatorRoom, TestHub} from '../helpers/hub.js'
import type {Caller} from '../helpers/hub.js'

// Expected statuses and details are written from the spec's post pipeline (docs/protocol.md#messages):
// step 5 the rulings-ack gate (409), step 13 the noticeboard contract (400), and the addressee's
// evidence rule on an operator's request (403). Every refusal is checked to leave the room unchanged.
describe('post gates: rulings acknowledged, the noticeboard contract and an addressee resolving an operator request', () => {
  const T0 = 1_800_000_000
  let t = T0
  let h: TestHub
  let olga: Caller, dora: Caller, bob: Caller, carol: Caller
  beforeEach(async () => {
    t = T0
    h = await TestHub.start({now: () => t})
    ;({olga, dora, bob, carol} = await operatorRoom(h))
  })
  afterEach(async () => { await h.close() })

  const send = (c: Caller, msg: Record<string, unknown>) => c.post('/channels/room/messages', msg)
  /** What a refusal must not touch: the room's messages and the sender's inbox and debts. */
  const snapshot = async (c: Caller) => JSON.stringify([await olga.history('room'), await c.inbox(), await c.owed()])
  const meta = (value: Record<string, unknown>) => olga.ok('PUT', '/channels/room/store/channel:meta', {value})

  describe('rulings_required (step 5, 409)', () => {
    const GATED = "'room' requires its rulings acknowledged before you post; read them (agora rulings room) and run "
    beforeEach(async () => {
      await olga.ok('PUT', '/channels/room/store/ruling:style', {value: {text: 'no force pushes'}})
      await meta({rulings_required: true})
    })

    it('refuses a seat with an unacknowledged ruling, naming the command and route that acknowledge it, and writes nothing', async () => {
      const before = await snapshot(bob)
      const r = await send(bob, {body: 'hello', status: 'fyi'})
      expect(r.status).to.equal(409)
      expect(r.body.detail).to.equal(GATED + 'agora rulings ack room ruling:style, or POST /channels/room/ruling-acks {"keys":[...]} (MCP ack_rulings)')
      expect(await snapshot(bob)).to.equal(before)
    })

    it('lets the seat post once it acknowledged, and gates it again when the ruling changes version', async () => {
      await bob.ok('POST', '/channels/room/ruling-acks', {keys: ['ruling:style']})
      expect((await send(bob, {body: 'hello'})).status).to.equal(200)
      await olga.ok('PUT', '/channels/room/store/ruling:style', {value: {text: 'no force pushes, ever'}})
      expect((await send(bob, {body: 'again'})).status).to.equal(409)
      await bob.ok('POST', '/channels/room/ruling-acks', {keys: ['ruling:style']})
      expect((await send(bob, {body: 'again'})).status).to.equal(200)
    })

    it('names at most five keys in the command and says how many more there are', async () => {
      for (const k of ['a', 'b', 'c', 'd', 'e']) await olga.ok('PUT', `/channels/room/store/ruling:${k}`, {value: 'rule ' + k})
      const r = await send(carol, {body: 'hi'})
      expect(r.body.detail).to.equal(GATED + 'agora rulings ack room ruling:a ruling:b ruling:c ruling:d ruling:e ' +
        '(and 1 more: agora rulings room lists them), or POST /channels/room/ruling-acks {"keys":[...]} (MCP ack_rulings)')
    })

    it('applies only where the meta asks for it, and only to seats that have not acknowledged', async () => {
      await bob.ok('POST', '/channels/room/ruling-acks', {keys: ['ruling:style']})
      expect((await send(bob, {body: 'acked'})).status).to.equal(200)
      expect((await send(carol, {body: 'not acked'})).status).to.equal(409)
      await meta({rulings_required: false})
      expect((await send(carol, {body: 'gate off'})).status).to.equal(200)
    })

    it('runs after the closed-room check and before the reply, body and addressee checks (the refusal table)', async () => {
      const table: [Record<string, unknown>, number, string][] = [
        [{status: 'reply', body: 'bare'}, 409, GATED],
        [{body: 'x'.repeat(70_000)}, 409, GATED],
        [{body: 'hi', to: ['nobody']}, 409, GATED],
        [{body: 'hi', reply_to: 'no-such-message'}, 409, GATED],
      ]
      for (const [msg, status, detail] of table) {
        const r = await send(carol, msg)
        expect([r.status, r.body.detail.slice(0, detail.length)]).to.deep.equal([status, detail])
      }
      await meta({rulings_required: true, state: 'closed'})
      const closed = await send(carol, {body: 'hi'})
      expect([closed.status, closed.body.detail]).to.deep.equal([409, "'room' is closed (channel:meta.state); ask its owner to reopen it"])
    })
  })

  describe('traffic_policy noticeboard (step 13, 400) and typed notices on channel info', () => {
    const BOARD = "'room' is a noticeboard: a new thread is a typed notice, add notice {\"kind\":\"announcement\",\"key\":\"<slug>\"} " +
      '(kinds: job, announcement, problem, resolution, consensus, milestone, delivery), or reply to an existing notice'

    it('refuses a root post without a notice in a noticeboard room, before the addressee check, and writes nothing', async () => {
      await meta({traffic_policy: 'noticeboard'})
      const before = await snapshot(bob)
      for (const msg of [{body: 'chatter'}, {body: 'chatter', status: 'open', to: ['nobody']}]) {
        const r = await send(bob, msg)
        expect([r.status, r.body.detail]).to.deep.equal([400, BOARD])
      }
      expect(await snapshot(bob)).to.equal(before)
    })

    it('takes typed notices and replies under them, refuses a second notice with the same key, and lists live notices on read', async () => {
      await meta({traffic_policy: 'noticeboard', purpose: 'releases'})
      t = T0 + 10
      const job = await bob.postMessage('room', {title: 'need a reviewer', status: 'open', notice: {kind: 'job', key: 'review/parser'}})
      t = T0 + 20
      const ship = await carol.postMessage('room', {title: 'v1 shipped', notice: {kind: 'milestone', key: 'v1'}})
      expect((await send(dora, {body: 'I can review', status: 'reply', reply_to: job.id})).status).to.equal(200)
      const dup = await send(bob, {title: 'again', notice: {kind: 'job', key: 'review/parser'}})
      expect([dup.status, dup.body.detail]).to.deep.equal([409, "you already posted a notice with key 'notice:job:review/parser' in 'room'; reply to it instead"])
      const info = await bob.ok('GET', '/channels/room/info')
      expect(info.traffic_policy).to.equal('noticeboard')
      expect(info.notices).to.deep.equal([
        {id: ship.id, seq: ship.seq, sender: 'carol', kind: 'milestone', key: 'v1', title: 'v1 shipped', status: 'fyi', created_at: T0 + 20},
        {id: job.id, seq: job.seq, sender: 'bob', kind: 'job', key: 'review/parser', title: 'need a reviewer', status: 'open', created_at: T0 + 10},
      ])
      // A write that omits traffic_policy keeps it; a retraction drops the notice and frees its key.
      await meta({purpose: 'releases and jobs'})
      await bob.ok('POST', `/channels/room/messages/${job.id}/retract`, {})
      const after = await bob.ok('GET', '/channels/room/info')
      expect(after.traffic_policy).to.equal('noticeboard')
      expect(after.notices.map((n: {key: string}) => n.key)).to.deep.equal(['v1'])
      expect((await send(bob, {title: 'reposted', notice: {kind: 'job', key: 'review/parser'}})).status).to.equal(200)
    })

    it('reads collaboration when the meta sets no policy, where root posts need no notice but typed notices still list', async () => {
      expect((await send(bob, {body: 'chatter'})).status).to.equal(200)
      const n = await bob.postMessage('room', {title: 'found a bug', notice: {kind: 'problem', key: 'bug-1'}})
      const info = await carol.ok('GET', '/channels/room/info')
      expect(info.traffic_policy).to.equal('collaboration')
      expect(info.notices).to.deep.equal([{id: n.id, seq: n.seq, sender: 'bob', kind: 'problem', key: 'bug-1', title: 'found a bug', status: 'fyi', created_at: T0}])
    })
  })

  describe("an addressee's resolved on an operator request (403 without verifiable evidence)", () => {
    const DETAIL = "olga's request names you, so resolving it needs verifiable evidence: add data.evidence [{\"kind\":\"fs|store|blob\",\"ref\":\"...\"}] " +
      'citing what you delivered (external refs alone are not verifiable), or post status=reply instead'
    const EXTERNAL = {kind: 'external', ref: 'https://ci.example/run/7', sha256: 'ab'.repeat(32), size_bytes: 10}

    it('refuses the named seat (to, ask to, ask assignee) resolving without verified evidence, and writes nothing', async () => {
      const ask = await olga.postMessage('room', {title: 'ship it', status: 'open', to: ['bob'],
        asks: [{id: 'q1', text: 'tests green?', to: ['carol']}, {id: 'q2', text: 'docs?', assignee: 'dora'}]})
      const before = await snapshot(bob)
      for (const [c, data] of [[bob, undefined], [carol, undefined], [dora, undefined], [bob, {evidence: [EXTERNAL]}]] as [Caller, unknown][]) {
        const r = await send(c, {body: 'done', status: 'resolved', reply_to: ask.id, ...(data ? {data} : {})})
        expect([c.id, r.status, r.body.detail]).to.deep.equal([c.id, 403, DETAIL])
      }
      expect(await snapshot(bob)).to.equal(before)
    })

    it('accepts the named seat resolving with a verified file ref, and plain replies without one', async () => {
      const ask = await olga.postMessage('room', {title: 'ship it', status: 'open', to: ['bob']})
      await bob.ok('PUT', '/channels/room/fs/out/ship.md', {content: 'shipped'})
      expect((await send(bob, {body: 'working', status: 'reply', reply_to: ask.id})).status).to.equal(200)
      const r = await send(bob, {body: 'done', status: 'resolved', reply_to: ask.id, data: {evidence: [{kind: 'fs', ref: 'out/ship.md'}]}})
      expect(r.status).to.equal(200)
      expect(r.body.data.evidence[0]).to.include({ref: 'out/ship.md@1', verified: true, updated_by: 'bob'})
    })

    it('does not gate the asker, a seat the request does not name, a non-operator request or an operator fyi note', async () => {
      const ask = await olga.postMessage('room', {title: 'ship it', status: 'open', to: ['bob']})
      expect((await send(carol, {body: 'not mine but done', status: 'resolved', reply_to: ask.id})).status).to.equal(200)
      expect((await send(olga, {body: 'closing', status: 'resolved', reply_to: ask.id})).status).to.equal(200)
      const peerAsk = await carol.postMessage('room', {title: 'review?', status: 'open', to: ['bob']})
      expect((await send(bob, {body: 'done', status: 'resolved', reply_to: peerAsk.id})).status).to.equal(200)
      const note = await olga.postMessage('room', {title: 'fyi', status: 'fyi', to: ['bob']})
      expect((await send(bob, {body: 'noted', status: 'resolved', reply_to: note.id})).status).to.equal(200)
    })
  })
})
