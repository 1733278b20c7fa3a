import {expect} from 'chai'
import Database from 'better-sqlite3'
import {Statements} from '../../src/db/statements.js'
import {SqliteStorage} from '../../src/db/sqlite-storage.js'
import type {Storage} from '../../src/db/port.js'
import {openPostgres} from '../../src/db/open-pg.js'
import type {OpenedPg} from '../../src/db/open-pg.js'
import {schemaForPostgres} from '../../src/db/dialect-sql.js'
import {freshDatabase} from '../helpers/pg-cluster.js'

const TABLE = 'CREATE TABLE t (k TEXT PRIMARY KEY, v INTEGER, r REAL)'

interface Adapter {
  name: string
  open(): Promise<{db: Storage; rollbacks: number[]}>
  close(): Promise<void>
}

function sqliteAdapter(): Adapter {
  return {
    name: 'SQLite',
    async open() {
      const sql = new Database(':memory:')
      sql.exec(TABLE)
      const rollbacks: number[] = []
      return {db: new SqliteStorage(new Statements(sql), () => { rollbacks.push(1) }), rollbacks}
    },
    async close() {},
  }
}

/** PostgreSQL on the throw-away test cluster: one database for the suite, table t made anew per test. */
function postgresAdapter(): Adapter {
  let opened: OpenedPg | undefined
  return {
    name: 'PostgreSQL',
    async open() {
      opened ??= await openPostgres(await freshDatabase('storage'))
      await opened.knex.raw('DROP TABLE IF EXISTS t')
      await opened.knex.raw(schemaForPostgres(TABLE))
      const rollbacks: number[] = []
      return {db: opened.storage(() => { rollbacks.push(1) }), rollbacks}
    },
    async close() {
      await opened?.close()
    },
  }
}

const tick = (): Promise<void> => new Promise(resolve => setImmediate(resolve))

/**
 * A transaction that writes one row, then waits at a gate and aborts: `written` resolves once its row is in,
 * `release()` lets it throw, `done` is its refusal. The tests below slip other work in while it is held.
 */
function abortingTx(db: Storage, k: string, v: number): {written: Promise<void>; release: () => void; done: Promise<Error>} {
  let release!: () => void
  const gate = new Promise<void>(resolve => { release = resolve })
  let wrote!: () => void
  const written = new Promise<void>(resolve => { wrote = resolve })
  const done = db.tx(async () => {
    await db.run('INSERT INTO t (k, v) VALUES (?, ?)', k, v)
    wrote()
    await gate
    throw new Error('abort')
  }).catch(e => e as Error)
  return {written, release, done}
}

