import {expect} from 'chai'
import Database from 'better-sqlite3'
import {Statements} from '../../src/db/statements.js'
import {SqliteStorage} from '../../src/db/sqlite-storage.js'

function open(): {db: SqliteStorage; rollbacks: number[]} {
  const sql = new Database(':memory:')
  sql.exec('CREATE TABLE t (k TEXT PRIMARY KEY, v INTEGER)')
  const rollbacks: number[] = []
  return {db: new SqliteStorage(new Statements(sql), () => { rollbacks.push(1) }), rollbacks}
}

const tick = (): Promise<void> => new Promise(resolve => setImmediate(resolve))

describe('SqliteStorage (the storage port on SQLite)', () => {
  it('reads back what it writes, with changes counted', async () => {
    const {db} = open()
    expect(await db.run('INSERT INTO t (k, v) VALUES (?, ?)', 'a', 1)).to.deep.equal({changes: 1})
    expect(await db.get('SELECT v FROM t WHERE k = ?', 'a')).to.deep.equal({v: 1})
    expect(await db.rows('SELECT k, v FROM t')).to.deep.equal([['a', 1]])
  })

  it('rolls back every write of a failed transaction and reports the rollback', async () => {
    const {db, rollbacks} = open()
    const failed = db.tx(async () => {
      await db.run('INSERT INTO t (k, v) VALUES (?, ?)', 'a', 1)
      await db.run('INSERT INTO t (k, v) VALUES (?, ?)', 'a', 2)
    })
    expect(String(await failed.catch(e => e))).to.match(/UNIQUE/)
    expect(await db.all('SELECT * FROM t')).to.deep.equal([])
    expect(rollbacks).to.have.length(1)
  })

  it('keeps a write from outside a transaction out of it, so a rollback never takes it along', async () => {
    const {db} = open()
    let inside!: () => void
    const gate = new Promise<void>(resolve => { inside = resolve })
    const txDone = db.tx(async () => {
      await db.run('INSERT INTO t (k, v) VALUES (?, ?)', 'tx', 1)
      await gate
      throw new Error('abort')
    }).catch(e => e as Error)
    await tick()
    const outside = db.run('INSERT INTO t (k, v) VALUES (?, ?)', 'outside', 2)
    await tick()
    inside()
    expect((await txDone).message).to.equal('abort')
    await outside
    expect(await db.all('SELECT k FROM t')).to.deep.equal([{k: 'outside'}])
  })

  it('joins a nested transaction to the outer one and runs deferred work only after commit', async () => {
    const {db} = open()
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
    const {db} = open()
    const seen: string[] = []
    await db.tx(async () => {
      db.defer(() => seen.push('deferred'))
      throw new Error('no')
    }).catch(() => undefined)
    await tick()
    expect(seen).to.deep.equal([])
  })

  it('serializes concurrent transactions: 50 read-modify-write increments lose none', async () => {
    const {db} = open()
    await db.run('INSERT INTO t (k, v) VALUES (?, ?)', 'c', 0)
    await Promise.all(Array.from({length: 50}, () => db.tx(async () => {
      const r = await db.get<{v: number}>('SELECT v FROM t WHERE k = ?', 'c')
      await tick()
      await db.run('UPDATE t SET v = ? WHERE k = ?', (r?.v ?? 0) + 1, 'c')
    })))
    expect(await db.get('SELECT v FROM t WHERE k = ?', 'c')).to.deep.equal({v: 50})
  })

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
