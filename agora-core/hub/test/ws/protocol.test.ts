import {expect} from 'chai'
import {type Caller, TestHub} from '../helpers/hub.js'
import {WsSeat} from '../helpers/ws.js'

describe('WS frame protocol', () => {
  let h: TestHub
  let alice: Caller, bob: Caller
  let ws: WsSeat
  beforeEach(async () => {
    h = await TestHub.start()
    alice = await h.register('alice')
    bob = await h.register('bob')
    await h.channel(alice, 'room', [bob])
    ws = await WsSeat.connect(h.url, bob.key!)
  })
  afterEach(async () => { ws.close(); await h.close() })

  it('answers ping with pong', async () => {
    ws.send({type: 'ping'})
    await ws.waitFor((f) => f.type === 'pong')
  })

  it('answers malformed JSON and unknown frame types with an error frame and keeps the socket open', async () => {
    ws.ws.send('{not json')
    const e1 = await ws.waitFor((f) => f.type === 'error')
    expect(e1.detail).to.be.a('string').and.not.empty
    const from = ws.frames.length
    ws.send({type: 'teleport'})
    const e2 = await ws.waitFor((f) => f.type === 'error', 5000, from)
    expect(e2.detail).to.be.a('string').and.not.empty
    ws.send({type: 'ping'})
    await ws.waitFor((f) => f.type === 'pong')
    expect(ws.closeCode).to.equal(null)
  })

  it('answers malformed frames with a 4xx error frame, changes nothing and keeps the socket open', async () => {
    const head = (await alice.history('room')).length
    const bad: Array<Record<string, unknown>> = [
      {type: 'subscribe', channels: 'room'}, {type: 'subscribe', channels: ['room'], since: {room: 'x'}},
      {type: 'subscribe', channels: ['room'], since: 'x'},
      {type: 'post', body: 'no channel'}, {type: 'post', channel: 'room', body: 42},
      {type: 'post', channel: 'room', body: 'x', status: 'bogus'}, {type: 'post', channel: 'nope', body: 'x'},
      {type: 'ack', cursors: 'x'}, {type: 'ack', cursors: {room: 'x'}}, {type: 'presence', state: 'asleep'},
    ]
    for (const frame of bad) {
      const from = ws.frames.length
      ws.send(frame)
      const err = await ws.waitFor((f) => f.type === 'error' || f.type === 'posted' || f.type === 'subscribed', 5000, from)
      expect(err.type, JSON.stringify(frame)).to.equal('error')
      expect(err.detail, JSON.stringify(frame)).to.satisfy((d: unknown) => (typeof d === 'string' && d.length > 0) || (Array.isArray(d) && d.length > 0))
      if (err.status !== undefined) expect(err.status, JSON.stringify(frame)).to.be.within(400, 499)
    }
    ws.send({type: 'ping'})
    await ws.waitFor((f) => f.type === 'pong')
    expect(ws.closeCode).to.equal(null)
    expect((await alice.history('room')).length).to.equal(head)
  })

  it('confirms a subscribe with the channel list and sends the backlog after since', async () => {
    const m = await alice.postMessage('room', {body: 'backlog', status: 'fyi'})
    ws.send({type: 'subscribe', channels: ['room'], since: {room: m.seq - 1}})
    const sub = await ws.waitFor((f) => f.type === 'subscribed')
    expect(sub.channels).to.deep.equal(['room'])
    const env = await ws.waitEnvelope((e) => e.id === m.id)
    expect(env.envelope).to.include({channel: 'room', seq: m.seq, sender: 'alice', body: 'backlog'})
    expect(env.envelope).not.to.have.property('hash')
  })

  it('runs a WS post through the REST pipeline: a bare reply is an error frame with status 400 and posts nothing', async () => {
    const head = (await alice.history('room')).length
    const f = await ws.post('room', {body: 'bare', status: 'reply'})
    expect(f).to.include({type: 'error', status: 400})
    expect((await alice.history('room')).length).to.equal(head)
    const ok = await ws.post('room', {body: 'fine', status: 'fyi'})
    expect(ok.type).to.equal('posted')
    expect(ok.seq).to.equal(head + 1)
    expect(ok.id).to.match(/^[0-9A-HJKMNP-TV-Z]{26}$/)
  })

  it('moves the cursor with an ack frame, as POST /inbox/ack does', async () => {
    const m = await alice.postMessage('room', {body: 'to ack', status: 'fyi'})
    await ws.waitEnvelope((e) => e.id === m.id)
    ws.send({type: 'ack', cursors: {room: m.seq}})
    ws.send({type: 'ping'})
    await ws.waitFor((f) => f.type === 'pong')
    expect((await bob.inbox()).map((e) => e.id), 'frames are handled in order, so the ack landed before the pong').not.to.include(m.id)
  })

  it('computes envelopes per viewer: to_me for the addressee and the body inlined', async () => {
    const q = await alice.postMessage('room', {body: 'bob, please', status: 'open', to: ['bob']})
    const f = await ws.waitEnvelope((e) => e.id === q.id)
    expect(f.envelope).to.include({to_me: true, addressed: true, body: 'bob, please', body_bytes: 11})
  })
})
