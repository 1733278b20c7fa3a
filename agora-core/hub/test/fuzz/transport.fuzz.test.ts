// The layer below the JSON, attacked with raw sockets against a real hub on 127.0.0.1:0: requests split at
// any byte, pipelined with a refused one among them, broken framing, oversized headers, trickling bodies,
// upgrades that never finish, and WebSocket peers that fragment, flood or never read. Every case ends
// in a bounded time with nothing stored that should not be.
import {readFileSync} from 'node:fs'
import {expect} from 'chai'
import fc from 'fast-check'
import {ADMIN_KEY, TestHub, sleep, testDatabase} from '../helpers/hub.js'
import type {Caller} from '../helpers/hub.js'
import {spawnHub} from '../helpers/hub-process.js'
import {clientFrame, httpRequest, openRaw, parseResponses, rawWebSocket, serverTexts, splitAt, writeApart} from './raw-http.js'

const RUNS = Number(process.env.FUZZ_RUNS ?? 25)

describe('the HTTP door against a hostile client', function () {
  this.timeout(60_000)
  let h: TestHub
  let alice: Caller
  before(async () => {
    h = await TestHub.start({ratePerMinute: 1_000_000, door: {headersTimeoutMs: 400, requestTimeoutMs: 1200, keepAliveTimeoutMs: 3000, idleSocketTimeoutMs: 10_000}})
    alice = await h.register('alice')
    await h.channel(alice, 'room')
    await alice.postMessage('room', {body: 'already here'})
  })
  after(async () => h.close())

  const messageCount = async (): Promise<number> => (await alice.history('room')).length
  /** Send `chunks` on a fresh connection and read until the hub closes it. */
  const exchange = async (chunks: Buffer[]): Promise<Buffer> => {
    const raw = await openRaw(h.url)
    await writeApart(raw.socket, chunks)
    await raw.closed
    return raw.received()
  }

  it('answers a request split at any byte boundaries exactly as it answers it whole', async () => {
    const requests = [
      httpRequest('GET', '/channels/room/messages?limit=5', {key: alice.key ?? '', close: true}),
      httpRequest('PUT', '/me/about', {key: alice.key ?? '', body: JSON.stringify({about: 'splits ✓ at any byte'}), close: true}),
      httpRequest('POST', '/channels/room/messages', {key: alice.key ?? '', body: '{"body": 5}', close: true}),
    ]
    const whole = await Promise.all(requests.map(async (r) => parseResponses(await exchange([r]))))
    const before = await messageCount()
    await fc.assert(fc.asyncProperty(fc.nat(requests.length - 1), fc.array(fc.nat(800), {maxLength: 24}), async (which, cuts) => {
      const request = requests[which] as Buffer
      const got = parseResponses(await exchange(splitAt(request, cuts)))
      expect(got.map((r) => [r.status, r.body])).to.deep.equal(whole[which]?.map((r) => [r.status, r.body]))
    }), {numRuns: RUNS})
    expect(await messageCount()).to.equal(before)
  })

  it('answers pipelined requests in order, and a refused one among them changes nothing', async () => {
    const bad = [
      '{"body": "unterminated',
      '{"body": 5}',
      JSON.stringify({body: 'deep', data: JSON.parse('{"a":'.repeat(100) + '1' + '}'.repeat(100)) as unknown}),
      JSON.stringify({body: 'x', kind: 'no-such-kind'}),
    ]
    let round = 0
    await fc.assert(fc.asyncProperty(fc.integer({min: 0, max: 4}), fc.nat(bad.length - 1), async (at, kind) => {
      round += 1
      const before = await alice.history('room')
      const bodies = [0, 1, 2, 3, 4].map((i) => `pipelined ${round}.${i}`)
      const wire = bodies.map((b, i) => httpRequest('POST', '/channels/room/messages', {
        key: alice.key ?? '', body: i === at ? bad[kind] : JSON.stringify({body: b}), close: i === 4,
      }))
      const answers = parseResponses(await exchange([Buffer.concat(wire)]))
      expect(answers.map((a) => a.status >= 400), answers.map((a) => `${a.status} ${a.body.slice(0, 120)}`).join('\n')).to.deep.equal([0, 1, 2, 3, 4].map((i) => i === at))
      const refused = answers[at]
      expect(JSON.parse(refused?.body ?? '{}')).to.have.property('detail')
      const seqs = answers.filter((_, i) => i !== at).map((a) => (JSON.parse(a.body) as {seq: number}).seq)
      expect(seqs).to.deep.equal([...seqs].sort((x, y) => x - y))
      const after = await alice.history('room')
      expect(after.slice(before.length).map((m: {body: string}) => m.body)).to.deep.equal(bodies.filter((_, i) => i !== at))
    }), {numRuns: Math.min(RUNS, 15)})
  })

  it('refuses broken chunked framing with a 400, closes, and runs nothing after it', async () => {
    const framings = ['zz\r\n{"body":"chunk"}\r\n0\r\n\r\n', '5\r\n{"body":"chunk"}\r\n0\r\n\r\n', '11\r\n{"body":"chunk"}0\r\n\r\n', '-1\r\n{}\r\n0\r\n\r\n']
    const before = await messageCount()
    for (const framing of framings) {
      const head = `POST /channels/room/messages HTTP/1.1\r\nHost: hub\r\nAuthorization: Bearer ${alice.key}\r\nContent-Type: application/json\r\nTransfer-Encoding: chunked\r\n\r\n`
      const after = httpRequest('POST', '/channels/room/messages', {key: alice.key ?? '', body: '{"body":"smuggled"}'})
      const answers = parseResponses(await exchange([Buffer.from(head + framing), after]))
      expect(answers.map((a) => a.status), framing).to.deep.equal([400])
    }
    // Content-Length beside chunked (the request-smuggling shape): refused whole, nothing after it runs.
    const both = `POST /channels/room/messages HTTP/1.1\r\nHost: hub\r\nAuthorization: Bearer ${alice.key}\r\nContent-Type: application/json\r\nContent-Length: 4\r\nTransfer-Encoding: chunked\r\n\r\n11\r\n{"body":"chunk"}\r\n0\r\n\r\n`
    const smuggled = parseResponses(await exchange([Buffer.from(both), httpRequest('POST', '/channels/room/messages', {key: alice.key ?? '', body: '{"body":"smuggled"}'})]))
    expect(smuggled.map((a) => a.status)).to.deep.equal([400])
    expect(await messageCount()).to.equal(before)
  })

  it('answers 431 to headers past the size limit, and serves a request with 1,500 small headers', async () => {
    const many = (n: number, value: string) => Object.fromEntries(Array.from({length: n}, (_, i) => [`x-h${i}`, value]))
    const big = parseResponses(await exchange([httpRequest('GET', '/healthz', {headers: many(3000, 'v'.repeat(10)), close: true})]))
    expect(big.map((a) => a.status)).to.deep.equal([431])
    const small = parseResponses(await exchange([httpRequest('GET', '/healthz', {headers: many(1500, 'v'), close: true})]))
    expect(small.map((a) => a.status)).to.deep.equal([200])
  })

  it('cuts a body that trickles a byte at a time, and stores nothing from it', async () => {
    const before = await messageCount()
    const request = httpRequest('POST', '/channels/room/messages', {key: alice.key ?? '', body: JSON.stringify({body: 'trickled '.repeat(20)})})
    const headEnd = request.indexOf('\r\n\r\n') + 4
    const raw = await openRaw(h.url)
    raw.socket.write(request.subarray(0, headEnd))
    let sent = headEnd
    while (!raw.isClosed() && sent < request.length) {
      await sleep(50)
      if (!raw.isClosed()) raw.socket.write(request.subarray(sent, ++sent))
    }
    expect(raw.isClosed(), 'the hub waited for the whole trickle').to.equal(true)
    expect(sent).to.be.below(request.length)
    expect(await messageCount()).to.equal(before)
  })

  it('cuts a request whose Content-Length promises more than is sent, and stores nothing', async () => {
    const before = await messageCount()
    const request = httpRequest('POST', '/channels/room/messages', {key: alice.key ?? '', body: JSON.stringify({body: 'half'})})
    const text = request.toString('latin1').replace(/Content-Length: \d+/, 'Content-Length: 5000')
    const answers = parseResponses(await exchange([Buffer.from(text, 'latin1')]))
    expect(answers.every((a) => a.status >= 400)).to.equal(true)
    expect(await messageCount()).to.equal(before)
  })

  it('cuts a WebSocket upgrade whose headers never end', async () => {
    const raw = await openRaw(h.url)
    raw.socket.write(`GET /ws?token=${alice.key} HTTP/1.1\r\nHost: hub\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n`)
    for (let i = 0; i < 100 && !raw.isClosed(); i++) {
      await sleep(50)
      if (!raw.isClosed()) raw.socket.write(`X-Drip-${i}: 1\r\n`)
    }
    expect(raw.isClosed()).to.equal(true)
    expect(raw.received().toString('latin1')).to.not.include('101 Switching Protocols')
  })

  it('reassembles a frame fragmented into 4,000 continuation frames', async () => {
    const ws = await rawWebSocket(h.url, alice.key ?? '')
    const payload = Buffer.from(JSON.stringify({type: 'ping', pad: 'p'.repeat(4000)}))
    const frames = [...payload].map((byte, i) => clientFrame(i === 0 ? 0x1 : 0x0, Buffer.from([byte]), i === payload.length - 1))
    ws.socket.write(Buffer.concat(frames))
    for (let i = 0; i < 200 && !serverTexts(ws.received()).includes('{"type":"pong"}'); i++) await sleep(25)
    expect(serverTexts(ws.received())).to.include('{"type":"pong"}')
    ws.socket.destroy()
  })

  it('closes a fragmented message once its fragments pass 1 MiB together', async () => {
    const ws = await rawWebSocket(h.url, alice.key ?? '')
    const piece = Buffer.alloc(64 * 1024, 0x61)
    for (let i = 0; i < 20 && !ws.isClosed(); i++) ws.socket.write(clientFrame(i === 0 ? 0x1 : 0x0, piece, false))
    await ws.closed
    const tail = ws.received()
    const close = tail.subarray(tail.lastIndexOf(0x88))
    expect(close.readUInt16BE(2)).to.equal(1009)
  })

  it('terminates a peer that floods pings and never reads the pongs', async () => {
    const ws = await rawWebSocket(h.url, alice.key ?? '')
    ws.socket.pause()
    const batch = Buffer.concat(Array.from({length: 1000}, () => clientFrame(0x9, Buffer.alloc(0))))
    for (let i = 0; i < 2000 && !ws.isClosed(); i++) {
      if (!ws.socket.write(batch)) await Promise.race([new Promise((ok) => ws.socket.once('drain', ok)), ws.closed, sleep(2000)])
    }
    await Promise.race([ws.closed, sleep(10_000)])
    expect(ws.isClosed()).to.equal(true)
  })
})

