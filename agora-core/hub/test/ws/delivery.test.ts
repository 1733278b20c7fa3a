import {expect} from 'chai'
import {type Caller, TestHub} from '../helpers/hub.js'
import {WsSeat} from '../helpers/ws.js'

/** Posts into `room` until stopped; resolves with the seqs it posted. */
function postLoop(poster: Caller, channel: string): {stop(): Promise<number[]>} {
  const seqs: number[] = []
  let running = true
  const done = (async () => {
    for (let i = 0; running; i++) seqs.push((await poster.postMessage(channel, {body: `loop ${i}`, status: 'fyi'})).seq)
  })()
  return {async stop() { running = false; await done; return seqs }}
}

/** Seqs of one channel's envelopes received after the `subscribed` frame at or after `from`. */
function seqsAfterSubscribed(seat: WsSeat, channel: string, from = 0): number[] {
  const at = seat.frames.findIndex((f, i) => i >= from && f.type === 'subscribed')
  if (at < 0) return []
  return seat.frames.slice(at).filter(f => f.type === 'envelope' && f.envelope.channel === channel).map(f => f.envelope.seq)
}

describe('WS delivery is gapless', () => {
  let h: TestHub
  let alice: Caller, bob: Caller
  const seats: WsSeat[] = []
  beforeEach(async () => {
    h = await TestHub.start({ratePerMinute: 1_000_000})
    alice = await h.register('alice')
    bob = await h.register('bob')
    await h.channel(alice, 'room', [bob])
  })
  afterEach(async () => {
    for (const s of seats.splice(0)) s.ws.terminate()
    await h.close()
  })

  /** Every seq of room after `after` that bob should get (history paged, his own posts excluded). */
  async function expected(after: number): Promise<number[]> {
    const seqs: number[] = []
    for (;;) {
      const rows = await alice.history('room', after)
      seqs.push(...rows.filter(m => m.sender !== bob.id).map(m => m.seq))
      if (rows.length < 1000) return seqs
      after = rows[rows.length - 1].seq
    }
  }

  it('sends the whole backlog after since even when a live push came first', async () => {
    for (let i = 0; i < 20; i++) await alice.postMessage('room', {body: `old ${i}`, status: 'fyi'})
    const since = (await alice.history('room'))[9].seq
    const ws = await WsSeat.connect(h.url, bob.key!)
    seats.push(ws)
    const live = await alice.postMessage('room', {body: 'live before subscribe', status: 'fyi'})
    await ws.waitEnvelope(e => e.seq === live.seq)
    ws.send({type: 'subscribe', channels: ['room'], since: {room: since}})
    await ws.waitFor(f => f.type === 'subscribed')
    const last = await alice.postMessage('room', {body: 'sentinel', status: 'fyi'})
    await ws.waitEnvelope(e => e.seq === last.seq)
    const got = ws.channelEnvelopes('room').map(e => e.seq)
    expect([...got].sort((a, b) => a - b)).to.deep.equal(await expected(since))
    expect(seqsAfterSubscribed(ws, 'room')).to.deep.equal((await expected(since)).filter(s => s !== live.seq))
  })

  it('pages a backlog of several pages in seq order while live posts keep coming, each seq once', async function () {
    // 1,300 sequential posts build the backlog: seconds on a quiet box, far more while other suites load it.
    this.timeout(180_000)
    const poster = await WsSeat.connect(h.url, alice.key!)
    seats.push(poster)
    for (let i = 0; i < 1300; i++) await poster.post('room', {body: `old ${i}`, status: 'fyi'})
    const loop = postLoop(alice, 'room')
    const ws = await WsSeat.connect(h.url, bob.key!)
    seats.push(ws)
    await ws.waitEnvelope(e => e.channel === 'room')
    ws.send({type: 'subscribe', channels: ['room'], since: {room: 0}})
    await ws.waitEnvelope(e => e.body === 'old 1299', 20_000)
    const posted = await loop.stop()
    await ws.waitEnvelope(e => e.seq === posted.at(-1), 10_000)
    const ordered = seqsAfterSubscribed(ws, 'room')
    expect(ordered).to.deep.equal([...ordered].sort((a, b) => a - b))
    const got = ws.channelEnvelopes('room').map(e => e.seq)
    expect(got.length).to.equal(new Set(got).size)
    expect([...got].sort((a, b) => a - b)).to.deep.equal(await expected(0))
  })

  it('delivers every seq exactly once over ten drops and resumes with since while a poster never stops', async () => {
    const loop = postLoop(alice, 'room')
    const received: number[] = []
    let since = 0
    for (let round = 0; round < 10; round++) {
      const ws = await WsSeat.connect(h.url, bob.key!)
      seats.push(ws)
      ws.send({type: 'subscribe', channels: ['room'], since: {room: since}})
      await ws.waitFor(f => f.type === 'subscribed')
      const target = since + 5 + round * 3
      await ws.waitEnvelope(e => e.channel === 'room' && e.seq > target, 10_000)
      ws.ws.terminate()
      const mine = ws.channelEnvelopes('room').map(e => e.seq)
      expect(new Set(mine).size, 'no duplicate within one connection').to.equal(mine.length)
      received.push(...mine)
      since = Math.max(since, ...seqsAfterSubscribed(ws, 'room'))
    }
    const posted = await loop.stop()
    const ws = await WsSeat.connect(h.url, bob.key!)
    seats.push(ws)
    ws.send({type: 'subscribe', channels: ['room'], since: {room: since}})
    // The last post may already have reached the previous connection (a slower store): then there is nothing left to wait for.
    if (posted.at(-1)! > since) await ws.waitEnvelope(e => e.seq === posted.at(-1), 10_000)
    else await ws.waitFor(f => f.type === 'subscribed')
    received.push(...ws.channelEnvelopes('room').map(e => e.seq))
    const all = await expected(0)
    expect(posted.length).to.be.greaterThan(50)
    expect([...new Set(received)].sort((a, b) => a - b)).to.deep.equal(all)
  })

  it('closes a reader that stops reading with 4408 instead of dropping frames, and since recovers every seq', async () => {
    await h.close()
    h = await TestHub.start({ratePerMinute: 1_000_000, wsQueueLimit: 20})
    alice = await h.register('alice')
    bob = await h.register('bob')
    await h.channel(alice, 'room', [bob])
    const slow = await WsSeat.connect(h.url, bob.key!)
    seats.push(slow)
    slow.send({type: 'subscribe', channels: ['room'], since: {room: 0}})
    await slow.waitFor(f => f.type === 'subscribed')
    slow.ws.pause()
    const poster = await WsSeat.connect(h.url, alice.key!)
    seats.push(poster)
    const data = {blob: 'x'.repeat(60_000)}
    // 300 × 60 KB outgrows the loopback socket buffers, so the hub's live queue fills
    const posts = 300
    for (let i = 0; i < posts; i++) {
      const r = await poster.post('room', {body: `big ${i}`, status: 'fyi', data})
      expect(r.type, JSON.stringify(r).slice(0, 300)).to.equal('posted')
    }
    slow.ws.resume()
    expect(await slow.waitClose(10_000)).to.equal(4408)
    const got = slow.channelEnvelopes('room').map(e => e.seq)
    const since = Math.max(0, ...seqsAfterSubscribed(slow, 'room'))
    const again = await WsSeat.connect(h.url, bob.key!)
    seats.push(again)
    again.send({type: 'subscribe', channels: ['room'], since: {room: since}})
    const last = await alice.postMessage('room', {body: 'after the overflow', status: 'fyi'})
    await again.waitEnvelope(e => e.seq === last.seq, 10_000)
    got.push(...again.channelEnvelopes('room').map(e => e.seq))
    expect(new Set(got).size).to.be.greaterThan(posts)
    expect([...new Set(got)].sort((a, b) => a - b)).to.deep.equal(await expected(0))
  })
})
