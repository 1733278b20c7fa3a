import {expect} from 'chai'

import {AgoraClient} from '../src/client.js'
import {AgoraSocket, OVERFLOW_CLOSE} from '../src/socket.js'
import type {Envelope} from '../src/wire.js'
import {eventually, seat, startHub} from './helpers/hub.js'
import type {RunningHub} from './helpers/hub.js'
import {TcpRelay} from './helpers/proxy.js'

const key = (e: {channel: string; seq: number}): string => `${e.channel}#${e.seq}`

describe('socket resume', () => {
  let hub: RunningHub
  let relay: TcpRelay
  let alice: AgoraClient
  let bob: AgoraClient
  let socket: AgoraSocket | undefined

  async function start(options: {wsQueueLimit?: number} = {}): Promise<void> {
    hub = await startHub({ratePerMinute: 1_000_000, ...options})
    relay = await TcpRelay.start(hub.url)
    alice = await seat(hub.url, 'alice')
    bob = await seat(hub.url, 'bob')
    await alice.createChannel('room', {private: false})
    await bob.joinChannel('room')
  }
  afterEach(async () => {
    socket?.close()
    await relay.close()
    await hub.close()
  })

  /** Every (channel, seq) alice should get: each channel's history after `from` minus her own posts. */
  async function expected(from: Record<string, number>): Promise<string[]> {
    const keys: string[] = []
    for (const [channel, after] of Object.entries(from)) {
      for (let since = after; ;) {
        const rows = await alice.history(channel, {since, limit: 1000})
        keys.push(...rows.filter((m) => m.sender !== 'alice').map(key))
        if (rows.length < 1000) break
        since = rows.at(-1)!.seq
      }
    }
    return keys.sort()
  }

  /** Alice's socket through the relay, recording every envelope it emits and every drop. */
  function aliceSocket(): {got: Envelope[]; drops: Array<{code: number; delayMs: number}>} {
    const got: Envelope[] = []
    const drops: Array<{code: number; delayMs: number}> = []
    socket = new AgoraSocket({backoff: {initialMs: 10, maxMs: 50}, channels: ['room'], since: {room: 0},
      client: new AgoraClient({apiKey: alice.apiKey, url: relay.url})})
    socket.on('envelope', (e) => got.push(e))
    socket.on('disconnect', ({code, delayMs}) => drops.push({code, delayMs}))
    return {got, drops}
  }

  async function waitForAll(got: Envelope[], want: string[]): Promise<void> {
    await eventually(() => { const have = new Set(got.map(key)); return want.every((k) => have.has(k)) }, 'every seq', 1200)
  }

  /** What alice got in these channels, as sorted keys (duplicates kept, so a repeat fails the comparison). */
  const received = (got: Envelope[], channels: string[]): string[] => got.filter((e) => channels.includes(e.channel)).map(key).sort()

  it('delivers every seq exactly once over ten drops while bob never stops posting, across a gap larger than one sweep page', async function () {
    this.timeout(90_000)
    await start()
    const {got} = aliceSocket()
    await socket!.connect()
    let running = true
    let sideJoined = 0
    const loop = (async () => { for (let i = 0; running; i++) await bob.postMessage('room', {body: `tick ${i}`}) })()
    for (let round = 0; round < 10; round++) {
      const before = got.length
      await eventually(() => got.length >= before + 3, `live envelopes in round ${round}`)
      relay.blocked = true
      relay.drop()
      await eventually(() => !socket!.connected, 'the drop')
      if (round === 9) {
        // the long gap: more than a sweep page in room, and a channel alice only learns of from the sweep
        for (let i = 0; i < 130; i++) await bob.postMessage('room', {body: `missed ${i}`})
        await bob.createChannel('side', {private: false})
        await alice.joinChannel('side')
        sideJoined = (await alice.history('side')).at(-1)!.seq
        for (let i = 0; i < 130; i++) await bob.postMessage('side', {body: `side ${i}`})
      }
      relay.blocked = false
      await eventually(() => socket!.connected, 'the reconnect')
    }
    running = false
    await loop
    await bob.postMessage('room', {body: 'last'})
    // side's sweep window starts after alice joined, as /inbox's does
    const want = await expected({room: 0, side: sideJoined})
    expect(want.length).to.be.greaterThan(300)
    await waitForAll(got, want)
    expect(received(got, ['room', 'side'])).to.deep.equal(want)
  })

  it('recovers every seq after the hub closes a reader that stopped reading with 4408', async () => {
    await start({wsQueueLimit: 20})
    const {got, drops} = aliceSocket()
    await socket!.connect()
    const first = await bob.postMessage('room', {body: 'before the stall'})
    await eventually(() => got.some((e) => e.id === first.id), 'a live envelope')
    relay.stall(true)
    // 300 × 60 KB outgrows the loopback socket buffers, so the hub's live queue fills
    for (let i = 0; i < 300; i++) await bob.postMessage('room', {body: `big ${i}`, data: {blob: 'x'.repeat(60_000)}})
    relay.stall(false)
    await eventually(() => drops.some((d) => d.code === OVERFLOW_CLOSE), 'the overflow close', 1200)
    expect(drops.find((d) => d.code === OVERFLOW_CLOSE)!.delayMs, 'an overflow reconnects at once').to.equal(0)
    await bob.postMessage('room', {body: 'after the overflow'})
    const want = await expected({room: 0})
    await waitForAll(got, want)
    expect(received(got, ['room'])).to.deep.equal(want)
  })
})
