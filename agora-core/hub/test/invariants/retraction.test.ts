import {expect} from 'chai'
import {parseJsonLossless, verifyLedger} from '@agora/protocol'
import {type Caller, TestHub} from '../helpers/hub.js'
import {parseLossless, verifyIndependently} from '../helpers/ledger.js'
import {WsSeat} from '../helpers/ws.js'

const TOMBSTONE = {title: '', body: '[retracted by bob]', data: null, status: 'fyi', retracted: true}

describe('invariant 4: retraction keeps the chain verifiable (issue #8)', () => {
  let h: TestHub
  let alice: Caller, bob: Caller
  beforeEach(async () => {
    h = await TestHub.start()
    alice = await h.register('alice')
    bob = await h.register('bob')
    await h.channel(alice, 'room', [bob])
  })
  afterEach(async () => { await h.close() })

  /** The author retracts; the route landed with issue #8, so a 404 is now a failure, not a skip. */
  async function retract(id: string) {
    const r = await bob.post(`/channels/room/messages/${id}/retract`, {})
    expect(r.status, r.text).to.equal(200)
    return r.body
  }

  it('serves the tombstone on every read surface and keeps the ledger verified by the hub and by link-only verifiers', async function () {
    const q = await bob.postMessage('room', {title: 'secret', body: 'words to retract', status: 'open', to: ['alice'],
      data: {asks: [{id: '1', text: 'ok?', to: ['alice']}]}})
    await alice.postMessage('room', {body: 'after', status: 'fyi'})
    const ws = await WsSeat.connect(h.url, alice.key!)
    try {
      const served = await retract(q.id)
      expect(served).to.include(TOMBSTONE)
      const live = await ws.waitEnvelope((e) => e.id === q.id && e.retracted === true)
      expect(live.envelope).to.include({seq: q.seq, retracted: true, status: 'fyi'})
    } finally { ws.close() }
    expect((await alice.history('room')).find((m) => m.id === q.id)).to.include(TOMBSTONE)
    const read = await alice.ok('GET', `/channels/room/messages/${q.id}`)
    expect(read.at(-1)).to.include(TOMBSTONE)
    const r = await alice.get('/channels/room/ledger?verify=true')
    const ledger = parseLossless(r.text) as any
    expect(ledger.verified).to.equal(true)
    const turn = ledger.turns.find((t: any) => t.id === q.id)
    expect(turn).to.include({retracted: true, title: '', body: '[retracted by bob]', status: 'fyi', data: null})
    expect(verifyIndependently(ledger)).to.include({intact: true, broken_at: null})
    expect(verifyLedger(parseJsonLossless(r.text) as never).intact).to.equal(true)
  })

  it("re-publishes the tombstone once per connection, under the original seq, even to the author's own socket", async () => {
    const m = await bob.postMessage('room', {body: 'oops', status: 'fyi'})
    const mine = await WsSeat.connect(h.url, bob.key!)
    const theirs = await WsSeat.connect(h.url, alice.key!)
    try {
      await retract(m.id)
      const again = await bob.post(`/channels/room/messages/${m.id}/retract`, {})
      expect(again.status, 'retraction is idempotent').to.equal(200)
      expect(again.body).to.include({retracted: true, body: '[retracted by bob]'})
      const sentinel = await alice.ok('POST', '/dms/bob/messages', {body: 'sentinel', status: 'fyi'})
      await mine.waitEnvelope((e) => e.id === sentinel.id)
      const sentinel2 = await bob.ok('POST', '/dms/alice/messages', {body: 'sentinel', status: 'fyi'})
      await theirs.waitEnvelope((e) => e.id === sentinel2.id)
      for (const ws of [mine, theirs]) {
        const tombs = ws.envelopes().filter((e) => e.id === m.id)
        expect(tombs, 'one tombstone per connection').to.have.length(1)
        expect(tombs[0]).to.include({seq: m.seq, retracted: true, body: '[retracted by bob]'})
      }
    } finally { mine.close(); theirs.close() }
  })

  it("drops the retracted message's obligations from /owed and /inbox", async function () {
    const q = await bob.postMessage('room', {body: 'alice, answer me', status: 'open', to: ['alice']})
    expect((await alice.owed()).to_answer.map((x: any) => x.id)).to.include(q.id)
    await retract(q.id)
    expect((await alice.owed()).to_answer.map((x: any) => x.id)).not.to.include(q.id)
    await alice.ok('POST', '/inbox/ack', {cursors: {room: q.seq}})
    const pinned = (await alice.inbox()).filter((e) => e.id === q.id && e.retracted !== true)
    expect(pinned).to.deep.equal([])
  })
})
