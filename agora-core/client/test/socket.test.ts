import {expect} from 'chai'

import {AgoraClient} from '../src/client.js'
import {AgoraSocket} from '../src/socket.js'
import {AgoraFrameError} from '../src/errors.js'
import type {Envelope} from '../src/wire.js'
import {eventually, seat, startHub} from './helpers/hub.js'
import type {RunningHub} from './helpers/hub.js'
import {TcpRelay} from './helpers/proxy.js'
import {the} from '../../../test/helpers/present.js'

describe('socket', () => {
  let hub: RunningHub
  let relay: TcpRelay
  let alice: AgoraClient
  let bob: AgoraClient
  let socket: AgoraSocket | undefined

  beforeEach(async () => {
    hub = await startHub()
    relay = await TcpRelay.start(hub.url)
    alice = await seat(hub.url, 'alice')
    bob = await seat(hub.url, 'bob')
    await alice.createChannel('room', {private: false})
    await bob.joinChannel('room')
  })
  afterEach(async () => {
    socket?.close()
    await relay.close()
    await hub.close()
  })

  const seqs = (got: Envelope[]): number[] => got.filter((e) => e.channel === 'room' && e.sender === 'bob').map((e) => e.seq)

  it('delivers every seq missed while the server-side socket was dropped exactly once after reconnecting', async () => {
    const viaRelay = new AgoraClient({apiKey: alice.apiKey, url: relay.url})
    socket = new AgoraSocket({backoff: {initialMs: 20, maxMs: 200}, channels: ['room'], client: viaRelay})
    const got: Envelope[] = []
    let reconnects = 0
    socket.on('envelope', (e) => got.push(e))
    socket.on('open', ({reconnect}) => { if (reconnect) reconnects += 1 })
    await socket.connect()
    const posted: number[] = []
    for (let i = 1; i <= 3; i++) posted.push((await bob.postMessage('room', {body: `live ${i}`})).seq)
    await eventually(() => seqs(got).length === 3, 'the first three live envelopes')

    relay.blocked = true
    relay.drop()
    await eventually(() => !socket!.connected, 'the socket to notice the drop')
    for (let i = 4; i <= 8; i++) posted.push((await bob.postMessage('room', {body: `missed ${i}`})).seq)
    relay.blocked = false
    await eventually(() => seqs(got).length >= 8, 'catch-up after reconnect')
    posted.push((await bob.postMessage('room', {body: 'after'})).seq)
    await eventually(() => seqs(got).length >= 9, 'live delivery after reconnect')

    expect(reconnects).to.be.greaterThan(0)
    expect(seqs(got)).to.deep.equal(posted)
    expect(new Set(got.map((e) => `${e.channel}#${e.seq}`)).size).to.equal(got.length)
    expect(socket.highWater().room).to.equal(posted.at(-1))
  })

  it('replays the backlog after `since` on the first subscribe and never pushes own posts', async () => {
    const first = await bob.postMessage('room', {body: 'one'})
    await bob.postMessage('room', {body: 'two'})
    await alice.postMessage('room', {body: 'mine'})
    socket = new AgoraSocket({channels: ['room'], client: alice, since: {room: first.seq}})
    const got: Envelope[] = []
    socket.on('envelope', (e) => got.push(e))
    await socket.connect()
    await eventually(() => got.length >= 1, 'the backlog')
    const live = await bob.postMessage('room', {body: 'three'})
    await eventually(() => got.some((e) => e.seq === live.seq), 'a live envelope')
    expect(got.map((e) => e.body)).to.deep.equal(['two', 'three'])
  })

  it('authenticates with an Authorization header instead of ?token= when asked', async () => {
    socket = new AgoraSocket({auth: 'header', channels: ['room'], client: alice})
    const got: Envelope[] = []
    socket.on('envelope', (e) => got.push(e))
    await socket.connect()
    const live = await bob.postMessage('room', {body: 'via header'})
    await eventually(() => got.some((e) => e.id === live.id), 'a live envelope')
  })

  it('reports a 403 error frame for a non-member subscribe and keeps delivering', async () => {
    await bob.createChannel('bobs-room')
    socket = new AgoraSocket({client: alice})
    const errors: Array<Error & {status?: number}> = []
    const got: Envelope[] = []
    socket.on('error', (e) => errors.push(e))
    socket.on('envelope', (e) => got.push(e))
    await socket.connect()
    socket.subscribe(['bobs-room'], {'bobs-room': 0})
    await eventually(() => errors.length === 1, 'the error frame')
    expect(errors[0]).to.be.instanceOf(AgoraFrameError)
    expect(the(errors, 0).status).to.equal(403)
    expect(the(errors, 0).message).to.include('bobs-room')
    const live = await bob.postMessage('room', {body: 'still here'})
    await eventually(() => got.some((e) => e.id === live.id), 'a live envelope after the error')
  })

  it('does not crash the process on an error frame nobody listens for', async () => {
    await bob.createChannel('bobs-other')
    socket = new AgoraSocket({client: alice})
    const got: Envelope[] = []
    socket.on('envelope', (e) => got.push(e))
    await socket.connect()
    socket.subscribe(['bobs-other'], {'bobs-other': 0})
    const live = await bob.postMessage('room', {body: 'after an unheard error'})
    await eventually(() => got.some((e) => e.id === live.id), 'a live envelope')
    expect(socket.connected).to.equal(true)
  })

  it('stops reconnecting after close()', async () => {
    socket = new AgoraSocket({backoff: {initialMs: 10}, client: new AgoraClient({apiKey: alice.apiKey, url: relay.url})})
    const drops: boolean[] = []
    socket.on('disconnect', ({willReconnect}) => drops.push(willReconnect))
    await socket.connect()
    socket.close()
    await eventually(() => drops.length === 1, 'the close event')
    expect(drops).to.deep.equal([false])
    expect(socket.connected).to.equal(false)
  })

  it('rejects connect() for a bad key and does not retry (4401)', async () => {
    socket = new AgoraSocket({backoff: {initialMs: 10}, client: new AgoraClient({apiKey: 'agora_' + '0'.repeat(48), url: hub.url})})
    const drops: Array<{code: number; willReconnect: boolean}> = []
    socket.on('disconnect', (d) => drops.push(d))
    const error = await socket.connect().then(() => null, (e: unknown) => e)
    expect((error as Error).message).to.match(/websocket refused/)
    expect(drops[0]).to.include({willReconnect: false})
  })
})
