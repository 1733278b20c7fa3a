// The answer memo of /owed and /inbox (services/obligations/answer-memo.ts) across hub processes on one
// PostgreSQL database: a commit through one process is never hidden by what the other kept. Real hub
// processes, real HTTP, one throw-away cluster.
import {expect} from 'chai'
import pg from 'pg'
import {exactly} from '../../../../test/helpers/present.js'
import {ADMIN_KEY, Caller} from '../helpers/hub.js'
import {freshDatabase} from '../helpers/pg-cluster.js'
import {spawnHub} from '../helpers/hub-process.js'
import type {HubProcess} from '../helpers/hub-process.js'
import {until} from '../helpers/until.js'
import {openStorage} from '../../src/db/open-storage.js'
import {createCtx} from '../../src/services/kernel/index.js'
import {channelMeta} from '../../src/services/store/index.js'
import {joinCluster} from '../../src/cluster/join.js'

interface MemoCounts {served: number; computed: number; kept: number}

/** What the answer memo of that process did so far (test/helpers/hub-child.ts answers over IPC). */
function memoCounts(hub: HubProcess): Promise<MemoCounts> {
  return new Promise(resolve => {
    const on = (m: unknown): void => {
      if ((m as {type?: string}).type !== 'memo-counts') return
      hub.child.off('message', on)
      resolve(m as MemoCounts)
    }
    hub.child.on('message', on)
    hub.child.send('memo-counts')
  })
}

/**
 * Ask `path` through `hub` until an answer is served from its memo (a background write such as a presence
 * beat may cost a computation first); that answer's body.
 */
async function servedFromMemo(hub: HubProcess, seat: Caller, path: string): Promise<string> {
  for (let i = 0; i < 10; i++) {
    const before = (await memoCounts(hub)).served
    const r = await seat.get(path)
    expect(r.status, r.text).to.equal(200)
    if ((await memoCounts(hub)).served > before) return r.text
  }
  throw new Error(`${path} was never served from the answer memo in 10 asks`)
}

