import {expect} from 'chai'
import {type Caller, TestHub} from '../helpers/hub.js'
import {WsSeat} from '../helpers/ws.js'

describe('invariant 5: membership is enforced everywhere, including WS delivery', () => {
  let h: TestHub
  let alice: Caller, bob: Caller, carol: Caller
  beforeEach(async () => {
    h = await TestHub.start()
    alice = await h.register('alice')
    bob = await h.register('bob')
    carol = await h.register('carol')
    await alice.ok('POST', '/channels', {name: 'pub', private: false})
    await h.channel(alice, 'room', [bob])
  })
  afterEach(async () => { await h.close() })

  for (const channel of ['pub', 'room']) {
    it(`answers 403 to a non-member on every read and write of ${channel === 'pub' ? 'a public' : 'a private'} channel`, async () => {
      const m = await alice.postMessage(channel, {body: 'members only', status: 'fyi'})
      await alice.ok('PUT', `/channels/${channel}/store/k`, {value: 1})
      await alice.ok('PUT', `/channels/${channel}/fs/a.md`, {content: 'x'})
      const calls: Array<[string, string, unknown?]> = [
        ['GET', `/channels/${channel}/messages`], ['GET', `/channels/${channel}/messages/${m.id}`],
        ['POST', `/channels/${channel}/messages`, {body: 'intrude', status: 'fyi'}],
        ['GET', `/channels/${channel}/store`], ['GET', `/channels/${channel}/store/k`],
        ['PUT', `/channels/${channel}/store/k`, {value: 2}], ['GET', `/channels/${channel}/fs`],
        ['GET', `/channels/${channel}/fs/a.md`], ['PUT', `/channels/${channel}/fs/a.md`, {content: 'y'}],
        ['DELETE', `/channels/${channel}/fs/a.md`], ['GET', `/channels/${channel}/fshist/a.md`],
        ['GET', `/channels/${channel}/ledger`], ['GET', `/channels/${channel}/info`], ['GET', `/channels/${channel}/members`],
      ]
      for (const [method, path, body] of calls) {
        const r = await carol.call(method, path, body)
        expect(r.status, `${method} ${path}: ${r.text}`).to.equal(403)
        expect(r.body.detail, `${method} ${path} detail`).to.be.a('string').and.not.empty
      }
      expect((await alice.ok('GET', `/channels/${channel}/store/k`)).value).to.equal(1)
      expect((await alice.ok('GET', `/channels/${channel}/fs/a.md`)).content).to.equal('x')
    })
  }

  it('stops WS envelopes for a channel as soon as the seat leaves it', async () => {
    const ws = await WsSeat.connect(h.url, bob.key!)
    try {
      const before = await alice.postMessage('room', {body: 'while a member', status: 'fyi'})
      await ws.waitEnvelope((e) => e.id === before.id)
      await bob.ok('POST', '/channels/room/leave', {})
      const after = await alice.postMessage('room', {body: 'after leave', status: 'fyi'})
      const sentinel = await alice.ok('POST', '/dms/bob/messages', {body: 'sentinel', status: 'fyi'})
      await ws.waitEnvelope((e) => e.id === sentinel.id)
      expect(ws.envelopes().map((e) => e.id)).not.to.include(after.id)
      expect(ws.envelopes().filter((e) => e.channel === 'room' && e.seq > before.seq && e.kind === 'message')).to.deep.equal([])
    } finally { ws.close() }
  })

  it('refuses a WS subscribe to a channel the seat is not in with a 403 error frame, and sends no backlog', async () => {
    await alice.postMessage('room', {body: 'secret', status: 'fyi'})
    const ws = await WsSeat.connect(h.url, carol.key!)
    try {
      ws.send({type: 'subscribe', channels: ['room'], since: {room: 0}})
      const err = await ws.waitFor((f) => f.type === 'error')
      expect(err.status).to.equal(403)
      expect(err.detail).to.be.a('string').and.not.empty
      ws.send({type: 'ping'})
      await ws.waitFor((f) => f.type === 'pong')
      expect(ws.envelopes().filter((e) => e.channel === 'room')).to.deep.equal([])
    } finally { ws.close() }
  })
})
