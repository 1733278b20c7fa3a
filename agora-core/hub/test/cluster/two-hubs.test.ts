// Several hub processes on one PostgreSQL database (the scale-out invariants): real processes,
// real HTTP and WebSocket, one throw-away cluster.
import {expect} from 'chai'
import {parseJsonLossless, verifyLedger} from '@agora/protocol'
import {ADMIN_KEY, Caller} from '../helpers/hub.js'
import {parseLossless, verifyIndependently} from '../helpers/ledger.js'
import {WsSeat} from '../helpers/ws.js'
import {freshDatabase} from '../helpers/pg-cluster.js'
import {until} from '../helpers/until.js'
import {spawnHub} from '../helpers/hub-process.js'
import type {HubProcess} from '../helpers/hub-process.js'
import pg from 'pg'
import {SWEEP_LOCK} from '../../src/cluster/leader.js'
import {exactly, the} from '../../../../test/helpers/present.js'

/** Sessions holding the sweep lock now (pg_locks splits a bigint advisory key into classid/objid). */
async function sweepLockHolders(url: string): Promise<number> {
  const c = new pg.Client({connectionString: url})
  await c.connect()
  try {
    const r = await c.query(`SELECT count(*)::int AS n FROM pg_locks WHERE locktype = 'advisory' AND granted
      AND classid = $1 AND objid = $2 AND objsubid = 1`, [Math.floor(SWEEP_LOCK / 2 ** 32), SWEEP_LOCK % 2 ** 32])
    return r.rows[0].n as number
  } finally { await c.end() }
}

const POSTERS = 16
const PER_POSTER = 12

async function register(hub: HubProcess, id: string, extra: Record<string, unknown> = {}): Promise<{key: string}> {
  const r = await new Caller(hub.url, 'admin', ADMIN_KEY).ok('POST', '/agents', {id, ...extra})
  return {key: r.api_key as string}
}

/** Each seat's caller on each hub: the same key works on every process. */
function on(hub: HubProcess, id: string, key: string): Caller {
  return new Caller(hub.url, id, key)
}

async function verified(seat: Caller, channel: string): Promise<void> {
  const r = await seat.get(`/channels/${encodeURIComponent(channel)}/ledger?verify=true`)
  expect(r.status, r.text).to.equal(200)
  const lossless = parseLossless(r.text) as {verified: boolean}
  expect(lossless.verified).to.equal(true)
  expect(verifyIndependently(lossless)).to.include({intact: true, broken_at: null})
  expect(verifyLedger(parseJsonLossless(r.text) as never).intact).to.equal(true)
}

