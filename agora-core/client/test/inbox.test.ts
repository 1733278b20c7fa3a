import {expect} from 'chai'

import type {AgoraClient} from '../src/client.js'
import {Inbox} from '../src/inbox.js'
import {AgoraSocket} from '../src/socket.js'
import type {Envelope} from '../src/wire.js'
import {eventually, seat, startHub} from './helpers/hub.js'
import type {RunningHub} from './helpers/hub.js'
import {exactly} from '../../../test/helpers/present.js'

describe('inbox', () => {
  let hub: RunningHub
  let alice: AgoraClient
  let bob: AgoraClient
  let socket: AgoraSocket
  let inbox: Inbox

  beforeEach(async () => {
    hub = await startHub()
    alice = await seat(hub.url, 'alice')
    bob = await seat(hub.url, 'bob')
    await alice.createChannel('room', {private: false})
    await bob.joinChannel('room')
    socket = new AgoraSocket({channels: ['room'], client: alice})
    inbox = new Inbox({client: alice, socket})
    await socket.connect()
  })
  afterEach(async () => {
    inbox.close()
    socket.close()
    await hub.close()
  })

  /** Bob's posts into room as the socket delivered them, waiting until `n` have arrived. */
  async function posts(n: number): Promise<Envelope[]> {
    const sent: number[] = []
    for (let i = 1; i <= n; i++) sent.push((await bob.postMessage('room', {body: `m${i}`})).seq)
    await eventually(() => inbox.size >= n, `${n} envelopes`)
    return inbox.drain().filter((e) => sent.includes(e.seq))
  }

  const unread = async (): Promise<string[]> =>
    (await alice.inbox()).filter((e) => e.channel === 'room' && e.sender === 'bob').map((e) => e.body ?? '')

  it('drains what the socket delivered, in arrival order', async () => {
    expect((await posts(3)).map((e) => e.body)).to.deep.equal(['m1', 'm2', 'm3'])
    expect(inbox.drain()).to.deep.equal([])
  })

  it('hands next() the next envelope, or null when the wait ends', async () => {
    const waiting = inbox.next(10_000)
    const posted = await bob.postMessage('room', {body: 'soon'})
    expect((await waiting)?.id).to.equal(posted.id)
    expect(await inbox.next(1)).to.equal(null)
  })

  it('acks only what was handled: the hub cursor never passes an unhandled envelope', async () => {
    const [m1, m2, m3] = exactly(await posts(3), 3)
    expect(await inbox.ack([m1, m3])).to.deep.equal({room: m1.seq})
    expect(await unread()).to.deep.equal(['m2', 'm3'])
    expect(await inbox.ack([m2])).to.deep.equal({room: m3.seq})
    expect(await unread()).to.deep.equal([])
    expect(await inbox.ack([])).to.deep.equal({})
  })
})
