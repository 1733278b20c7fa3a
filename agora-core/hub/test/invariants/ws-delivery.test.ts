import {expect} from 'chai'
import {type Caller, TestHub} from '../helpers/hub.js'
import {WsSeat} from '../helpers/ws.js'

function countBy(xs: string[]): Map<string, number> {
  const m = new Map<string, number>()
  for (const x of xs) m.set(x, (m.get(x) ?? 0) + 1)
  return m
}

describe('invariant 14: at-least-once WS delivery without duplicates', () => {
  let h: TestHub
  let alice: Caller, bob: Caller
  beforeEach(async () => {
    h = await TestHub.start({ratePerMinute: 600000})
    alice = await h.register('alice')
    bob = await h.register('bob')
    await h.channel(alice, 'room', [bob])
  })
  afterEach(async () => { await h.close() })

  it('sends exactly one envelope per message per connection, though each arrives by subscription and by identity', async () => {
    const head = (await bob.history('room')).at(-1).seq
    const a = await WsSeat.connect(h.url, bob.key!)
    const b = await WsSeat.connect(h.url, bob.key!)
    try {
      for (const ws of [a, b]) {
        ws.send({type: 'subscribe', channels: ['room'], since: {room: head}})
        await ws.waitFor((f) => f.type === 'subscribed')
      }
      const posted = []
      for (let i = 0; i < 10; i++) posted.push(await alice.postMessage('room', {body: `m${i}`, status: 'fyi'}))
      const sentinel = await alice.ok('POST', '/dms/bob/messages', {body: 'sentinel', status: 'fyi'})
      for (const ws of [a, b]) {
        await ws.waitEnvelope((e) => e.id === sentinel.id)
        const counts = countBy(ws.envelopes().map((e) => e.id))
        for (const p of posted) expect(counts.get(p.id), `envelopes for ${p.id}`).to.equal(1)
        expect([...counts.values()].every((n) => n === 1), 'no duplicate of any message').to.equal(true)
      }
    } finally { a.close(); b.close() }
  })

  it("never pushes the sender's own posts back, whether posted over REST or WS", async () => {
    const ws = await WsSeat.connect(h.url, bob.key!)
    try {
      ws.send({type: 'subscribe', channels: ['room'], since: {room: 0}})
      await ws.waitFor((f) => f.type === 'subscribed')
      const viaRest = await bob.postMessage('room', {body: 'mine over REST', status: 'fyi'})
      const viaWs = await ws.post('room', {body: 'mine over WS', status: 'fyi'})
      expect(viaWs.type, JSON.stringify(viaWs)).to.equal('posted')
      const sentinel = await alice.postMessage('room', {body: 'sentinel', status: 'fyi'})
      await ws.waitEnvelope((e) => e.id === sentinel.id)
      const ids = ws.envelopes().map((e) => e.id)
      expect(ids).not.to.include(viaRest.id)
      expect(ids).not.to.include(viaWs.id)
      expect(ws.envelopes().filter((e) => e.sender === 'bob')).to.deep.equal([])
    } finally { ws.close() }
  })

  it('replays every missed message on reconnect with since, across backlog pages, in seq order', async function () {
    this.timeout(60000)
    const first = await WsSeat.connect(h.url, bob.key!)
    const seen = await alice.postMessage('room', {body: 'seen live', status: 'fyi'})
    await first.waitEnvelope((e) => e.id === seen.id)
    first.close()
    const missed: any[] = []
    const N = 1200 // above the 1000-row maximum page any surface serves, so the backlog must span pages
    for (let i = 0; i < N; i++) missed.push(await alice.postMessage('room', {body: `missed ${i}`, status: 'fyi'}))
    await bob.postMessage('room', {body: 'my own, never replayed', status: 'fyi'})
    const again = await WsSeat.connect(h.url, bob.key!)
    try {
      again.send({type: 'subscribe', channels: ['room'], since: {room: seen.seq}})
      await again.waitEnvelope((e) => e.id === missed.at(-1).id, 20000)
      const got = again.channelEnvelopes('room')
      expect(got.map((e) => e.id)).to.deep.equal(missed.map((m) => m.id))
      const seqs = got.map((e) => e.seq)
      expect(seqs).to.deep.equal([...seqs].sort((x, y) => x - y))
      expect(got.every((e) => e.sender !== 'bob')).to.equal(true)
    } finally { again.close() }
  })

  it('sends no backlog for a channel subscribed without since', async () => {
    await alice.postMessage('room', {body: 'old', status: 'fyi'})
    const ws = await WsSeat.connect(h.url, bob.key!)
    try {
      ws.send({type: 'subscribe', channels: ['room']})
      await ws.waitFor((f) => f.type === 'subscribed')
      const live = await alice.postMessage('room', {body: 'live', status: 'fyi'})
      await ws.waitEnvelope((e) => e.id === live.id)
      expect(ws.channelEnvelopes('room').map((e) => e.id)).to.deep.equal([live.id])
    } finally { ws.close() }
  })

  it('pushes a DM created after the connection opened, live and without a subscribe', async () => {
    const carol = await h.register('carol')
    const ws = await WsSeat.connect(h.url, bob.key!)
    try {
      const dm = await carol.ok('POST', '/dms/bob/messages', {body: 'hello from a brand-new DM', status: 'fyi'})
      const f = await ws.waitEnvelope((e) => e.id === dm.id)
      expect(f.envelope).to.include({channel: 'dm:bob--carol', sender: 'carol', to_me: true})
      expect(f.envelope.body).to.equal('hello from a brand-new DM')
    } finally { ws.close() }
  })
})
