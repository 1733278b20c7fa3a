import type pg from 'pg'
import {expect} from 'chai'
import {openPostgres} from '../../src/db/open-pg.js'
import type {OpenedPg} from '../../src/db/open-pg.js'
import {startListener} from '../../src/cluster/listener.js'
import type {ClusterHandlers, Listener} from '../../src/cluster/listener.js'
import {SweepLeader} from '../../src/cluster/leader.js'
import {freshDatabase} from '../helpers/pg-cluster.js'

/** Handlers that ignore every event but the ones a test records. */
function handlers(record: Pick<ClusterHandlers, 'messages' | 'resync'>): ClusterHandlers {
  return {...record, async cache() {}, meta() {}, sever() {}, presence() {}, embedding() {}}
}

const INSERT = 'INSERT INTO messages (id, channel, seq, sender, kind, status, urgency, created_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?)'

async function until(fn: () => boolean, ms = 5000): Promise<void> {
  const end = Date.now() + ms
  while (!fn()) {
    if (Date.now() > end) throw new Error('condition not met in time')
    await new Promise(r => setTimeout(r, 10))
  }
}

describe('cluster events over LISTEN/NOTIFY (PostgreSQL)', () => {
  let a: OpenedPg
  let b: OpenedPg
  const heard: {a: string[]; b: string[]} = {a: [], b: []}
  const listeners: Listener[] = []

  before(async () => {
    const url = await freshDatabase('events')
    a = await openPostgres(url)
    b = await openPostgres(url)
    for (const [name, db] of [['a', a], ['b', b]] as const) {
      listeners.push(await startListener(() => db.dedicated(), db.origin, {
        async messages(events) { for (const {id, channel, seq} of events) heard[name].push(`m ${id} ${channel} ${seq}`) },
        async cache() { heard[name].push('cache') },
        meta(channel) { heard[name].push(`meta ${channel}`) },
        sever(agent) { heard[name].push(`sever ${agent}`) },
        presence() { heard[name].push('presence') },
        embedding() { heard[name].push('embedding') },
        async resync() { heard[name].push('resync') },
      }))
    }
  })

  after(async () => {
    for (const l of listeners) await l.stop()
    await a.close()
    await b.close()
  })

  it('tells the other process of each committed message in commit order, and never the writer itself', async () => {
    const db = a.storage()
    await db.tx(async () => {
      await db.run(INSERT, 'M1', 'room', 1, 'alice', 'message', 'fyi', 'inbox', 1)
      await db.run(INSERT, 'M2', 'room', 2, 'alice', 'message', 'fyi', 'inbox', 1)
    })
    await db.run(INSERT, 'M3', 'room', 3, 'alice', 'message', 'fyi', 'inbox', 1)
    await until(() => heard.b.length >= 3)
    expect(heard.b).to.deep.equal(['m M1 room 1', 'm M2 room 2', 'm M3 room 3'])
    expect(heard.a).to.deep.equal([])
  })

  it('says nothing of a rolled-back write', async () => {
    heard.b.length = 0
    const db = a.storage()
    await db.tx(async () => {
      await db.run(INSERT, 'M9', 'room', 9, 'alice', 'message', 'fyi', 'inbox', 1)
      throw new Error('abort')
    }).catch(() => undefined)
    await b.storage().run(INSERT, 'M4', 'room', 4, 'alice', 'message', 'fyi', 'inbox', 1)
    await until(() => heard.a.length >= 1)
    expect(heard.a).to.deep.equal(['m M4 room 4'])
    expect(heard.b).to.deep.equal([])
  })

  it('announces membership, channel:meta and hub blocks so caches reload and live sockets are cut', async () => {
    heard.b.length = 0
    const db = a.storage()
    await db.run('INSERT INTO members (channel, agent_id, role, joined_at) VALUES (?, ?, ?, ?)', 'room', 'bob', 'member', 1)
    await db.run('INSERT INTO store (channel, key, value_json, version, updated_by, updated_at) VALUES (?, ?, ?, ?, ?, ?)', 'room', 'channel:meta', '{}', 1, 'alice', 1)
    await db.run('INSERT INTO store (channel, key, value_json, version, updated_by, updated_at) VALUES (?, ?, ?, ?, ?, ?)', 'room', 'plain', '{}', 1, 'alice', 1)
    await db.run('INSERT INTO blocks (scope, agent_id, imposed_by, imposed_at) VALUES (?, ?, ?, ?)', 'hub', 'mallory', 'olga', 1)
    await until(() => heard.b.length >= 4)
    expect(heard.b).to.deep.equal(['cache', 'meta room', 'sever mallory', 'cache'])
  })

  it('announces the semantic-search endpoint row of hub meta, set and removed, and no other meta row', async () => {
    heard.b.length = 0
    const db = a.storage()
    await db.run('INSERT INTO meta (key, value) VALUES (?, ?)', 'sweep:votes', '{}')
    await db.run('INSERT INTO meta (key, value) VALUES (?, ?)', 'embedding_config', '{}')
    await db.run('DELETE FROM meta WHERE key = ?', 'embedding_config')
    await db.run('INSERT INTO members (channel, agent_id, role, joined_at) VALUES (?, ?, ?, ?)', 'room', 'carol', 'member', 1)
    await until(() => heard.b.length >= 3)
    expect(heard.b).to.deep.equal(['embedding', 'embedding', 'cache'])
  })
})

