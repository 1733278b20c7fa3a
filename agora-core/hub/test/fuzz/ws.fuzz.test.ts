// WS frames under hostile input. A frame has no status line, so "answered" means: a ping sent
// right after it is answered with pong (or the hub closed the socket with a protocol code, and
// a new socket works); an `error` frame is the refusal, and a refusal changes no row.
import {expect} from 'chai'
import fc from 'fast-check'
import {anyValue, body, deepJson, field, ident, nastyString, shapeOf, toJson, wideJson} from './gen.js'
import {JSON_ARRAY_MAX, JSON_DEPTH_MAX} from '../../src/limits.js'
import {postFields} from './requests-talk.js'
import {WsSeat} from '../helpers/ws.js'
import {databaseDump} from '../helpers/dump.js'
import {params, World} from './world.js'

interface Frame {text: string; binary?: boolean; badUtf8?: boolean}
interface WsCase extends Frame {toString(): string}

const CHANNELS = ['room', 'pub', 'dm:alice--bob', 'nope'] as const
const frame = (v: unknown) => toJson(v)
const frames: Array<fc.WeightedArbitrary<Frame>> = [
  {weight: 5, arbitrary: fc.tuple(fc.oneof({weight: 6, arbitrary: fc.constantFrom('room', 'pub')}, {weight: 1, arbitrary: ident(CHANNELS)}), postFields)
    .map(([channel, b]) => ({text: frame({type: 'post', channel, ...b})}))},
  {weight: 2, arbitrary: body({channels: field(fc.oneof(fc.array(ident(CHANNELS), {maxLength: 4}), fc.constantFrom(500, 501, 5000).map((n) => Array.from({length: n}, (_, i) => `c${i}`)))),
    since: field(fc.dictionary(ident(CHANNELS), fc.oneof(fc.nat(9), anyValue), {maxKeys: 3}))}, ['chanels'])
    .map((b) => ({text: frame({type: 'subscribe', ...b})}))},
  {weight: 2, arbitrary: fc.oneof(fc.dictionary(ident(CHANNELS), fc.oneof(fc.nat(9), anyValue), {maxKeys: 3}), wideJson, deepJson, fc.constant(null))
    .map((cursors) => ({text: frame({type: 'ack', cursors})}))},
  {weight: 1, arbitrary: fc.oneof(nastyString, fc.constantFrom('idle', 'working')).map((state) => ({text: frame({type: 'presence', state})}))},
  {weight: 1, arbitrary: fc.oneof(nastyString, anyValue).map((type) => ({text: frame({type})}))},
  {weight: 2, arbitrary: fc.oneof(deepJson, wideJson, anyValue).map((v) => ({text: frame(v)}))},
  {weight: 1, arbitrary: fc.oneof(fc.string({unit: 'binary', maxLength: 50}), fc.constantFrom('', '{', 'null', '[]', '{"type":"ping"', 'NaN')).map((text) => ({text}))},
  {weight: 1, arbitrary: fc.string({maxLength: 20}).map((text) => ({text, binary: true}))},
  {weight: 1, arbitrary: fc.constantFrom('{"type":"ping","x":"\xff"}', '{"type":"post","channel":"room","body":"\xc0\xaf"}').map((text) => ({text, badUtf8: true}))},
]
const wsCase: fc.Arbitrary<WsCase> = fc.oneof(...frames).map((c) => ({...c, toString: () => `${c.binary ? 'binary ' : c.badUtf8 ? 'invalid UTF-8 ' : ''}${c.text.length > 300 ? c.text.slice(0, 300) + '…' : c.text}`}))

describe('fuzz: WS frames under hostile input', function () {
  this.timeout(300_000)
  let w: World
  let seat: WsSeat
  before(async () => {
    w = await World.start()
    seat = await WsSeat.connect(w.h.url, w.keys.get('alice')!)
  })
  after(async () => { seat?.close(); await w?.close() })

  /** Send one frame, then a ping; returns the frames the hub sent in between, or the close code. */
  async function exchange(c: WsCase): Promise<{frames: Array<Record<string, any>>; closed: number | null}> {
    const from = seat.frames.length
    if (c.badUtf8) seat.ws.send(Buffer.from(c.text, 'latin1'), {binary: false})
    else seat.ws.send(c.binary ? Buffer.from(c.text) : c.text, {binary: !!c.binary})
    seat.send({type: 'ping'})
    try {
      await seat.waitFor((f) => f.type === 'pong', 15_000, from)
      return {frames: seat.frames.slice(from), closed: null}
    } catch (err) {
      if (seat.closeCode === null) throw err
      const closed = seat.closeCode
      seat = await WsSeat.connect(w.h.url, w.keys.get('alice')!) // the hub must still take sockets
      return {frames: [], closed}
    }
  }

  it('answers every generated frame (never a 5xx error frame, never a dropped ping), and a refused frame changes nothing', async () => {
    await fc.assert(fc.asyncProperty(wsCase, async (c) => {
      const before = await databaseDump(w.h.dbPath)
      const {frames, closed} = await exchange(c)
      if (closed !== null) expect(closed, 'the hub closed the socket with a code that is not a protocol refusal').to.be.oneOf([1003, 1007, 1008, 1009])
      const errors = frames.filter((f) => f.type === 'error')
      for (const e of errors) expect(e.status ?? 400, `error frame ${JSON.stringify(e).slice(0, 300)}`).to.be.below(500)
      if (errors.length > 0 || closed !== null) {
        expect((await databaseDump(w.h.dbPath)).sha, `refused (${JSON.stringify(errors[0] ?? closed).slice(0, 200)}) but the database changed`).to.equal(before.sha)
      } else if (frames.some((f) => f.type === 'posted')) {
        const shape = shapeOf(c.text)
        expect(shape, `accepted a frame nested ${shape.depth} levels with an array of ${shape.longestArray} items`)
          .to.satisfy((s: typeof shape) => s.depth <= JSON_DEPTH_MAX && s.longestArray <= JSON_ARRAY_MAX)
        await w.newTurnsVerify()
      }
      const health = await w.send({as: 'none', method: 'GET', path: '/healthz'})
      expect(health.status).to.equal(200)
    }), params<[WsCase]>(200))
  })

  it('leaves every channel ledger verified by the hub, @agora/protocol and the tests\' own verifier', async () => {
    const {checked} = await w.verifyAllLedgers()
    expect(checked).to.be.at.least(3)
  })
})
