import {rmSync} from 'node:fs'
import {join} from 'node:path'
import {expect} from 'chai'
import Database from 'better-sqlite3'
import {parseJsonLossless, verifyLedger} from '@agora/protocol'
import {Caller, TestHub} from '../helpers/hub.js'
import {parseLossless, verifyIndependently} from '../helpers/ledger.js'
import {the} from '../../../../test/helpers/present.js'

// Each channel gets one kind of tampering done straight in the SQLite file; the hub's
// `verify=true` and both external verifiers must point at the first affected seq.
// Column names are looked up, not assumed, so the test only relies on the wire field names.
const CASES: Array<{channel: string; brokenAt: (base: number) => number}> = [
  {channel: 't-body', brokenAt: (b) => b + 1},
  {channel: 't-title', brokenAt: (b) => b + 1},
  {channel: 't-sender', brokenAt: (b) => b + 1},
  {channel: 't-created', brokenAt: (b) => b + 1},
  {channel: 't-data', brokenAt: (b) => b + 1},
  {channel: 't-status', brokenAt: (b) => b + 1},
  {channel: 't-hash', brokenAt: (b) => b + 1},
  {channel: 't-delete', brokenAt: (b) => b + 3},
  {channel: 't-reorder', brokenAt: (b) => b + 1},
  {channel: 't-unhashed', brokenAt: (b) => b + 3},
  {channel: 't-insert', brokenAt: (b) => b + 4},
  {channel: 't-retracted', brokenAt: (b) => b + 1},
]
// A retracted turn is link-only for external verifiers (they see only the tombstone), but the
// hub recomputes it from the stored original bytes, so only the hub can catch this edit.
const LINK_ONLY = new Set(['t-retracted'])

function col(db: Database.Database, ...names: string[]): string {
  const cols = (db.prepare('PRAGMA table_info(messages)').all() as Array<{name: string}>).map((c) => c.name)
  const hit = names.find((n) => cols.includes(n))
  if (!hit) throw new Error(`messages table has none of ${names.join('/')}; columns: ${cols.join(', ')}`)
  return `"${hit}"`
}

function tamper(db: Database.Database, channel: string, s: number): void {
  const C = col(db, 'channel', 'channel_name')
  const where = `WHERE ${C} = ? AND seq = ?`
  const set = (column: string, expr: string) => db.prepare(`UPDATE messages SET ${column} = ${expr} ${where}`).run(channel, s)
  switch (channel) {
    case 't-body': case 't-retracted': set(col(db, 'body'), `'forged body'`); break
    case 't-title': set(col(db, 'title'), `'forged title'`); break
    case 't-sender': set(col(db, 'sender'), `'bob'`); break
    case 't-created': set(col(db, 'created_at'), `${col(db, 'created_at')} + 1`); break
    case 't-status': set(col(db, 'status'), `'resolved'`); break
    case 't-hash': set(col(db, 'hash'), `'${'ab'.repeat(32)}'`); break
    case 't-data': {
      const D = col(db, 'data', 'data_json')
      const row = db.prepare(`SELECT ${D} AS d FROM messages ${where}`).get(channel, s) as {d: unknown}
      expect(row.d, 'data column holds JSON text').to.be.a('string')
      db.prepare(`UPDATE messages SET ${D} = ? ${where}`).run(String(row.d).replace(/1/, '2'), channel, s)
      break
    }
    case 't-delete': db.prepare(`DELETE FROM messages ${where}`).run(channel, s + 1); break
    case 't-reorder': {
      db.prepare(`UPDATE messages SET seq = -1 ${where}`).run(channel, s)
      db.prepare(`UPDATE messages SET seq = ? ${where}`).run(s, channel, s + 1)
      db.prepare(`UPDATE messages SET seq = ? ${where}`).run(s + 1, channel, -1)
      break
    }
    case 't-unhashed': db.prepare(`UPDATE messages SET ${col(db, 'hash')} = NULL ${where}`).run(channel, s + 2); break
    case 't-insert': {
      const info = db.prepare('PRAGMA table_info(messages)').all() as Array<{name: string; pk: number; type: string}>
      const copy = info.filter((c) => !(c.pk > 0 && /int/i.test(c.type))).map((c) => `"${c.name}"`)
      const sel = copy.map((c) => (c === '"seq"' ? `${s + 3}` : c === col(db, 'id') ? `'01FORGEDFORGEDFORGEDFORGED'` : c === col(db, 'hash') ? `'${'cd'.repeat(32)}'` : c))
      db.prepare(`INSERT INTO messages (${copy.join(',')}) SELECT ${sel.join(',')} FROM messages ${where}`).run(channel, s + 2)
      break
    }
    default: throw new Error(`no tampering defined for ${channel}`)
  }
}

