import {expect} from 'chai'
import {chmodSync, mkdtempSync, readFileSync, rmSync, writeFileSync} from 'node:fs'
import {createServer} from 'node:net'
import {tmpdir} from 'node:os'
import {join} from 'node:path'
import pg from 'pg'
import {openPostgres} from '../../src/db/open-pg.js'
import {pgConnectionAdvice} from '../../src/db/pg-advice.js'
import {sharedCluster} from '../helpers/pg-cluster.js'
import type {PgCluster} from '../helpers/pg-cluster.js'

/** Whatever `fn` rejects with, as an Error (the test fails when it resolves). */
async function refusal(fn: () => Promise<unknown>): Promise<Error> {
  try {
    await fn()
  } catch (err) {
    return err as Error
  }
  throw new Error('expected a refusal, got an open database')
}

// The README's set-up: a role with a password, the password in ~/.pgpass (here $PGPASSFILE), no password in the URL.
// The cluster asks this one role for a scram password (a pg_hba line of its own); every other role stays trusted.
describe('opening a PostgreSQL hub whose role logs in with a password', function () {
  this.timeout(120_000)
  const role = `pwrole_${process.pid}`
  const database = `pwdb_${process.pid}`
  const secret = 'pw-Secret-4711'
  let cluster: PgCluster
  let dir: string
  let url: string
  const saved = {PGPASSFILE: process.env.PGPASSFILE, PGPASSWORD: process.env.PGPASSWORD}

  const pgpass = (password: string): void => {
    const file = join(dir, 'pgpass')
    writeFileSync(file, `127.0.0.1:${cluster.port}:${database}:${role}:${password}\n`)
    chmodSync(file, 0o600)
    process.env.PGPASSFILE = file
  }

  before(async () => {
    cluster = await sharedCluster()
    dir = mkdtempSync(join(tmpdir(), 'agora-pgpass-'))
    const hba = join(cluster.dir, 'data', 'pg_hba.conf')
    writeFileSync(hba, `host all ${role} 127.0.0.1/32 scram-sha-256\n${readFileSync(hba, 'utf8')}`)
    const admin = new pg.Client({connectionString: cluster.url('postgres')})
    await admin.connect()
    try {
      await admin.query(`CREATE ROLE ${role} LOGIN PASSWORD '${secret}'`)
      await admin.query(`CREATE DATABASE ${database} OWNER ${role}`)
      await admin.query('SELECT pg_reload_conf()')
    } finally {
      await admin.end()
    }
    url = `postgres://${role}@127.0.0.1:${cluster.port}/${database}`
    delete process.env.PGPASSWORD
  })
  afterEach(() => {
    delete process.env.PGPASSFILE
    delete process.env.PGPASSWORD
  })
  after(() => {
    for (const [k, v] of Object.entries(saved)) if (v === undefined) delete process.env[k]; else process.env[k] = v
    rmSync(dir, {recursive: true, force: true})
  })

  it('logs in with the password from the pgpass file and prints no deprecation warning', async () => {
    const warnings: string[] = []
    const listen = (w: Error): void => { warnings.push(`${w.name}: ${w.message}`) }
    process.on('warning', listen)
    try {
      pgpass(secret)
      const opened = await openPostgres(url)
      try {
        expect((await opened.knex.raw('SELECT current_user AS who')).rows).to.deep.equal([{who: role}])
        const other = await opened.dedicated()
        expect((await other.query('SELECT current_user AS who')).rows).to.deep.equal([{who: role}])
        await other.end()
      } finally {
        await opened.close()
      }
      await new Promise(resolve => setImmediate(resolve))
    } finally {
      process.off('warning', listen)
    }
    expect(warnings.filter(w => /pgpass/i.test(w))).to.deep.equal([])
  })

  it('takes PGPASSWORD before the pgpass file, as libpq does', async () => {
    pgpass('not-the-password')
    process.env.PGPASSWORD = secret
    const opened = await openPostgres(url)
    await opened.close()
  })

  it('names the pgpass line to write when the password is wrong, and never echoes it', async () => {
    pgpass('wrong-guess')
    const err = await refusal(() => openPostgres(url))
    expect(err.message).to.include(`password authentication failed for user "${role}"`)
    expect(err.message).to.include(`~/.pgpass as the line 127.0.0.1:${cluster.port}:${database}:${role}:PASSWORD (chmod 600) or in PGPASSWORD`)
    expect(err.message).not.to.include('wrong-guess')
  })

  it('names the pgpass line to write when no password is found at all', async () => {
    process.env.PGPASSFILE = join(dir, 'no-such-file')
    const err = await refusal(() => openPostgres(url))
    expect(err.message).to.match(new RegExp(`asked for ${role}'s password and none was found: put it in ~/\\.pgpass`))
  })

  it('names the createdb command when the database does not exist', async () => {
    const err = await refusal(() => openPostgres(cluster.url('no_such_db_here')))
    expect(err.message).to.include('database "no_such_db_here" does not exist; create it first (createdb -O postgres no_such_db_here)')
  })

  it('names the createuser command when the role does not exist', async () => {
    const err = await refusal(() => openPostgres(`postgres://nobody_here@127.0.0.1:${cluster.port}/postgres`))
    expect(err.message).to.include('create the role first (createuser --pwprompt nobody_here)')
  })
})

describe('pgConnectionAdvice', () => {
  it('says nothing listens on the host and port when the connection is refused', async () => {
    const port = await new Promise<number>((resolve) => {
      const s = createServer().listen(0, '127.0.0.1', () => {
        const p = (s.address() as {port: number}).port
        s.close(() => resolve(p))
      })
    })
    const client = new pg.Client({connectionString: `postgres://agora@127.0.0.1:${port}/agora`})
    const err = await refusal(() => client.connect())
    expect(pgConnectionAdvice(`postgres://agora:hunter2@127.0.0.1:${port}/agora`, err))
      .to.match(new RegExp(`^PostgreSQL at postgres://agora:\\*\\*\\*@127\\.0\\.0\\.1:${port}/agora: .*ECONNREFUSED.*; nothing listens on 127\\.0\\.0\\.1:${port}: start PostgreSQL there, or fix the URL's host and port$`))
  })

  it('keeps PostgreSQL\'s own words for an error it does not recognize', () => {
    expect(pgConnectionAdvice('postgres://a@h:5433/d', Object.assign(new Error('too many connections'), {code: '53300'})))
      .to.equal('PostgreSQL at postgres://a@h:5433/d: too many connections')
  })
})
