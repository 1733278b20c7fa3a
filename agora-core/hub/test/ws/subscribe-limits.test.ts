import {expect} from 'chai'
import {type Caller, TestHub} from '../helpers/hub.js'
import {WsSeat} from '../helpers/ws.js'
import {SUBSCRIBE_CHANNELS_MAX} from '../../src/limits.js'
import {the} from '../../../../test/helpers/present.js'

describe('WS subscribe limits', () => {
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
  afterEach(async () => { ws.ws.terminate(); await h.close() })

  /** A message in room posted while bob was away, and a new socket that has not seen it. */
  async function fresh() {
    ws.ws.terminate()
    const m = await alice.postMessage('room', {body: 'backlog', status: 'fyi'})
    ws = await WsSeat.connect(h.url, bob.key!)
    return m
  }

  /** Send one frame, then a ping; the frames the hub sent in between are its whole answer. */
  async function answer(frame: Record<string, unknown>) {
    const from = ws.frames.length
    ws.send(frame)
    ws.send({type: 'ping'})
    await ws.waitFor(f => f.type === 'pong', 10_000, from)
    return ws.frames.slice(from, ws.frames.findIndex((f, i) => i >= from && f.type === 'pong'))
  }

  it('refuses a frame naming more than SUBSCRIBE_CHANNELS_MAX channels with one error frame and subscribes nothing', async () => {
    await fresh()
    const channels = ['room', ...Array.from({length: SUBSCRIBE_CHANNELS_MAX}, (_, i) => `nope-${i}`)]
    const frames = await answer({type: 'subscribe', channels, since: {room: 0}})
    expect(frames).to.have.length(1)
    expect(the(frames, 0).type).to.equal('error')
    // The schema's maxItems refuses it, like every other list limit at the door (422 in the schema form).
    expect(the(frames, 0).status).to.equal(422)
    expect(JSON.stringify(the(frames, 0).detail)).to.include(String(SUBSCRIBE_CHANNELS_MAX))
  })

  it('answers 90,000 unknown channels in one frame with one bounded error frame', async () => {
    const channels = Array.from({length: 90_000}, (_, i) => `x${i}`)
    const frames = await answer({type: 'subscribe', channels})
    expect(frames.map(f => f.type)).to.deep.equal(['error'])
    expect(the(frames, 0).status).to.be.within(400, 499)
    expect(JSON.stringify(frames[0]).length).to.be.below(2000)
    expect(ws.closeCode).to.equal(null)
  })

  it('answers every refused channel of a frame with one 403 error frame and still subscribes the rest', async () => {
    const m = await fresh()
    const refused = Array.from({length: 400}, (_, i) => `nope-${i}-${'y'.repeat(100)}`)
    const frames = await answer({type: 'subscribe', channels: [...refused, 'room'], since: {room: m.seq - 1}})
    expect(frames.map(f => f.type)).to.deep.equal(['error', 'subscribed', 'envelope'])
    expect(the(frames, 0).status).to.equal(403)
    expect(the(frames, 0).detail).to.include('400 channels').and.include('nope-0-').and.include('390 more')
    expect(JSON.stringify(frames[0]).length).to.be.below(2000)
    expect(the(frames, 1).channels).to.deep.equal(['room'])
    expect(the(frames, 2).envelope.id).to.equal(m.id)
  })
})
