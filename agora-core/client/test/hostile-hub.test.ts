import {createHash} from 'node:crypto'
import {existsSync, mkdtempSync, rmSync} from 'node:fs'
import {tmpdir} from 'node:os'
import {join} from 'node:path'

import {expect} from 'chai'
import fc from 'fast-check'
import type {AddressInfo, Socket} from 'node:net'
import {WebSocketServer} from 'ws'
import type {WebSocket} from 'ws'

import {AgoraAnswerError} from '../src/answer-error.js'
import {AgoraClient} from '../src/client.js'
import {AgoraUnreachableError} from '../src/errors.js'
import {connectAsSeat} from '../src/seat.js'
import {AgoraSocket} from '../src/socket.js'
import {gigantic, hostileHub, hostileTcp, json, nested, redirectLoop, stalls} from '../../../test/helpers/hostile-hub.js'
import type {Answer, HostileHub} from '../../../test/helpers/hostile-hub.js'

const KEY = `agora_${'a'.repeat(48)}`
const MiB = 1024 * 1024

/** What a call threw (the test fails if it resolved). */
async function thrown(work: Promise<unknown>): Promise<Error> {
  try {
    await work
  } catch (error) {
    return error as Error
  }
  throw new Error('expected the call to throw, but it returned')
}

describe('the client against a hostile hub', function () {
  this.timeout(30_000)
  let peer: HostileHub | undefined
  afterEach(async () => { await peer?.close(); peer = undefined })
  const serve = async (answer: Answer): Promise<string> => (peer = await hostileHub(answer)).url

  it('cuts an answer that streams past the cap and says so in one line naming the hub', async () => {
    const url = await serve(gigantic(64))
    const error = await thrown(new AgoraClient({url, apiKey: KEY, responseMaxBytes: MiB}).whoami())
    expect(error).to.be.instanceOf(AgoraAnswerError)
    expect(error.message).to.include(url).and.include('more than 1 MiB').and.include('GET /whoami')
    expect(error.message).to.not.include('\n')
  })

  it('refuses a declared Content-Length over the cap before waiting for the body', async () => {
    const url = await serve(stalls(1024 * MiB))
    const error = await thrown(new AgoraClient({url, apiKey: KEY, responseMaxBytes: MiB, timeoutMs: 10_000}).whoami())
    expect(error).to.be.instanceOf(AgoraAnswerError)
    expect(error.message).to.include('more than 1 MiB')
  })

  it('times out a body that never ends, and a Content-Length that promises more than comes', async () => {
    for (const declared of [undefined, 1000]) {
      const url = await serve(stalls(declared))
      const error = await thrown(new AgoraClient({url, apiKey: KEY, timeoutMs: 300}).whoami())
      expect(error).to.be.instanceOf(AgoraUnreachableError)
      expect(error.message).to.include(url)
      await peer?.close()
    }
  })

  it('names the hub url and what to check when a 200 is not JSON', async () => {
    const url = await serve(json('<html>captive portal</html>'))
    const error = await thrown(new AgoraClient({url, apiKey: KEY}).whoami())
    expect(error).to.be.instanceOf(AgoraAnswerError)
    expect(error.message).to.include(url).and.include('not JSON').and.include('--url')
  })

  it('gives up on a redirect loop with an unreachable error naming the hub', async () => {
    const url = await serve(redirectLoop)
    const error = await thrown(new AgoraClient({url, apiKey: KEY}).whoami())
    expect(error).to.be.instanceOf(AgoraUnreachableError)
    expect(error.message).to.include(url).and.include('redirect')
  })

  it('reads an answer nested 100,000 deep without overflowing the stack', async () => {
    const url = await serve(json(nested(100_000)))
    let depth = 0
    let value = await new AgoraClient({url, apiKey: KEY}).request<unknown>('GET', '/x')
    while (Array.isArray(value) && value.length > 0) { depth += 1; value = value[0] }
    expect(depth).to.equal(99_999)
  })

  it('refuses every registration answer that is not the seat asked for with a well-formed key', async () => {
    const valid = {agent: {id: 'alice', operator: false}, api_key: KEY}
    const wrong = fc.oneof(
      fc.anything(),
      fc.record({agent: fc.record({id: fc.string().filter((id) => id !== 'alice')}), api_key: fc.constant(KEY)}),
      fc.constantFrom('bob', 'Alice', 'alice\n', 'a--b', '../alice').map((id) => ({agent: {id}, api_key: KEY})),
      fc.oneof(fc.string(), fc.constantFrom('k\nX'.repeat(5), ' agora_key ', 'x'.repeat(600), 'short'), fc.integer(), fc.constant(null))
        .filter((k) => typeof k !== 'string' || !/^[\x21-\x7e]{8,512}$/.test(k))
        .map((k) => ({agent: {id: 'alice'}, api_key: k})),
    )
    let current: unknown = valid
    const url = await serve((_req, res) => json(current)(_req, res, ''))
    const admin = new AgoraClient({url, adminKey: 'admin-key-0123456789'})
    expect((await admin.registerAgent({id: 'alice'})).api_key).to.equal(KEY)
    await fc.assert(fc.asyncProperty(wrong, async (answer) => {
      current = answer
      const error = await thrown(admin.registerAgent({id: 'alice'}))
      expect(error, String(error)).to.be.instanceOf(AgoraAnswerError)
      expect(error.message).to.include(url)
    }), {numRuns: 60})
  })

  it('caches no key when self-registration is answered with another seat', async () => {
    const home = mkdtempSync(join(tmpdir(), 'agora-hostile-'))
    try {
      const url = await serve(json({agent: {id: 'root', operator: true}, api_key: KEY}))
      const error = await thrown(connectAsSeat({url, agentId: 'alice', home, env: {AGORA_ADMIN_KEY: 'admin-key-0123456789'}}))
      expect(error).to.be.instanceOf(AgoraAnswerError)
      expect(error.message).to.include("the seat 'root' where 'alice' was asked for")
      expect(existsSync(join(home, 'keys.json'))).to.equal(false)
    } finally {
      rmSync(home, {recursive: true, force: true})
    }
  })
})