describe('the /owed and /inbox answer memo across hub processes on one PostgreSQL database', function () {
  this.timeout(120_000)
  let hubs: HubProcess[] = []
  let db = ''
  let asker: {a: Caller; b: Caller}
  let seat: {a: Caller; b: Caller}
  before(async () => {
    db = await freshDatabase('memo')
    const opts = {db, adminKey: ADMIN_KEY, ratePerMinute: 600_000, writeRatePerMinute: 600_000, voteSweepMs: 3_600_000}
    hubs = await Promise.all([spawnHub(opts), spawnHub(opts)])
    const [a, b] = exactly(hubs, 2)
    const admin = new Caller(a.url, 'admin', ADMIN_KEY)
    const both = async (id: string) => {
      const key = (await admin.ok('POST', '/agents', {id})).api_key as string
      return {a: new Caller(a.url, id, key), b: new Caller(b.url, id, key)}
    }
    asker = await both('asker')
    seat = await both('seat')
    await asker.a.ok('POST', '/channels', {name: 'room', private: false})
    await seat.a.ok('POST', '/channels/room/join', {})
    await until('the membership to reach B', async () => (await seat.b.get('/channels/room/messages?since=0')).status === 200)
  })
  after(async () => {
    for (const h of hubs) await h.stop()
  })

  it('shows a question posted through B in the seat\'s very next /owed and /inbox through A, kept answers notwithstanding', async () => {
    const [a] = exactly(hubs, 2)
    for (let i = 0; i < 5; i++) {
      const owedBefore = JSON.parse(await servedFromMemo(a, seat.a, '/owed')) as {to_answer: Array<{id: string}>}
      const inboxBefore = await servedFromMemo(a, seat.a, '/inbox')
      const posted = await asker.b.ok('POST', '/channels/room/messages', {title: `q${i}`, body: `question ${i}`, status: 'open', to: ['seat']})
      const id = posted.id as string
      expect(owedBefore.to_answer.map(d => d.id)).to.not.include(id)
      expect(inboxBefore).to.not.include(id)
      const owed = await seat.a.ok('GET', '/owed') as {to_answer: Array<{id: string}>}
      expect(owed.to_answer.map(d => d.id), `round ${i}: /owed through A`).to.include(id)
      const inbox = await seat.a.get('/inbox')
      expect(inbox.text, `round ${i}: /inbox through A`).to.include(id)
    }
  })

  it('keeps an answer computed with A\'s mirrors before B\'s role change reached them only until it does', async () => {
    const [a, b] = exactly(hubs, 2)
    await asker.a.ok('POST', '/channels/room/messages', {title: 'role', body: 'from a seat about to be an operator', status: 'open', to: ['seat']})
    const operatorFlags = (text: string): boolean[] => (JSON.parse(text) as Array<{sender: string; from_operator: boolean}>)
      .filter(e => e.sender === 'asker').map(e => e.from_operator)
    expect(operatorFlags(await servedFromMemo(a, seat.a, '/inbox'))).to.not.include(true)
    // Hold A's mirror reload back: it reads the delegations table last, and this lock makes it wait there,
    // so A answers from its old mirrors after B's commit moved the database's snapshot.
    const lock = new pg.Client({connectionString: db})
    await lock.connect()
    try {
      await lock.query('BEGIN')
      await lock.query('LOCK TABLE delegations IN ACCESS EXCLUSIVE MODE')
      await new Caller(b.url, 'admin', ADMIN_KEY).ok('PUT', '/agents/asker/role', {operator: true})
      // A computes (the snapshot moved) with the old role and keeps that answer: a fresh computation there gives the same.
      expect(operatorFlags(await servedFromMemo(a, seat.a, '/inbox'))).to.not.include(true)
      await lock.query('COMMIT')
    } finally {
      await lock.end()
    }
    // Once the reload lands, the generation moved: the kept answer is never served again.
    await until('A to show the new role', async () => operatorFlags((await seat.a.get('/inbox')).text).every(f => f))
    for (let i = 0; i < 3; i++) expect(operatorFlags(await servedFromMemo(a, seat.a, '/inbox'))).to.not.include(false)
  })

  it('moves the mirror generation of a listening process for each change another one commits to what answers read from mirrors', async () => {
    const [, b] = exactly(hubs, 2)
    // A third process, in this one, so its mirrors can be looked at.
    const opened = await openStorage(db)
    const ctx = createCtx({db, host: '127.0.0.1', port: 0, adminKey: 'unused', ratePerMinute: 60, writeRatePerMinute: 60, writeBurst: 10,
      toCloseMinAge: 300, notifyDir: null, voteSweepMs: 3_600_000, darkSweepMs: 3_600_000, now: () => Date.now() / 1000}, opened.storage)
    await ctx.cache.load()
    const joined = await joinCluster(ctx, opened)
    const raw = new pg.Client({connectionString: db})
    await raw.connect()
    try {
      const at = Date.now() / 1000
      const changes: Array<[string, () => Promise<unknown>]> = [
        ['a role', () => new Caller(b.url, 'admin', ADMIN_KEY).ok('PUT', '/agents/seat/role', {operator: true})],
        // Written alone (no membership or agent row with it), so only the delegations table announces it.
        ['a grant', () => raw.query(`INSERT INTO delegations (agent_id, powers, granted_at, expires_at, note, scope)
          VALUES ('seat', '["reporting"]', $1, $2, '', '')`, [at, at + 3600])],
        ['channel meta', () => asker.b.ok('PUT', '/channels/room/store/channel:meta', {value: {response_sla_minutes: 5}})],
      ]
      for (const [what, change] of changes) {
        await channelMeta(ctx, 'room')
        const generation = ctx.cache.generation
        await change()
        await until(`${what} to move the generation`, () => ctx.cache.generation > generation)
      }
      expect(ctx.cache.agents.get('seat')?.operator).to.equal(true)
      expect(ctx.cache.grants.get('seat')?.map(g => g.powers)).to.include('["reporting"]')
      expect(await channelMeta(ctx, 'room')).to.deep.include({response_sla_minutes: 5})
    } finally {
      await raw.end()
      await joined?.stop()
      await opened.close()
    }
  })
})
