// PostgreSQL restarted under two serving hub processes (a clean restart and a crash): every
// acknowledged post is stored, each subscriber on either process gets each of them exactly once,
// the ledger verifies, and both processes serve again without being restarted themselves.
import {expect} from 'chai'
import {ADMIN_KEY, Caller} from '../helpers/hub.js'
import {WsSeat} from '../helpers/ws.js'
import {startCluster} from '../helpers/pg-cluster.js'
import type {PgCluster} from '../helpers/pg-cluster.js'
import {spawnHub} from '../helpers/hub-process.js'
import type {HubProcess} from '../helpers/hub-process.js'
import {until} from '../helpers/until.js'

describe('hub processes across a PostgreSQL restart', function () {
  this.timeout(180_000)
  let cluster: PgCluster
  let hubs: HubProcess[] = []

  // Durable (fsync and synchronous_commit on, as a production server): a crash keeps every acknowledged commit.
  before(async () => { cluster = await startCluster({durable: true}) })
  after(() => cluster.stop())
  afterEach(async () => {
    for (const h of hubs) await h.stop()
    hubs = []
  })

  it('answers 503 with Retry-After while PostgreSQL is down, saying nothing was written, and serves again once it is back', async () => {
    const db = await cluster.createDatabase('down')
    hubs = [await spawnHub({db, adminKey: ADMIN_KEY, voteSweepMs: 3_600_000})]
    const hub = hubs[0]!
    const {api_key: key} = await new Caller(hub.url, 'admin', ADMIN_KEY).ok('POST', '/agents', {id: 'poster'})
    const poster = new Caller(hub.url, 'poster', key as string)
    await poster.ok('POST', '/channels', {name: 'room', private: false})
    await cluster.down()
    try {
      for (const [method, path, body] of [['POST', '/channels/room/messages', {body: 'while down'}], ['GET', '/inbox', undefined]] as const) {
        const r = await poster.call(method, path, body)
        expect(r.status, `${method} ${path}: ${r.text}`).to.equal(503)
        expect(r.headers['retry-after']).to.equal('2')
        expect(r.body.detail).to.equal('the hub cannot reach its database right now, so nothing was written; retry in a few seconds')
      }
    } finally {
      await cluster.up()
    }
    await until('the hub serving posts again', async () => (await poster.post('/channels/room/messages', {body: 'back'})).status === 200, 30_000)
    const bodies = (await poster.ok('GET', '/channels/room/messages?since=0')).map((m: {body: string}) => m.body)
    expect(bodies).to.include('back').and.not.include('while down')
    expect(hub.stderr()).to.match(/agora hub: database unreachable \(connect ECONNREFUSED [^)]*\); answered 503/)
  })

  for (const mode of ['fast', 'immediate'] as const) {
    it(`keeps every acknowledged post, delivered once to subscribers on both processes, through a ${mode === 'fast' ? 'clean restart' : 'crash and recovery'}`, async () => {
      const db = await cluster.createDatabase(`restart_${mode}`)
      const opts = {db, adminKey: ADMIN_KEY, ratePerMinute: 600_000, writeRatePerMinute: 600_000, voteSweepMs: 3_600_000, presenceBeatMs: 250}
      hubs = [await spawnHub(opts), await spawnHub(opts)]
      const [a, b] = hubs as [HubProcess, HubProcess]
      const admin = new Caller(a.url, 'admin', ADMIN_KEY)
      const keys: Record<string, string> = {}
      for (const id of ['poster', 'watch-a', 'watch-b']) keys[id] = (await admin.ok('POST', '/agents', {id})).api_key as string
      const poster = new Caller(a.url, 'poster', keys.poster!)
      await poster.ok('POST', '/channels', {name: 'room', private: false})
      await new Caller(a.url, 'watch-a', keys['watch-a']!).ok('POST', '/channels/room/join', {})
      await new Caller(b.url, 'watch-b', keys['watch-b']!).ok('POST', '/channels/room/join', {})
      const watchers = [await WsSeat.connect(a.url, keys['watch-a']!), await WsSeat.connect(b.url, keys['watch-b']!)]
      for (const w of watchers) w.ws.send(JSON.stringify({type: 'subscribe', channels: ['room'], since: {room: 0}}))

      // Post through both processes, alternating, before, during and after the restart; a refused or failed post is not acknowledged.
      const acked = new Map<number, string>()
      let stop = false
      let failures = 0
      const posting = (async () => {
        for (let i = 0; !stop; i++) {
          const via = new Caller(hubs[i % 2]!.url, 'poster', keys.poster!)
          const body = `post ${i}`
          try {
            const r = await via.post('/channels/room/messages', {body})
            if (r.status === 200) acked.set(r.body.seq as number, body)
            else failures++
          } catch { failures++ }
          await new Promise(r => setTimeout(r, 3))
        }
      })()
      await until('fifty posts before the restart', () => acked.size >= 50)
      const atRestart = acked.size
      await cluster.restart(mode)
      const afterRestart = acked.size
      await until('fifty posts acknowledged after the restart', () => acked.size >= afterRestart + 50, 60_000)
      stop = true
      await posting

      const stored = await poster.ok('GET', '/channels/room/messages?since=0&limit=1000')
      const bySeq = new Map((stored as Array<{seq: number; body: string}>).map(m => [m.seq, m.body]))
      for (const [seq, body] of acked) expect(bySeq.get(seq), `acknowledged #${seq}`).to.equal(body)
      for (const w of watchers) {
        const seen = (): Set<number> => new Set(w.channelEnvelopes('room').map(e => e.seq as number))
        await until(`every acknowledged post on watcher ${watchers.indexOf(w)}'s socket`, () => [...acked.keys()].every(seq => seen().has(seq)), 30_000)
        const seqs = w.channelEnvelopes('room').map(e => e.seq as number)
        expect(new Set(seqs).size, 'no envelope twice').to.equal(seqs.length)
        for (const [seq, body] of acked) expect(w.channelEnvelopes('room').find(e => e.seq === seq)?.body, `#${seq} on the socket`).to.equal(body)
      }
      const ledger = await new Caller(b.url, 'poster', keys.poster!).ok('GET', '/channels/room/ledger?verify=true')
      expect(ledger.verified).to.equal(true)
      // Presence survives too (after a crash PostgreSQL empties its UNLOGGED presence tables): each process shows
      // the seat whose socket is idle on the other one as online.
      const presence = async (via: HubProcess, viewer: string, agent: string): Promise<string> =>
        (await new Caller(via.url, viewer, keys[viewer]!).ok('GET', `/presence/${agent}`)).state as string
      await until('B to show watch-a, idle on A, online', async () => await presence(b, 'watch-b', 'watch-a') === 'idle', 10_000)
      await until('A to show watch-b, idle on B, online', async () => await presence(a, 'watch-a', 'watch-b') === 'idle', 10_000)
      // Both processes serve on: a post through each after the restart.
      for (const h of [a, b]) expect((await new Caller(h.url, 'poster', keys.poster!).post('/channels/room/messages', {body: 'after'})).status).to.equal(200)
      expect(acked.size, `acknowledged before ${atRestart}, in all ${acked.size}; ${failures} refused or failed while the server was down`).to.be.above(atRestart + 50)
      for (const w of watchers) w.ws.close()
    })
  }
})