async function ledger(seat: Caller, channel: string) {
  const r = await seat.get(`/channels/${channel}/ledger?verify=true`)
  expect(r.status, r.text).to.equal(200)
  return {lossless: parseLossless(r.text) as any, text: r.text}
}

describe('invariant 3: tampering is detected at the right seq', () => {
  it('reports verified:false with broken_at at the first affected seq for edits, deletes, reorders, inserts and unhashed rows', async function () {
    this.timeout(60000)
    let h = await TestHub.start({ratePerMinute: 600_000}) // dozens of posts in a tight loop: a burst of 20 at 100/s can 429
    const firstDir = h.dir
    const dbPath = h.dbPath
    const alice = await h.register('alice')
    const bob = await h.register('bob')
    const base: Record<string, number> = {}
    for (const {channel} of [...CASES, {channel: 't-clean'}]) {
      await h.channel(alice, channel, [bob])
      const head = await alice.history(channel)
      base[channel] = head.at(-1).seq
      await alice.postMessage(channel, {body: 'first', title: 'one', status: 'open', data: {n: 1}})
      await bob.postMessage(channel, {body: 'second', status: 'fyi', data: {n: 1}})
      await alice.postMessage(channel, {body: 'third', status: 'fyi'})
      if (LINK_ONLY.has(channel)) {
        const first = (await alice.history(channel)).find((m) => m.seq === the(base, channel) + 1)
        await alice.ok('POST', `/channels/${channel}/messages/${first.id}/retract`, {})
      }
    }
    await h.hub.close()
    const db = new Database(dbPath)
    try {
      db.pragma('wal_checkpoint(TRUNCATE)')
      for (const {channel} of CASES) tamper(db, channel, the(base, channel) + 1)
    } finally { db.close() }

    const reopened = await TestHub.start({db: dbPath})
    h = reopened
    try {
      const alice2 = new Caller(h.url, 'alice', alice.key)
      const clean = await ledger(alice2, 't-clean')
      expect(clean.lossless.verified, 't-clean stays verified after a restart').to.equal(true)
      for (const {channel, brokenAt} of CASES) {
        const want = brokenAt(the(base, channel))
        const {lossless, text} = await ledger(alice2, channel)
        expect(lossless.verified, `${channel} verified`).to.equal(false)
        // A deleted row leaves a gap: the hub may name the missing seq or the first turn whose link breaks.
        const hubWant = channel === 't-delete' ? [want - 1, want] : [want]
        expect(Number(lossless.broken_at?.value ?? lossless.broken_at), `${channel} broken_at`).to.be.oneOf(hubWant)
        const external = LINK_ONLY.has(channel) ? null : want
        expect(verifyIndependently(lossless).broken_at, `${channel} independent broken_at`).to.equal(external)
        expect(verifyLedger(parseJsonLossless(text) as never).brokenAt, `${channel} protocol broken_at`).to.equal(external)
      }
    } finally {
      await reopened.close()
      rmSync(firstDir, {recursive: true, force: true})
    }
  })

  it('detects a row edited underneath a running hub on the next verify', async () => {
    const h = await TestHub.start()
    try {
      const alice = await h.register('alice')
      await alice.ok('POST', '/channels', {name: 'live'})
      const m = await alice.postMessage('live', {body: 'original words', status: 'fyi'})
      await alice.postMessage('live', {body: 'after', status: 'fyi'})
      expect((await ledger(alice, 'live')).lossless.verified).to.equal(true)
      const db = new Database(join(h.dbPath))
      try {
        db.pragma('busy_timeout = 5000')
        db.prepare(`UPDATE messages SET ${col(db, 'body')} = 'rewritten' WHERE ${col(db, 'id')} = ?`).run(m.id)
      } finally { db.close() }
      const after = (await ledger(alice, 'live')).lossless
      expect(after.verified).to.equal(false)
      expect(Number(after.broken_at.value)).to.equal(m.seq)
    } finally { await h.close() }
  })
})
