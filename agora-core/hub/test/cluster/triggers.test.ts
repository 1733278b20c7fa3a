import {expect} from 'chai'
import pg from 'pg'
import {openPostgres} from '../../src/db/open-pg.js'
import {TRIGGER_NAMES} from '../../src/cluster/triggers.js'
import {freshDatabase} from '../helpers/pg-cluster.js'

/** Hub sessions on `url` waiting on a lock now (pg_stat_activity), what they run. */
async function waitingHubs(client: pg.Client): Promise<string[]> {
  const r = await client.query<{query: string}>(`SELECT query FROM pg_stat_activity
    WHERE datname = current_database() AND application_name LIKE 'agora-hub%' AND wait_event_type = 'Lock'`)
  return r.rows.map(row => row.query)
}

/** The agora triggers on this database's hub tables, by name. */
async function triggerNames(client: pg.Client): Promise<string[]> {
  const r = await client.query<{tgname: string}>(`SELECT tgname FROM pg_trigger t JOIN pg_class c ON c.oid = t.tgrelid
    WHERE NOT t.tgisinternal AND c.relnamespace = 'public'::regnamespace ORDER BY tgname`)
  return r.rows.map(row => row.tgname)
}

describe('cluster triggers (PostgreSQL)', function () {
  this.timeout(60_000)

  it('starts another hub process while a serving one holds a write open, without waiting on a table lock', async () => {
    const url = await freshDatabase('triggers')
    const first = await openPostgres(url)
    const serving = new pg.Client({connectionString: url})
    const watcher = new pg.Client({connectionString: url})
    await serving.connect()
    await watcher.connect()
    try {
      // What any hub write holds until its commit: ROW EXCLUSIVE on the tables it touches.
      await serving.query('BEGIN')
      await serving.query('LOCK TABLE messages, presence, store IN ROW EXCLUSIVE MODE')
      let opened = false
      const second = openPostgres(url).then(db => { opened = true; return db })
      let waited: string[] = []
      while (!opened && waited.length === 0) {
        waited = await waitingHubs(watcher)
        await new Promise(r => setTimeout(r, 20))
      }
      await serving.query('ROLLBACK')
      await (await second).close()
      expect(waited, 'the second start waited on a lock the serving write held').to.deep.equal([])
    } finally {
      await serving.end()
      await watcher.end()
      await first.close()
    }
  })

  it('installs every trigger on a fresh database, and again after one was dropped by hand', async () => {
    const url = await freshDatabase('triggers')
    const client = new pg.Client({connectionString: url})
    await client.connect()
    try {
      await (await openPostgres(url)).close()
      const all = await triggerNames(client)
      expect(all).to.deep.equal([...TRIGGER_NAMES].sort())
      expect(all).to.include.members(['agora_messages_insert', 'agora_presence_change', 'agora_hub_meta_change'])
      await client.query('DROP TRIGGER agora_presence_change ON presence')
      await (await openPostgres(url)).close()
      expect(await triggerNames(client)).to.deep.equal(all)
    } finally {
      await client.end()
    }
  })
})