/** Wait for the socket's first disconnect, or fail after `ms` with a clear reason. */
function firstDisconnect(socket: AgoraSocket, ms: number): Promise<{code: number; reason: string; willReconnect: boolean}> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`no disconnect within ${ms} ms: the socket is still waiting on the peer`)), ms)
    socket.once('disconnect', (info) => { clearTimeout(timer); resolve(info) })
  })
}

/** Answer the upgrade correctly, then run `after` on the raw socket. */
const upgradeThen = (after: (socket: Socket) => void) => (socket: Socket): void => {
  let head = ''
  socket.on('data', (chunk: Buffer) => {
    if (head.includes('\r\n\r\n')) return
    head += chunk.toString('latin1')
    if (!head.includes('\r\n\r\n')) return
    const key = /sec-websocket-key:\s*(\S+)/i.exec(head)?.[1] ?? ''
    const accept = createHash('sha1').update(`${key}258EAFA5-E914-47DA-95CA-C5AB0DC85B11`).digest('base64')
    socket.write(`HTTP/1.1 101 Switching Protocols\r\nUpgrade: websocket\r\nConnection: Upgrade\r\nSec-WebSocket-Accept: ${accept}\r\n\r\n`)
    after(socket)
  })
}

/** A text frame header announcing `length` bytes (64-bit length form), with no payload behind it. */
const giantFrameHeader = (length: number): Buffer => {
  const header = Buffer.alloc(10)
  header[0] = 0x81
  header[1] = 127
  header.writeBigUInt64BE(BigInt(length), 2)
  return header
}

