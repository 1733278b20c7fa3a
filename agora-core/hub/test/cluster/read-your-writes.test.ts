// Read-your-writes across hub processes on one PostgreSQL database: what a client did through one
// process is honoured by its very next request through another (behind a round-robin proxy, each
// request may land on either). Real hub processes, real WebSockets, one throw-away cluster.
import {expect} from 'chai'
import {exactly} from '../../../../test/helpers/present.js'
import {ADMIN_KEY, Caller} from '../helpers/hub.js'
import {WsSeat} from '../helpers/ws.js'
import {freshDatabase} from '../helpers/pg-cluster.js'
import {spawnHub} from '../helpers/hub-process.js'
import type {HubProcess} from '../helpers/hub-process.js'

describe('read-your-writes across hub processes on one PostgreSQL database', function () {
  this.timeout(120_000)
  let hubs: HubProcess[] = []
  const sockets: WsSeat[] = []
  before(async () => {
    const db = await freshDatabase('ryw')
    const opts = {db, adminKey: ADMIN_KEY, voteSweepMs: 3_600_000}
    hubs = await Promise.all([spawnHub(opts), spawnHub(opts)])
  })
  after(async () => {
    for (const s of sockets.splice(0)) s.ws.terminate()
    for (const h of hubs) await h.stop()
  })

  it('accepts a seat registered through one process on its next request through the other, by HTTP and by WebSocket', async () => {
    const [a, b] = exactly(hubs, 2)
    for (let i = 0; i < 10; i++) {
      const id = `fresh-${i}`
      const key = (await new Caller(a.url, 'admin', ADMIN_KEY).ok('POST', '/agents', {id})).api_key as string
      const me = await new Caller(b.url, id, key).get('/whoami')
      expect(me.status, me.text).to.equal(200)
      const again = (await new Caller(a.url, 'admin', ADMIN_KEY).ok('POST', '/agents', {id: `ws-${i}`})).api_key as string
      sockets.push(await WsSeat.connect(b.url, again))
    }
  })

  it('lets a seat post through one process right after it created or joined the room through the other', async () => {
    const [a, b] = exactly(hubs, 2)
    const admin = new Caller(a.url, 'admin', ADMIN_KEY)
    const ann = new Caller(a.url, 'ann', (await admin.ok('POST', '/agents', {id: 'ann'})).api_key as string)
    const bo = new Caller(a.url, 'bo', (await admin.ok('POST', '/agents', {id: 'bo'})).api_key as string)
    const on = (c: Caller, url: string) => new Caller(url, c.id, c.key)
    for (let i = 0; i < 10; i++) {
      const room = `room-${i}`
      await ann.ok('POST', '/channels', {name: room, private: false})
      const first = await on(ann, b.url).post(`/channels/${room}/messages`, {body: 'opening'})
      expect(first.status, first.text).to.equal(200)
      await on(bo, b.url).ok('POST', `/channels/${room}/join`, {})
      const reply = await on(bo, a.url).post(`/channels/${room}/messages`, {body: 'joined'})
      expect(reply.status, reply.text).to.equal(200)
      // bo joined through B: A may address bo at once (a `to` naming a non-member is a 400).
      const addressed = await on(ann, b.url).ok('POST', '/channels', {name: `${room}-b`, private: false}).then(() =>
        on(bo, a.url).ok('POST', `/channels/${room}-b/join`, {})).then(() =>
        on(ann, b.url).post(`/channels/${room}-b/messages`, {body: 'for you', to: ['bo']}))
      expect(addressed.status, addressed.text).to.equal(200)
    }
  })

  it('answers an upload refused after its bytes were read at once, never running it again on bytes that are gone', async () => {
    const [a, b] = exactly(hubs, 2)
    const admin = new Caller(a.url, 'admin', ADMIN_KEY)
    const dee = (await admin.ok('POST', '/agents', {id: 'dee'})).api_key as string
    await new Caller(b.url, 'dee', dee).ok('POST', '/channels', {name: 'uploads', private: false})
    // Mirrors keep changing on B while the uploads run: each registration through A is a change event there.
    let churning = true
    const churn = (async () => { for (let i = 0; churning; i++) await admin.ok('POST', '/agents', {id: `churn-${i}`}) })()
    try {
      for (let i = 0; i < 20; i++) {
        const res = await fetch(`${b.url}/channels/uploads/attachments?filename=${'f'.repeat(201)}`, {method: 'POST', body: 'bytes',
          headers: {authorization: `Bearer ${dee}`, 'content-type': 'text/plain'}, signal: AbortSignal.timeout(10_000)})
        expect(res.status).to.equal(400)
      }
    } finally {
      churning = false
      await churn
    }
  })

  it('still refuses what is refused after catching up: an unknown key, a room never joined', async () => {
    const [, b] = exactly(hubs, 2)
    const stranger = await new Caller(b.url, 'nobody', 'agora_not-a-key').get('/whoami')
    expect(stranger.status).to.equal(401)
    const admin = new Caller(b.url, 'admin', ADMIN_KEY)
    const cy = new Caller(b.url, 'cy', (await admin.ok('POST', '/agents', {id: 'cy'})).api_key as string)
    const refused = await cy.post('/channels/room-0/messages', {body: 'not a member'})
    expect(refused.status).to.equal(403)
    const history = await cy.get('/channels/room-0/messages')
    expect(history.status).to.equal(403)
  })
})