for (const adapter of [sqliteAdapter(), postgresAdapter()]) {
  const open = (): ReturnType<Adapter['open']> => adapter.open()
  describe(`the storage port on ${adapter.name}`, () => {
    after(() => adapter.close())

    it('reads back what it writes, with changes counted', async () => {
      const {db} = await open()
      expect(await db.run('INSERT INTO t (k, v) VALUES (?, ?)', 'a', 1)).to.deep.equal({changes: 1})
      expect(await db.get('SELECT v FROM t WHERE k = ?', 'a')).to.deep.equal({v: 1})
      expect(await db.rows('SELECT k, v FROM t')).to.deep.equal([['a', 1]])
    })

    it('rolls back every write of a failed transaction and reports the rollback', async () => {
      const {db, rollbacks} = await open()
      const failed = db.tx(async () => {
        await db.run('INSERT INTO t (k, v) VALUES (?, ?)', 'a', 1)
        await db.run('INSERT INTO t (k, v) VALUES (?, ?)', 'a', 2)
      })
      expect(String(await failed.catch(e => e))).to.match(/UNIQUE|unique constraint/)
      expect(await db.all('SELECT * FROM t')).to.deep.equal([])
      expect(rollbacks).to.have.length(1)
    })

    it('keeps a write from outside a transaction out of it, so a rollback never takes it along', async () => {
      const {db} = await open()
      const held = abortingTx(db, 'tx', 1)
      await held.written
      const outside = db.run('INSERT INTO t (k, v) VALUES (?, ?)', 'outside', 2)
      await tick()
      held.release()
      expect((await held.done).message).to.equal('abort')
      await outside
      expect(await db.all('SELECT k FROM t')).to.deep.equal([{k: 'outside'}])
    })

    it('joins a nested transaction to the outer one and runs deferred work only after commit', async () => {
      const {db} = await open()
      const seen: string[] = []
      await db.tx(async () => {
        await db.tx(async () => {
          await db.run('INSERT INTO t (k, v) VALUES (?, ?)', 'n', 1)
          db.defer(() => seen.push('deferred'))
        })
        expect(db.inTx()).to.equal(true)
        seen.push('body')
      })
      await tick()
      expect(seen).to.deep.equal(['body', 'deferred'])
      expect(db.inTx()).to.equal(false)
    })

    it('drops deferred work of a rolled-back transaction', async () => {
      const {db} = await open()
      const seen: string[] = []
      await db.tx(async () => {
        db.defer(() => seen.push('deferred'))
        throw new Error('no')
      }).catch(() => undefined)
      await tick()
      expect(seen).to.deep.equal([])
    })

    it('serializes concurrent transactions: 50 read-modify-write increments lose none', async () => {
      const {db} = await open()
      await db.run('INSERT INTO t (k, v) VALUES (?, ?)', 'c', 0)
      await Promise.all(Array.from({length: 50}, () => db.tx(async () => {
        const r = await db.get<{v: number}>('SELECT v FROM t WHERE k = ?', 'c')
        await tick()
        await db.run('UPDATE t SET v = ? WHERE k = ?', (r?.v ?? 0) + 1, 'c')
      })))
      expect(await db.get('SELECT v FROM t WHERE k = ?', 'c')).to.deep.equal({v: 50})
    })

    it('reads counts, sums and whole columns as numbers and keeps fractional seconds exact', async () => {
      const {db} = await open()
      await db.run('INSERT INTO t (k, v, r) VALUES (?, ?, ?)', 'a', 2 ** 40, 1764547200.123456)
      await db.run('INSERT INTO t (k, v, r) VALUES (?, ?, ?)', 'b', 3, 0.5)
      expect(await db.get('SELECT COUNT(*) AS n, SUM(v) AS s FROM t')).to.deep.equal({n: 2, s: 2 ** 40 + 3})
      expect(await db.get('SELECT v, r FROM t WHERE k = ?', 'a')).to.deep.equal({v: 2 ** 40, r: 1764547200.123456})
      expect(await db.rows('SELECT k FROM t WHERE v > ? ORDER BY k', 2)).to.deep.equal([['a'], ['b']])
    })

    it('keeps a write left behind by a committed transaction out of the next one, so its rollback never takes it along', async () => {
      const {db} = await open()
      let lateGo!: () => void
      const lateGate = new Promise<void>(resolve => { lateGo = resolve })
      let late: Promise<unknown> | undefined
      await db.tx(async () => {
        await db.run('INSERT INTO t (k, v) VALUES (?, ?)', 'first', 1)
        // Started inside the transaction, written after it committed (and, on PostgreSQL, its connection went back).
        late = (async () => {
          await lateGate
          expect(db.inTx()).to.equal(false)
          await db.run('INSERT INTO t (k, v) VALUES (?, ?)', 'late', 2)
        })()
      })
      const second = abortingTx(db, 'second', 3)
      await second.written
      lateGo()
      await tick()
      await tick()
      second.release()
      expect((await second.done).message).to.equal('abort')
      await late
      expect(await db.all('SELECT k FROM t ORDER BY k')).to.deep.equal([{k: 'first'}, {k: 'late'}])
    })

    it('runs deferred work at once when asked by a continuation of a committed transaction', async () => {
      const {db} = await open()
      const seen: string[] = []
      let go!: () => void
      const gate = new Promise<void>(resolve => { go = resolve })
      let late: Promise<void> | undefined
      await db.tx(async () => {
        late = (async () => {
          await gate
          db.defer(() => seen.push('deferred'))
        })()
      })
      go()
      await late
      expect(seen).to.deep.equal(['deferred'])
    })

    it('leaves a question mark inside a quoted string alone', async () => {
      const {db} = await open()
      await db.run("INSERT INTO t (k, v) VALUES ('why?', ?)", 7)
      expect(await db.get('SELECT k, v FROM t WHERE v = ?', 7)).to.deep.equal({k: 'why?', v: 7})
    })
  })
}

// SQLite only: its one connection makes an outside query wait for the rollback hook; PostgreSQL
// queries outside a transaction run on other pooled connections and never wait.
describe('the storage port on SQLite: rollback hook', () => {
  it('finishes an async rollback hook, reading through the port, before a waiting query runs', async () => {
    const sql = new Database(':memory:')
    sql.exec('CREATE TABLE t (k TEXT PRIMARY KEY, v INTEGER)')
    const mirror: string[] = []
    const db: SqliteStorage = new SqliteStorage(new Statements(sql), async () => {
      await tick()
      mirror.splice(0, mirror.length, ...(await db.all<{k: string}>('SELECT k FROM t')).map(r => r.k))
    })
    let inside!: () => void
    const gate = new Promise<void>(resolve => { inside = resolve })
    const failed = db.tx(async () => {
      await db.run('INSERT INTO t (k, v) VALUES (?, ?)', 'tx', 1)
      mirror.push('tx')
      await gate
      throw new Error('abort')
    }).catch(e => e as Error)
    await tick()
    const waiting = db.all('SELECT k FROM t').then(rows => ({rows, mirror: [...mirror]}))
    inside()
    expect((await failed).message).to.equal('abort')
    expect(await waiting).to.deep.equal({rows: [], mirror: []})
  })
})