describe('two hub processes on one PostgreSQL database', function () {
  this.timeout(120_000)
  let hubs: HubProcess[] = []
  afterEach(async () => {
    for (const h of hubs) await h.stop()
    hubs = []
  })

  let db = ''
  async function twoHubs(extra: Record<string, unknown> = {}): Promise<[HubProcess, HubProcess]> {
    db = await freshDatabase('two')
    const opts = {db, adminKey: ADMIN_KEY, ratePerMinute: 600_000, writeRatePerMinute: 600_000, voteSweepMs: 3_600_000, ...extra}
    hubs = await Promise.all([spawnHub(opts), spawnHub(opts)])
    return exactly(hubs, 2)
  }

  /** A public room with an owner, `n` posters and two watchers, set up through A and visible through B. */
  async function room(a: HubProcess, b: HubProcess, n: number) {
    const owner = await register(a, 'owner')
    await on(a, 'owner', owner.key).ok('POST', '/channels', {name: 'busy', private: false})
    const seats: Array<{id: string; key: string}> = []
    for (const id of [...Array.from({length: n}, (_, i) => `poster-${i}`), 'watch-a', 'watch-b']) {
      const {key} = await register(a, id)
      await on(a, id, key).ok('POST', '/channels/busy/join', {})
      seats.push({id, key})
    }
    const last = the(seats, -1)
    await until('membership to reach B', async () => (await on(b, last.id, last.key).get('/channels/busy/messages?since=0')).status === 200)
    return {owner, seats}
  }

  it('16 posters spread over both: seqs gapless and unique, each subscriber on either process gets every post exactly once, ledgers verify on both', async () => {
    const [a, b] = await twoHubs()
    const {seats} = await room(a, b, POSTERS)
    const watchA = seats.find(s => s.id === 'watch-a')!
    const watchB = seats.find(s => s.id === 'watch-b')!
    const wsA = await WsSeat.connect(a.url, watchA.key)
    const wsB = await WsSeat.connect(b.url, watchB.key)
    const acked: Array<{id: string; seq: number}> = []
    await Promise.all(seats.slice(0, POSTERS).map(async (s, i) => {
      const via = on(i % 2 === 0 ? a : b, s.id, s.key)
      for (let k = 0; k < PER_POSTER; k++) {
        const m = await via.postMessage('busy', {body: `p${i}-${k}`})
        acked.push({id: m.id, seq: m.seq})
      }
    }))
    const total = POSTERS * PER_POSTER
    const history = await on(b, watchB.id, watchB.key).history('busy', 0, 1000)
    // Every seq of the channel (the joins' system notes included) is there once, with no gap.
    expect(history.map(m => m.seq)).to.deep.equal(Array.from({length: history.length}, (_, i) => i + 1))
    expect(new Set(acked.map(m => m.seq)).size).to.equal(total)
    const bySeq = new Map(history.map(m => [m.seq, m.id]))
    for (const r of acked) expect(bySeq.get(r.seq)).to.equal(r.id)
    const posted = history.filter(m => /^p\d+-\d+$/.test(m.body)).map(m => m.seq)
    expect(posted).to.have.length(total)
    for (const ws of [wsA, wsB]) {
      const got = () => ws.channelEnvelopes('busy').filter(e => /^p\d+-\d+$/.test(e.body)).map(e => e.seq as number)
      await until('every post to reach the socket', () => got().length >= total)
      await new Promise(r => setTimeout(r, 300)) // a duplicate would arrive in this window
      expect(got()).to.have.length(total)
      expect([...got()].sort((x, y) => x - y)).to.deep.equal(posted)
    }
    wsA.ws.close()
    wsB.ws.close()
    await verified(on(a, watchA.id, watchA.key), 'busy')
    await verified(on(b, watchB.id, watchB.key), 'busy')
  })

  it('kill -9 of one process under load loses no acknowledged post, and the survivor serves and its subscriber misses nothing', async () => {
    const [a, b] = await twoHubs()
    const {seats} = await room(a, b, 8)
    const watchB = seats.find(s => s.id === 'watch-b')!
    const wsB = await WsSeat.connect(b.url, watchB.key)
    const acked: string[] = []
    let killed = false
    const load = Promise.all(seats.slice(0, 8).map(async (s, i) => {
      for (let k = 0; k < 40; k++) {
        const via = on(i % 2 === 0 && !killed ? a : b, s.id, s.key)
        const r = await via.post('/channels/busy/messages', {body: `p${i}-${k}`}).catch(() => null)
        if (r && r.status >= 200 && r.status < 300) acked.push(r.body.id)
        else if (r) throw new Error(`post refused: ${r.status} ${r.text}`)
      }
    }))
    await until('some posts before the crash', () => acked.length >= 40)
    await a.kill9()
    killed = true
    await load
    const history = await on(b, watchB.id, watchB.key).history('busy', 0, 1000)
    const ids = new Set(history.map(m => m.id))
    for (const id of acked) expect(ids.has(id), id).to.equal(true)
    expect(history.map(m => m.seq)).to.deep.equal(Array.from({length: history.length}, (_, i) => i + 1))
    // The watcher subscribed after the joins: it must hold every post stored after that, whichever process took it.
    const stored = history.filter(m => /^p\d+-\d+$/.test(m.body)).map(m => m.seq)
    const got = () => wsB.channelEnvelopes('busy').filter(e => /^p\d+-\d+$/.test(e.body)).map(e => e.seq as number)
    await until('the survivor\'s subscriber to hold every stored post', () => got().length >= stored.length)
    expect([...got()].sort((x, y) => x - y)).to.deep.equal(stored)
    const after = await on(b, watchB.id, watchB.key).postMessage('busy', {body: 'still here'})
    expect(after.seq).to.equal(history.length + 1)
    await verified(on(b, watchB.id, watchB.key), 'busy')
    wsB.ws.close()
  })

  it('shares a posting budget: alternating through both processes hits 429 at the burst, as one process does', async () => {
    const [a, b] = await twoHubs({ratePerMinute: 1})
    const owner = await register(a, 'owner')
    await on(a, 'owner', owner.key).ok('POST', '/channels', {name: 'quota', private: false})
    await until('the channel to reach B', async () => (await on(b, 'owner', owner.key).get('/channels/quota/messages?since=0')).status === 200)
    let accepted = 0
    let refused: {status: number; headers: Record<string, unknown>} | null = null
    for (let i = 0; i < 60 && !refused; i++) {
      const r = await on(i % 2 === 0 ? a : b, 'owner', owner.key).post('/channels/quota/messages', {body: `n${i}`})
      if (r.status >= 200 && r.status < 300) accepted++
      else refused = r
    }
    expect(refused?.status).to.equal(429)
    expect(accepted).to.equal(20)
  })

  it('runs the vote sweep on one process only: a due vote gets exactly one result, and the survivor takes over when the leader dies', async () => {
    const [a, b] = await twoHubs({voteSweepMs: 100})
    const chair = await register(a, 'chair')
    const bob = await register(a, 'bob')
    const c = on(a, 'chair', chair.key)
    await c.ok('POST', '/channels', {name: 'vote-room', private: false})
    await on(a, 'bob', bob.key).ok('POST', '/channels/vote-room/join', {})
    const vote = (tag: string) => c.postMessage('vote-room', {title: 'VOTE: lunch', status: 'open', body: `DM me: vote ${tag}: <option>`,
      data: {vote: {topic: 'lunch', options: ['pizza', 'sushi'], tag, ballots: 'dm', closes_at: Date.now() / 1000 + 1}}})
    const results = async (root: string) => (await c.history('vote-room')).filter(m => m.reply_to === root && m.data?.vote_result)
    const first = await vote('v-aaaaaa')
    await until('the first result', async () => (await results(first.id)).length >= 1)
    await new Promise(r => setTimeout(r, 1000)) // ten more sweep ticks on each process
    expect(await results(first.id)).to.have.length(1)
    expect(await sweepLockHolders(db)).to.equal(1) // exactly one process leads; the other's ticks skip the sweep
    await a.kill9()
    const second = await on(b, 'chair', chair.key).postMessage('vote-room', {title: 'VOTE: tea', status: 'open', body: 'DM me: vote v-bbbbbb: <option>',
      data: {vote: {topic: 'tea', options: ['green', 'black'], tag: 'v-bbbbbb', ballots: 'dm', closes_at: Date.now() / 1000 + 1}}})
    const viaB = on(b, 'chair', chair.key)
    await until('the survivor to publish', async () => (await viaB.history('vote-room')).some(m => m.reply_to === second.id && m.data?.vote_result), 30_000)
    expect((await viaB.history('vote-room')).filter(m => m.reply_to === second.id && m.data?.vote_result)).to.have.length(1)
    expect(await sweepLockHolders(db)).to.equal(1)
  })
})
