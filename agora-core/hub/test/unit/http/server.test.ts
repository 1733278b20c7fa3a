// The door, exercised with raw TCP sockets: idle and dripping connections are closed, a long-poll in
// flight and a WS socket are not, and connections over the cap get a 503 with a detail, then close.
import {expect} from 'chai'
import {connect} from 'node:net'
import type {Socket} from 'node:net'
import {sleep, TestHub} from '../../helpers/hub.js'
import {WsSeat} from '../../helpers/ws.js'

interface Raw { socket: Socket; received: () => string; closed: Promise<void>; isClosed: () => boolean }

async function rawSocket(url: string): Promise<Raw> {
  const {hostname, port} = new URL(url)
  const socket = connect(Number(port), hostname)
  let text = ''
  let done = false
  socket.on('data', (c: Buffer) => { text += c.toString('utf8') })
  socket.on('error', () => { /* a reset is one way of being closed */ })
  const closed = new Promise<void>((ok) => socket.once('close', () => { done = true; ok() }))
  await new Promise<void>((ok) => socket.once('connect', () => ok()))
  return {socket, received: () => text, closed, isClosed: () => done}
}

const request = (path: string, key?: string) =>
  `GET ${path} HTTP/1.1\r\nHost: hub\r\n${key ? `Authorization: Bearer ${key}\r\n` : ''}\r\n`

describe('the HTTP door: timeouts and the connection cap', function () {
  this.timeout(20_000)
  let h: TestHub
  afterEach(async () => { await h.close() })

  it('closes a socket that never sends a request', async () => {
    h = await TestHub.start({door: {idleSocketTimeoutMs: 200, headersTimeoutMs: 10_000, requestTimeoutMs: 20_000}})
    const raw = await rawSocket(h.url)
    await raw.closed
    expect(raw.received()).to.equal('')
  })

  it('cuts a client that drips one header line at a time, by headersTimeout', async () => {
    h = await TestHub.start({door: {headersTimeoutMs: 400, requestTimeoutMs: 1000, idleSocketTimeoutMs: 10_000}})
    const raw = await rawSocket(h.url)
    raw.socket.write('GET /healthz HTTP/1.1\r\nHost: hub\r\n')
    let lines = 0
    while (!raw.isClosed() && lines < 100) {
      await sleep(100)
      if (!raw.isClosed()) raw.socket.write(`X-Drip-${lines++}: 1\r\n`)
    }
    expect(raw.isClosed()).to.equal(true)
    expect(raw.received()).to.not.match(/"ok":true/)
  })

  it('closes an idle keep-alive connection after a request', async () => {
    h = await TestHub.start({door: {keepAliveTimeoutMs: 200}})
    const raw = await rawSocket(h.url)
    raw.socket.write(request('/healthz'))
    await raw.closed
    expect(raw.received()).to.match(/^HTTP\/1\.1 200/).and.match(/"ok":true/)
  })

  it('lets a long-poll in flight outlive the idle timeout', async () => {
    h = await TestHub.start({door: {idleSocketTimeoutMs: 150, keepAliveTimeoutMs: 150}})
    const bob = await h.register('bob')
    const raw = await rawSocket(h.url)
    raw.socket.write(request('/inbox?wait=1', bob.key as string))
    await raw.closed
    expect(raw.received()).to.match(/^HTTP\/1\.1 200/).and.match(/\r\n\r\n\[\]$/)
  })

  it('leaves a WS socket open past the idle timeout', async () => {
    h = await TestHub.start({door: {idleSocketTimeoutMs: 150, keepAliveTimeoutMs: 150}})
    const bob = await h.register('bob')
    const ws = await WsSeat.connect(h.url, bob.key as string)
    try {
      await sleep(600)
      ws.ws.send(JSON.stringify({type: 'ping'}))
      expect((await ws.waitFor((f) => f.type === 'pong')).type).to.equal('pong')
      expect(ws.closeCode).to.equal(null)
    } finally {
      ws.close()
    }
  })

  it('answers a connection over the cap with a 503 and a detail, then closes it', async () => {
    h = await TestHub.start({door: {connectionsMax: 2}})
    const held = [await rawSocket(h.url), await rawSocket(h.url)]
    const extra = await rawSocket(h.url)
    extra.socket.write(request('/healthz'))
    await extra.closed
    expect(extra.received()).to.match(/^HTTP\/1\.1 503/).and.match(/Retry-After: 1/i)
    expect(extra.received()).to.include('the hub is at its limit of 2 open connections')
    for (const r of held) r.socket.destroy()
    await Promise.all(held.map((r) => r.closed))
    const after = await rawSocket(h.url)
    after.socket.write(request('/healthz'))
    while (!/"ok":true/.test(after.received())) await sleep(20)
    after.socket.destroy()
  })

  it('refuses hub options whose timeouts contradict each other', async () => {
    let err: Error | undefined
    try {
      h = await TestHub.start({door: {headersTimeoutMs: 2000, requestTimeoutMs: 1000}})
    } catch (e) {
      err = e as Error
      h = await TestHub.start()
    }
    expect(err?.message).to.match(/'requestTimeoutMs' \(1000\) must be at least 'headersTimeoutMs' \(2000\)/)
  })
})