describe('the live socket against a hostile hub', function () {
  this.timeout(30_000)
  let peer: HostileHub | undefined
  let socket: AgoraSocket | undefined
  afterEach(async () => { socket?.close(); await peer?.close(); peer = undefined })

  it('drops and retries an upgrade the peer never answers, naming the handshake timeout', async () => {
    peer = await hostileTcp((s) => s.resume())
    const client = new AgoraClient({url: peer.url, apiKey: KEY})
    socket = new AgoraSocket({client, handshakeTimeoutMs: 300, backoff: {initialMs: 60_000}})
    socket.connect().catch(() => undefined)
    const drop = await firstDisconnect(socket, 10_000)
    expect(drop.willReconnect).to.equal(true)
    expect(drop.reason).to.match(/handshake has timed out/i)
  })

  for (const length of [32 * MiB, 1024 * MiB]) {
    it(`drops a frame whose header announces ${length / MiB} MiB, without waiting for it`, async () => {
      peer = await hostileTcp(upgradeThen((s) => s.write(giantFrameHeader(length))))
      const client = new AgoraClient({url: peer.url, apiKey: KEY})
      socket = new AgoraSocket({client, backoff: {initialMs: 60_000}})
      socket.connect().catch(() => undefined)
      const drop = await firstDisconnect(socket, 10_000)
      expect(drop.reason).to.match(/max payload size exceeded/i)
      expect(drop.willReconnect).to.equal(true)
    })
  }
})

describe('the live socket against frames of the wrong shape', function () {
  this.timeout(60_000)

  it('drops every malformed frame with an error event, delivering nothing and moving no resume point', async () => {
    const wss = new WebSocketServer({port: 0, host: '127.0.0.1'})
    await new Promise((ok) => wss.once('listening', ok))
    const peers: WebSocket[] = []
    wss.on('connection', (ws) => { peers.push(ws); ws.send('{"type":"pong"}') })
    const url = `http://127.0.0.1:${(wss.address() as AddressInfo).port}`
    const socket = new AgoraSocket({client: new AgoraClient({url, apiKey: KEY}), backoff: {initialMs: 60_000}})
    const delivered: unknown[] = []
    const errors: string[] = []
    socket.on('envelope', (e) => delivered.push(e))
    socket.on('error', (e) => errors.push(e.message))
    try {
      await socket.connect()
      const badValue = fc.oneof(fc.constant(null), fc.integer(), fc.string(), fc.constant([]), fc.constant({}), fc.double(), fc.constant('9e99'), fc.constant(-5), fc.constant(1.5))
      const bad = fc.oneof(
        // `channels: null` reads as no channels (optional fields may come as null) and `[]` is none: neither is bad.
        badValue.filter((v) => v !== null && !(Array.isArray(v) && v.length === 0)).map((channels) => ({type: 'subscribed', channels})),
        fc.array(badValue.filter((v) => typeof v !== 'string' || v === ''), {minLength: 1, maxLength: 3}).map((channels) => ({type: 'subscribed', channels: ['ok', ...channels]})),
        badValue.map((envelope) => ({type: 'envelope', envelope})),
        badValue.filter((v) => !(Number.isSafeInteger(v) && (v as number) >= 1)).map((seq) => ({type: 'envelope', envelope: {channel: 'room', seq, body: 'x'}})),
        badValue.filter((c) => typeof c !== 'string' || c === '').map((channel) => ({type: 'envelope', envelope: {channel, seq: 1}})),
        fc.constant({type: 'envelope', envelope: {channel: 'room', seq: 1e300}}),
        fc.constant({type: 'envelope', envelope: {channel: 'room', seq: 3, retracted: true}}),
        fc.constant({type: 'envelope', envelope: {channel: 'c'.repeat(300), seq: 1}}),
      )
      let sentinel = 0
      await fc.assert(fc.asyncProperty(bad, async (frame) => {
        const before = errors.length
        sentinel += 1
        const peer = peers[0]
        if (!peer) throw new Error('the fake hub has no connection')
        peer.send(JSON.stringify(frame))
        peer.send(JSON.stringify({type: 'envelope', envelope: {channel: 'sentinel', seq: sentinel, id: `m${sentinel}`, body: 'ok'}}))
        for (let i = 0; i < 200 && delivered.length < sentinel; i++) await new Promise((ok) => setTimeout(ok, 5))
        expect(delivered.map((e) => (e as {channel: unknown}).channel)).to.deep.equal(Array.from({length: sentinel}, () => 'sentinel'))
        expect(errors.length, JSON.stringify(frame)).to.equal(before + 1)
        expect(errors.at(-1)).to.include(url).and.include('cannot read')
        expect(Object.keys(socket.resumePoints())).to.deep.equal(['sentinel'])
      }), {numRuns: 60})
    } finally {
      socket.close()
      await new Promise((ok) => wss.close(ok))
    }
  })
})
