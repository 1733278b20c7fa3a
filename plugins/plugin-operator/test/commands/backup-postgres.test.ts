import {AgoraClient} from '@agora/client'
import {lookupKey} from '@agora/home'
import Database from 'better-sqlite3'
import {expect} from 'chai'
import {copyFileSync} from 'node:fs'
import {join} from 'node:path'
import pg from 'pg'

import Backup from '../../src/commands/backup.js'
import Restore from '../../src/commands/restore.js'
import {addSeats, operatorHome, runCommand, runFailure, startHub, tempDir} from '../helpers/cli.js'
import {freshDatabase} from '../../../../agora-core/hub/test/helpers/pg-cluster.js'
import {exactly} from '../../../../test/helpers/present.js'

/** Every message row of a snapshot, in ledger order: what a restore must carry over byte for byte. */
function messages(file: string): unknown[] {
  const db = new Database(file, {readonly: true})
  try { return db.prepare('SELECT * FROM messages ORDER BY channel, seq').all() } finally { db.close() }
}

/** The database's schemas and what its hub holds: a refused restore leaves both as they were. */
async function hubShape(url: string): Promise<{schemas: string[]; messages: number; agents: number}> {
  const client = new pg.Client({connectionString: url})
  await client.connect()
  try {
    const schemas = (await client.query("SELECT nspname FROM pg_namespace WHERE nspname NOT LIKE 'pg\\_%' AND nspname <> 'information_schema' ORDER BY 1")).rows.map(r => r.nspname as string)
    const count = async (t: string): Promise<number> => (await client.query(`SELECT count(*)::int AS n FROM public.${t}`)).rows[0].n as number
    return {schemas, messages: await count('messages'), agents: await count('agents')}
  } finally { await client.end() }
}

describe('backup and restore with PostgreSQL', function () {
  this.timeout(120_000)
  let snapshot: string
  let url: string

  before(async () => {
    const hub = await startHub()
    const home = operatorHome(hub)
    await addSeats(hub.url, home, ['w1', 'w2'])
    const [a, b] = exactly(['w1', 'w2'].map(id => new AgoraClient({url: hub.url, apiKey: lookupKey(home, hub.url, id)})), 2)
    await a.createChannel('shared', {private: false})
    await b.joinChannel('shared')
    for (let i = 0; i < 30; i++) await (i % 2 ? a : b).postMessage('shared', {body: `post ${i} ✓`, title: `#${i}`, status: i % 5 ? 'fyi' : 'open'})
    snapshot = join(tempDir('snap'), 'sqlite.snapshot.db')
    await runCommand(Backup, [snapshot, '--home', home])
    await hub.hub.close()
    url = await freshDatabase('restore')
  })

  it('restores a SQLite snapshot into PostgreSQL and backs it up again to a snapshot that verifies with the same rows', async () => {
    const restored = await runCommand(Restore, [snapshot, '--db', url, '--home', join(tempDir('h'), 'home')])
    expect(restored.result.preserved).to.deep.equal([])
    const total = messages(snapshot).length
    expect(total).to.be.at.least(31)
    expect(restored.stdout).to.match(new RegExp(`restored postgres://postgres@127\\.0\\.0\\.1:\\d+/restore_\\d+_\\d+ from .*: 2 channels, ${total} messages, verified`))
    const again = join(tempDir('snap'), 'pg.snapshot.db')
    const {result, stdout} = await runCommand(Backup, [again, '--db', url, '--home', join(tempDir('h'), 'home')])
    expect(result).to.include({verified: true, integrity: 'ok', messages: total, channels: 2})
    expect(stdout).to.match(/every ledger intact: verified/)
    expect(messages(again)).to.deep.equal(messages(snapshot))
  })

  it('refuses to replace a database that holds a hub without --yes, and with it keeps the old tables in a renamed schema', async () => {
    const home = join(tempDir('h'), 'home')
    const refused = await runFailure(Restore, [snapshot, '--db', url, '--home', home])
    expect(refused.message).to.match(/already holds a hub; re-run with --yes/)
    const {result} = await runCommand(Restore, [snapshot, '--db', url, '--yes', '--home', home])
    expect(result.preserved[0]).to.match(/^before_restore_\d{8}t\d{6}z$/)
    const client = new pg.Client({connectionString: url})
    await client.connect()
    try {
      const kept = await client.query(`SELECT count(*)::int AS n FROM ${result.preserved[0]}.messages`)
      expect(kept.rows[0].n).to.equal(messages(snapshot).length)
    } finally { await client.end() }
  })

  it('refuses a snapshot holding a NUL before touching PostgreSQL, naming where it is and the SQLite restore that works', async () => {
    const hub = await startHub(join(tempDir('db'), 'agora.db'))
    const home = operatorHome(hub)
    await addSeats(hub.url, home, ['w1'])
    const w1 = new AgoraClient({url: hub.url, apiKey: lookupKey(home, hub.url, 'w1')})
    await w1.createChannel('bytes', {private: false})
    await w1.postMessage('bytes', {body: 'before\u0000after'})
    const nul = join(tempDir('snap'), 'nul.snapshot.db')
    await runCommand(Backup, [nul, '--home', home])
    await hub.hub.close()
    const target = await freshDatabase('nul')
    await runCommand(Restore, [snapshot, '--db', target, '--home', join(tempDir('h'), 'home')])
    const before = await hubShape(target)
    const err = await runFailure(Restore, [nul, '--db', target, '--yes', '--home', join(tempDir('h'), 'home')])
    expect(err.message).to.include('holds NUL characters (U+0000), which PostgreSQL text cannot store (1 in messages.body)')
    expect(err.message).to.include(`agora restore ${nul} --yes (without --db)`)
    expect(await hubShape(target)).to.deep.equal(before)
  })

  it('puts the replaced hub back in place when loading the snapshot fails halfway', async () => {
    const odd = join(tempDir('snap'), 'odd.snapshot.db')
    copyFileSync(snapshot, odd)
    const db = new Database(odd)
    try { db.prepare("UPDATE agents SET created_at = 'soon' WHERE id = 'w2'").run() } finally { db.close() }
    const target = await freshDatabase('halfway')
    await runCommand(Restore, [snapshot, '--db', target, '--home', join(tempDir('h'), 'home')])
    const before = await hubShape(target)
    const err = await runFailure(Restore, [odd, '--db', target, '--yes', '--home', join(tempDir('h'), 'home')])
    expect(err.message).to.match(/double precision/)
    expect(await hubShape(target)).to.deep.equal(before)
  })

  it('refuses to back up a PostgreSQL database that holds no hub, naming the URL', async () => {
    const empty = await freshDatabase('empty')
    const err = await runFailure(Backup, [join(tempDir('snap'), 'x.db'), '--db', empty, '--home', join(tempDir('h'), 'home')])
    expect(err.message).to.match(/holds no agora hub \(no messages table\); check the URL/)
  })
})
