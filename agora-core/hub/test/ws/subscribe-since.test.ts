import {expect} from 'chai'
import {the} from '../../../../test/helpers/present.js'
import {type Caller, TestHub} from '../helpers/hub.js'
import {WsSeat} from '../helpers/ws.js'

// A subscribe frame's `since` is a plain JSON object, so it answers `constructor`, `toString` & co.
// through its prototype: only its own keys may start a backlog.
describe('WS subscribe since', () => {
  let h: TestHub
  let alice: Caller, bob: Caller
  let ws: WsSeat
  beforeEach(async () => {
    h = await TestHub.start()
    alice = await h.register('alice')
    bob = await h.register('bob')
  })
  afterEach(async () => { ws?.ws.terminate(); await h.close() })

  async function answer(frame: Record<string, unknown>) {
    const from = ws.frames.length
    ws.send(frame)
    ws.send({type: 'ping'})
    await ws.waitFor(f => f.type === 'pong', 10_000, from)
    return ws.frames.slice(from, ws.frames.findIndex((f, i) => i >= from && f.type === 'pong'))
  }

  for (const name of ['constructor', 'toString', 'valueOf', 'hasOwnProperty']) {
    it(`sends no backlog for a channel named ${name} when since leaves it out, and delivers its live posts`, async () => {
      await h.channel(alice, name, [bob])
      await alice.postMessage(name, {body: 'before the socket', status: 'fyi'})
      ws = await WsSeat.connect(h.url, bob.key!)
      const frames = await answer({type: 'subscribe', channels: [name]})
      expect(frames.map(f => f.type)).to.deep.equal(['subscribed'])
      const live = await alice.postMessage(name, {body: 'live', status: 'fyi'})
      const got = await ws.waitEnvelope(e => e.id === live.id)
      expect(got.envelope.channel).to.equal(name)
      expect(ws.frames.filter(f => f.type === 'error')).to.deep.equal([])
    })
  }

  it('sends the backlog after since for a channel named constructor when since names it', async () => {
    await h.channel(alice, 'constructor', [bob])
    const first = await alice.postMessage('constructor', {body: 'one', status: 'fyi'})
    const second = await alice.postMessage('constructor', {body: 'two', status: 'fyi'})
    ws = await WsSeat.connect(h.url, bob.key!)
    const frames = await answer({type: 'subscribe', channels: ['constructor'], since: {constructor: first.seq}})
    expect(frames.map(f => f.type)).to.deep.equal(['subscribed', 'envelope'])
    expect(the(frames, 1).envelope.id).to.equal(second.id)
  })
})