describe('a WebSocket peer that floods frames and never reads the replies', function () {
  this.timeout(120_000)

  it('is no longer read once its replies pile up, so the hub\'s memory stays bounded', async () => {
    const db = (await testDatabase()) ?? ':memory:'
    const hub = await spawnHub({db, adminKey: ADMIN_KEY, notifyDir: null, ratePerMinute: 1e6})
    const vm = (field: string): number => Number(new RegExp(`${field}:\\s+(\\d+) kB`).exec(readFileSync(`/proc/${hub.child.pid}/status`, 'utf8'))?.[1]) / 1024
    try {
      const reg = await fetch(`${hub.url}/agents`, {method: 'POST', headers: {authorization: `Bearer ${ADMIN_KEY}`, 'content-type': 'application/json'}, body: '{"id":"flood"}'})
      const {api_key: key} = await reg.json() as {api_key: string}
      const start = vm('VmRSS')
      const ws = await rawWebSocket(hub.url, key)
      ws.socket.pause()
      const batch = Buffer.concat(Array.from({length: 1000}, () => clientFrame(0x1, Buffer.from('{"type":"ping"}'))))
      const total = 1000
      let batches = 0
      let stalled = false
      while (batches < total && !ws.isClosed()) {
        batches += 1
        if (!ws.socket.write(batch)) {
          const drained = await Promise.race([new Promise<boolean>((ok) => ws.socket.once('drain', () => ok(true))), sleep(10_000).then(() => false)])
          if (!drained) { stalled = true; break }
        }
      }
      await sleep(1000)
      const grown = vm('VmHWM') - start
      ws.socket.destroy()
      // A million 21-byte frames (21 MB) grew the hub by about 270 MB before it stopped reading such a peer.
      expect(grown, `the hub grew by ${grown.toFixed(0)} MiB`).to.be.below(150)
      expect(stalled, `the hub took all ${batches} batches of frames`).to.equal(true)
    } finally {
      await hub.stop()
    }
  })
})

