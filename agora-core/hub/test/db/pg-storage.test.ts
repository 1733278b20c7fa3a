import {expect} from 'chai'
import {openPostgres} from '../../src/db/open-pg.js'
import type {OpenedPg} from '../../src/db/open-pg.js'
import {schemaForPostgres} from '../../src/db/dialect-sql.js'
import {freshDatabase} from '../helpers/pg-cluster.js'
import {present} from '../../../../test/helpers/present.js'

const tick = (): Promise<void> => new Promise(resolve => setImmediate(resolve))

// PostgreSQL only: the client the adapter keeps between statements (pg-storage.ts). The shared behaviour,
// transactions that have ended included, runs on both adapters in sqlite-storage.test.ts.
describe('the storage port on PostgreSQL: the kept client', function () {
  this.timeout(120_000)
  let opened: OpenedPg
  before(async () => { opened = await openPostgres(await freshDatabase('pgstorage')) })
  after(async () => { await opened?.close() })
  beforeEach(async () => {
    await opened.knex.raw('DROP TABLE IF EXISTS t')
    await opened.knex.raw(schemaForPostgres('CREATE TABLE t (k TEXT PRIMARY KEY, v INTEGER)'))
  })

  it('answers the next statement on a fresh connection when the kept one was terminated while idle', async () => {
    const db = opened.storage()
    const first = present(await db.get<{pid: number}>('SELECT pg_backend_pid() AS pid'), 'the kept connection\'s pid')
    const other = await opened.dedicated()
    try {
      expect((await other.query('SELECT pg_terminate_backend($1) AS done', [first.pid])).rows).to.deep.equal([{done: 1}])
    } finally {
      await other.end()
    }
    for (let i = 0; i < 50 && (await opened.knex.raw('SELECT 1 FROM pg_stat_activity WHERE pid = ?', [first.pid])).rows.length > 0; i++) await tick()
    await new Promise(resolve => setTimeout(resolve, 50)) // the client hears the server's goodbye
    const next = await db.get<{pid: number}>('SELECT pg_backend_pid() AS pid')
    expect(next?.pid).to.be.a('number').and.not.equal(first.pid)
    expect(await db.run('INSERT INTO t (k, v) VALUES (?, ?)', 'after', 1)).to.deep.equal({changes: 1})
  })

  it('keeps one connection between statements and hands it back to the pool on close', async () => {
    const other = await openPostgres(opened.url)
    const db = other.storage()
    const pool = (other.knex.client as unknown as {pool: {numUsed(): number}}).pool
    const pids = new Set<number>()
    for (let i = 0; i < 5; i++) pids.add((await db.get<{pid: number}>('SELECT pg_backend_pid() AS pid'))?.pid as number)
    expect(pids.size).to.equal(1)
    expect(pool.numUsed()).to.equal(1)
    await other.close() // resolves: knex destroys a pool with nothing left in use
    expect(pool.numUsed()).to.equal(0)
  })
})
