import {expect} from 'chai'
import {mkdtempSync, readdirSync, readlinkSync} from 'node:fs'
import {tmpdir} from 'node:os'
import {join} from 'node:path'
import {openDb} from '../../../src/db/open.js'
import {SCHEMA_VERSION} from '../../../src/db/migrations.js'

describe('migrations', () => {
  it('migrates an empty database up to the latest schema', async () => {
    const db = await openDb(':memory:')
    try {
      const names = db.sql.prepare('SELECT name FROM knex_migrations ORDER BY id').pluck().all()
      expect(names).to.have.length(SCHEMA_VERSION)
      expect(names[0]).to.equal('0001_core')
      const tables = db.sql.prepare("SELECT name FROM sqlite_master WHERE type = 'table'").pluck().all()
      for (const t of ['agents', 'channels', 'members', 'invites', 'messages', 'message_dedupe', 'reads', 'cursors', 'store',
        'fs_versions', 'meta', 'hub_pauses', 'delegations', 'blocks']) expect(tables).to.include(t)
    } finally { await db.close() }
  })

  it('enforces UNIQUE(channel, seq)', async () => {
    const db = await openDb(':memory:')
    try {
      const ins = db.sql.prepare(`INSERT INTO messages (id, channel, seq, sender, kind, status, urgency, created_at) VALUES (?, 'c', 1, 'a', 'message', 'fyi', 'inbox', 1)`)
      ins.run('A')
      expect(() => ins.run('B')).to.throw(/UNIQUE/)
    } finally { await db.close() }
  })

  it('reopens a file database without re-running steps, in WAL mode', async () => {
    const file = join(mkdtempSync(join(tmpdir(), 'agora-mig-')), 'sub', 'hub.db')
    const first = await openDb(file)
    first.sql.prepare("INSERT INTO meta (key, value) VALUES ('k', 'v')").run()
    await first.close()
    const second = await openDb(file)
    try {
      expect(second.sql.pragma('journal_mode', {simple: true})).to.equal('wal')
      expect(second.sql.prepare("SELECT value FROM meta WHERE key = 'k'").pluck().get()).to.equal('v')
      expect(second.sql.prepare('SELECT count(*) FROM knex_migrations').pluck().get()).to.equal(SCHEMA_VERSION)
    } finally { await second.close() }
  })

  it('refuses a non-SQLite client by name', async () => {
    const err = await openDb(':memory:', 'mysql2').then(() => null, (e: Error) => e)
    expect(err?.message).to.equal("database client 'mysql2' does not open a SQLite file; the hub runs on SQLite through 'better-sqlite3' or on PostgreSQL through 'pg' with db: postgres://user@host:5432/agora")
  })

  it('opens a file already at the latest schema without knex, and leaves a file with an unknown step to knex', async () => {
    const file = join(mkdtempSync(join(tmpdir(), 'agora-mig-')), 'hub.db')
    const first = await openDb(file)
    expect(first.knex).to.not.equal(undefined)
    await first.close()
    const direct = await openDb(file)
    expect(direct.knex).to.equal(undefined)
    expect(direct.sql.pragma('busy_timeout', {simple: true})).to.equal(5000)
    expect(direct.sql.pragma('journal_mode', {simple: true})).to.equal('wal')
    direct.sql.prepare("INSERT INTO knex_migrations (name, batch, migration_time) VALUES ('9999_from_a_newer_hub', 9, 0)").run()
    await direct.close()
    const err = await openDb(file).then(() => null, (e: Error) => e)
    expect(err?.message).to.contain('9999_from_a_newer_hub')
  })

  it('releases the file and knex\'s pool when knex refuses a migration (a leaked pool kept the test process alive)', async () => {
    const file = join(mkdtempSync(join(tmpdir(), 'agora-mig-')), 'hub.db')
    const first = await openDb(file)
    first.sql.prepare("INSERT INTO knex_migrations (name, batch, migration_time) VALUES ('9999_from_a_newer_hub', 9, 0)").run()
    await first.close()
    const err = await openDb(file).then(() => null, (e: Error) => e)
    expect(err?.message).to.contain('9999_from_a_newer_hub')
    const holders = readdirSync('/proc/self/fd').filter((fd) => {
      try { return readlinkSync(`/proc/self/fd/${fd}`).startsWith(file) } catch { return false }
    })
    expect(holders).to.deep.equal([])
  })
})
