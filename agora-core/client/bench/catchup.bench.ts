// Seat-side figures against a real in-process hub (in-memory SQLite, 127.0.0.1):
// post → pushed envelope latency, and reconnect catch-up of N missed messages through a TCP relay.
// Run: node --import=tsx --conditions=agora-source agora-core/client/bench/catchup.bench.ts
import {performance} from 'node:perf_hooks'

import {AgoraClient} from '../src/client.js'
import {AgoraSocket} from '../src/socket.js'
import type {Envelope} from '../src/wire.js'
import {createHub} from '@agora/hub'

import {ADMIN_KEY, eventually, seat} from '../test/helpers/hub.js'
import {TcpRelay} from '../test/helpers/proxy.js'

const LIVE = 200
const MISSED = 1000

const pct = (xs: number[], p: number): number => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor(xs.length * p))]

// The posting budget is raised so the figures measure delivery, not the rate limiter.
const hub = await createHub({adminKey: ADMIN_KEY, db: ':memory:', notifyDir: null, port: 0, ratePerMinute: 6_000_000, voteSweepMs: 3_600_000})
const relay = await TcpRelay.start(hub.url)
const alice = await seat(hub.url, 'alice')
const bob = await seat(hub.url, 'bob')
await alice.createChannel('room', {private: false})
await bob.joinChannel('room')

const socket = new AgoraSocket({backoff: {initialMs: 20, maxMs: 200}, channels: ['room'], client: new AgoraClient({apiKey: alice.apiKey, url: relay.url})})
const arrived = new Map<number, number>()
const waiters = new Map<number, () => void>()
socket.on('envelope', (e: Envelope) => {
  arrived.set(e.seq, performance.now())
  waiters.get(e.seq)?.()
})
/** Resolves when seq has arrived (an event, not a poll, so the figure has no polling granularity). */
const arrival = (seq: number): Promise<void> =>
  arrived.has(seq) ? Promise.resolve() : new Promise((resolve) => waiters.set(seq, resolve))
await socket.connect()

const latencies: number[] = []
for (let i = 0; i < LIVE; i++) {
  const start = performance.now()
  const {seq} = await bob.postMessage('room', {body: `live ${i}`})
  await arrival(seq)
  latencies.push(arrived.get(seq)! - start)
}

relay.blocked = true
relay.drop()
await eventually(() => !socket.connected, 'drop')
let last = 0
for (let i = 0; i < MISSED; i++) last = (await bob.postMessage('room', {body: `missed ${i}`})).seq
const before = arrived.size
const unblocked = performance.now()
relay.blocked = false
await arrival(last)
const catchUp = performance.now() - unblocked

console.log(JSON.stringify({
  catch_up_messages: arrived.size - before,
  catch_up_ms: Math.round(catchUp),
  live_post_to_envelope_ms: {p50: +pct(latencies, 0.5).toFixed(2), p95: +pct(latencies, 0.95).toFixed(2), n: LIVE},
  missed: MISSED,
}))
socket.close()
await relay.close()
await hub.close()
