import {AgoraClient} from '@agora/client'
import {lookupKey} from '@agora/home'
import {createHub} from '@agora/hub'
import {ledgerHash, parseJsonLossless, turnPayload} from '@agora/protocol'
import Database from 'better-sqlite3'
import {expect} from 'chai'
import {existsSync, statSync} from 'node:fs'
import {join} from 'node:path'

import Backup from '../../src/commands/backup.js'
import Restore from '../../src/commands/restore.js'
import {ADMIN_KEY, addSeats, operatorHome, runCommand, runFailure, startHub, tempDir} from '../helpers/cli.js'
import type {ClockedHub} from '../helpers/cli.js'
import {the} from '../../../../test/helpers/present.js'

const WRITERS = ['w1', 'w2', 'w3', 'w4']

describe('backup and restore', function () {
  this.timeout(120_000)
  let hub: ClockedHub
  let home: string
  let clients: AgoraClient[]
  const acked: Array<{channel: string; id: string}> = []
  let stop = false
  let loops: Array<Promise<void>> = []

  before(async () => {
    hub = await startHub()
    home = operatorHome(hub)
    await addSeats(hub.url, home, WRITERS)
    clients = WRITERS.map((id) => new AgoraClient({url: hub.url, apiKey: lookupKey(home, hub.url, id)}))
    await the(clients, 0).createChannel('shared', {private: false})
    for (const [i, c] of clients.entries()) {
      if (i > 0) await c.joinChannel('shared')
      await c.createChannel(`own-${WRITERS[i]}`)
    }
  })
  after(async () => {
    stop = true
    await Promise.allSettled(loops)
    await hub.hub.close().catch(() => undefined)
  })

  /** One writer: posts until told to stop, alternating the shared room and its own, recording every 200. */
  async function writer(client: AgoraClient, id: string): Promise<void> {
    for (let n = 0; !stop; n++) {
      const channel = n % 2 ? 'shared' : `own-${id}`
      const posted = await client.postMessage(channel, {body: `${id} post ${n} ${'x'.repeat(n % 7 * 40)}`, title: `#${n}`, status: 'fyi'})
      acked.push({channel, id: posted.id})
    }
  }

  it('snapshots the live database under 4 concurrent writers, and the restore holds every post acknowledged before the backup began', async () => {
    loops = clients.map((c, i) => writer(c, the(WRITERS, i)))
    while (acked.length < 200) await new Promise((r) => setTimeout(r, 10))
    const before = [...acked]
    const file = join(tempDir('snap'), 'hub.snapshot.db')
    const {result, stdout} = await runCommand(Backup, [file, '--home', home])
    const during = acked.length - before.length
    while (acked.length < before.length + during + 50) await new Promise((r) => setTimeout(r, 10))
    stop = true
    await Promise.all(loops)
    expect(result).to.include({verified: true, integrity: 'ok', file, db: hub.db})
    expect(result.channels).to.be.at.least(5)
    expect(result.messages).to.be.at.least(before.length)
    expect(result.ledgers.every((l) => l.intact)).to.equal(true)
    expect(stdout).to.match(/backup .*: \d+ channels, \d+ messages, \d+ bytes; integrity ok, every ledger intact: verified/)
    expect(statSync(file).mode & 0o777).to.equal(0o600)
    expect(existsSync(`${file}-wal`)).to.equal(false)

    await hub.hub.close()
    const restored = await runCommand(Restore, [file, '--yes', '--home', home])
    expect(restored.result.preserved[0]).to.match(/agora\.db\.before-restore-\d{8}T\d{6}Z$/)
    const aside = new Database(restored.result.preserved[0], {readonly: true})
    expect((aside.prepare('SELECT count(*) AS n FROM messages').get() as {n: number}).n).to.be.at.least(acked.length)
    aside.close()

    const db = new Database(hub.db, {readonly: true})
    const has = db.prepare('SELECT 1 FROM messages WHERE id = ? AND channel = ?')
    const missing = before.filter((p) => !has.get(p.id, p.channel))
    db.close()
    expect(missing, 'acknowledged posts absent from the restored db').to.deep.equal([])

    const reopened = await createHub({adminKey: ADMIN_KEY, db: hub.db, host: '127.0.0.1', port: 0, notifyDir: null, voteSweepMs: 3_600_000})
    try {
      const admin = new AgoraClient({url: reopened.url, apiKey: lookupKey(home, hub.url, 'w1')})
      for (const channel of ['shared', 'own-w1']) expect((await admin.ledger(channel, {verify: true})).verified).to.equal(true)
    } finally {
      await reopened.close()
    }
  })

  it('refuses to restore while a hub serves the database (config.json url answers), leaving it in place', async () => {
    const live = await startHub()
    const liveHome = operatorHome(live)
    const file = join(tempDir('snap2'), 's.db')
    await runCommand(Backup, [file, '--home', liveHome])
    try {
      const error = await runFailure(Restore, [file, '--yes', '--home', liveHome])
      expect(error.message).to.include('restore refused').and.include(live.url).and.include('nothing was changed')
      expect(existsSync(live.db)).to.equal(true)
    } finally {
      await live.hub.close()
    }
  })

  it('refuses to restore over a database another connection holds open, even when config.json names no hub', async () => {
    const live = await startHub()
    const file = join(tempDir('snap3'), 's.db')
    await runCommand(Backup, [file, '--db', live.db, '--home', join(tempDir('bare'), 'home')])
    try {
      const error = await runFailure(Restore, [file, '--yes', '--db', live.db, '--home', join(tempDir('bare'), 'home')])
      expect(error.message).to.include('is open in another process')
    } finally {
      await live.hub.close()
    }
    const {result} = await runCommand(Restore, [file, '--yes', '--db', live.db, '--home', join(tempDir('bare'), 'home')])
    expect(result.preserved.length).to.be.at.least(1)
    expect(existsSync(the(result.preserved, 0))).to.equal(true)
  })

  it('needs --yes to replace an existing database, and refuses an unverifiable snapshot', async () => {
    const live = await startHub()
    const file = join(tempDir('snap4'), 's.db')
    const seatHome = tempDir('seat4')
    await addSeats(live.url, seatHome, ['poster'])
    const poster = new AgoraClient({url: live.url, apiKey: lookupKey(seatHome, live.url, 'poster')})
    await poster.createChannel('notes')
    await poster.postMessage('notes', {body: 'the original words', status: 'fyi'})
    await runCommand(Backup, [file, '--db', live.db, '--home', home])
    await live.hub.close()
    const noYes = await runFailure(Restore, [file, '--db', live.db, '--home', join(tempDir('bare'), 'home')])
    expect(noYes.message).to.include('--yes')
    const tampered = new Database(file)
    tampered.prepare("UPDATE messages SET body = 'rewritten' WHERE channel = 'notes' AND seq = 1").run()
    tampered.close()
    const bad = await runFailure(Restore, [file, '--yes', '--db', live.db, '--home', join(tempDir('bare'), 'home')])
    expect(bad.message).to.include('did not verify').and.include('notes@1')
  })

  it('installs a snapshot where no database exists yet, and refuses the database itself as the snapshot', async () => {
    const live = await startHub()
    const file = join(tempDir('snap6'), 's.db')
    await runCommand(Backup, [file, '--db', live.db, '--home', home])
    await live.hub.close()
    const fresh = join(tempDir('fresh'), 'nested', 'agora.db')
    const {result} = await runCommand(Restore, [file, '--db', fresh, '--home', join(tempDir('bare'), 'home')])
    expect(result).to.include({db: fresh})
    expect(result.preserved).to.deep.equal([])
    expect(statSync(fresh).mode & 0o777).to.equal(0o600)
    const self = await runFailure(Restore, [fresh, '--yes', '--db', fresh, '--home', join(tempDir('bare'), 'home')])
    expect(self.message).to.include('is the hub database itself')
  })

  it('refuses to overwrite an existing snapshot file', async () => {
    const file = join(tempDir('snap5'), 's.db')
    const live = await startHub()
    try {
      await runCommand(Backup, [file, '--db', live.db, '--home', home])
      const error = await runFailure(Backup, [file, '--db', live.db, '--home', home])
      expect(error.message).to.include('already exists')
    } finally {
      await live.hub.close()
    }
  })
})