describe('an HTTP client that asks for a large page and never reads it', function () {
  this.timeout(60_000)

  it('is cut after the idle timeout instead of holding the socket and the unsent answer forever', async () => {
    const h = await TestHub.start({ratePerMinute: 1_000_000, door: {idleSocketTimeoutMs: 400, keepAliveTimeoutMs: 400, headersTimeoutMs: 400, requestTimeoutMs: 1000}})
    try {
      const alice = await h.register('alice')
      await h.channel(alice, 'room')
      // About 9 MB of history: more than loopback's socket buffers take, so most of the answer waits in the hub.
      for (let i = 0; i < 150; i++) await alice.postMessage('room', {body: 'x'.repeat(60_000)})
      const raw = await openRaw(h.url)
      raw.socket.pause()
      raw.socket.write(httpRequest('GET', '/channels/room/messages?limit=150', {key: alice.key ?? ''}))
      await sleep(2500)
      raw.socket.resume()
      await Promise.race([raw.closed, sleep(10_000)])
      expect(raw.isClosed()).to.equal(true)
      expect(parseResponses(raw.received()), 'the whole answer waited for the peer').to.have.length(0)
      expect((await alice.history('room', 0, 5)).length, 'the hub still serves').to.equal(5)
    } finally {
      await h.close()
    }
  })
})