describe('sweep leadership on a session advisory lock (PostgreSQL)', () => {
  it('grants one process at a time and passes to another when the leader goes away', async () => {
    const db = await openPostgres(await freshDatabase('leader'))
    const first = new SweepLeader(() => db.dedicated())
    const second = new SweepLeader(() => db.dedicated())
    try {
      // Asked one after the other: whichever asks first takes the lock (asked together, either may win).
      expect(await first.isLeader()).to.equal(true)
      expect(await second.isLeader()).to.equal(false)
      expect(await first.isLeader()).to.equal(true)
      expect(await second.isLeader()).to.equal(false)
      await first.stop()
      expect(await second.isLeader()).to.equal(true)
      expect(await first.isLeader()).to.equal(false)
    } finally {
      await second.stop()
      await db.close()
    }
  })
})

describe('a cluster event whose handling fails (PostgreSQL)', () => {
  it('is caught up by a resync from the database, retried until it succeeds, instead of being dropped', async () => {
    const url = await freshDatabase('repair')
    const a = await openPostgres(url)
    const b = await openPostgres(url)
    const seen: string[] = []
    const logged: string[] = []
    let messageFailures = 1
    let resyncFailures = 1
    const listener = await startListener(() => b.dedicated(), b.origin, handlers({
      async messages(events) {
        if (messageFailures-- > 0) throw new Error('Connection terminated unexpectedly')
        for (const e of events) seen.push(`m ${e.seq}`)
      },
      async resync() {
        if (resyncFailures-- > 0) throw new Error('the database system is starting up')
        seen.push('resync')
      },
    }), line => logged.push(line))
    try {
      const db = a.storage()
      await db.run(INSERT, 'R1', 'room', 1, 'alice', 'message', 'fyi', 'inbox', 1)
      await until(() => seen.includes('resync'))
      await db.run(INSERT, 'R2', 'room', 2, 'alice', 'message', 'fyi', 'inbox', 1)
      await until(() => seen.includes('m 2'))
      expect(seen).to.deep.equal(['resync', 'm 2'])
      expect(logged[0]).to.match(/a cluster event failed: Connection terminated unexpectedly; catching up from the database/)
      expect(logged[1]).to.match(/catching up after a failed cluster event failed too: the database system is starting up; retrying in 100 ms/)
      expect(listener.mirrorChanges()).to.equal(1)
    } finally {
      await listener.stop()
      await a.close()
      await b.close()
    }
  })
})

describe('an event connection that goes silent without closing (PostgreSQL)', () => {
  it('is re-made once a liveness query goes unanswered, and the resync brings what it missed', async () => {
    const url = await freshDatabase('silent')
    const a = await openPostgres(url)
    const b = await openPostgres(url)
    const clients: pg.Client[] = []
    const seen: string[] = []
    const logged: string[] = []
    const listener = await startListener(async () => {
      const c = await b.dedicated()
      clients.push(c)
      return c
    }, b.origin, handlers({
      async messages(events) { for (const e of events) seen.push(`m ${e.seq}`) },
      async resync() { seen.push('resync') },
    }), line => logged.push(line), {pingMs: 100, timeoutMs: 400})
    // The server process behind the LISTEN session stops answering but keeps its socket open (a host lost, a failover).
    const backend = (clients[0] as unknown as {processID: number}).processID
    process.kill(backend, 'SIGSTOP')
    try {
      await a.storage().run(INSERT, 'S1', 'room', 1, 'alice', 'message', 'fyi', 'inbox', 1)
      await until(() => seen.includes('resync'), 10_000)
      expect(seen).to.not.include('m 1') // the stopped session never delivered it: the resync is what catches it up
      expect(logged).to.include('agora hub: the PostgreSQL event connection did not answer in 400 ms; re-making it')
      expect(clients).to.have.length(2)
      await a.storage().run(INSERT, 'S2', 'room', 2, 'alice', 'message', 'fyi', 'inbox', 1)
      await until(() => seen.includes('m 2'))
    } finally {
      process.kill(backend, 'SIGCONT')
      await listener.stop()
      await a.close()
      await b.close()
    }
  })
})