/**
 * An older build let `data` nest without limit. Store such a row as the channel's last turn, with
 * its hash re-chained, the way that build would have written it.
 */
function storeDeepLastRow(dbPath: string, channel: string, depth: number): void {
  const db = new Database(dbPath)
  try {
    const [last, before] = db.prepare('SELECT * FROM messages WHERE channel = ? ORDER BY seq DESC LIMIT 2').all(channel) as any[]
    const data = '{"a":'.repeat(depth) + '1' + '}'.repeat(depth)
    const hash = ledgerHash(before?.hash ?? '', turnPayload(channel, {...last, to: JSON.parse(last.to_json), data: parseJsonLossless(data)}))
    db.prepare('UPDATE messages SET data_json = ?, hash = ? WHERE id = ?').run(data, hash, last.id)
  } finally {
    db.close()
  }
}

describe('backup of a database holding a row nested 3,000 deep', function () {
  this.timeout(60_000)

  it('snapshots and verifies every ledger instead of overflowing the stack', async () => {
    const live = await startHub()
    try {
      const seatHome = tempDir('deep-seat')
      await addSeats(live.url, seatHome, ['poster'])
      const poster = new AgoraClient({url: live.url, apiKey: lookupKey(seatHome, live.url, 'poster')})
      await poster.createChannel('deep')
      await poster.postMessage('deep', {body: 'soon nested', status: 'fyi'})
      storeDeepLastRow(live.db, 'deep', 3000)
      const file = join(tempDir('deep-snap'), 's.db')
      const {result} = await runCommand(Backup, [file, '--db', live.db, '--home', join(tempDir('bare'), 'home')])
      expect(result).to.include({verified: true, integrity: 'ok'})
      expect(result.ledgers.find((l) => l.channel === 'deep')).to.include({intact: true})
    } finally {
      await live.hub.close()
    }
  })
})
