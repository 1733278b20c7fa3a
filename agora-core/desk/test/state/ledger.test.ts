import {expect} from 'chai'
import fc from 'fast-check'
import Database from 'better-sqlite3'
import {createHash} from 'node:crypto'
import {mkdtempSync} from 'node:fs'
import {tmpdir} from 'node:os'
import {join} from 'node:path'
import {createHub} from '@agora/hub'
import type {Hub} from '@agora/hub'
import {createHash as browserHash} from '../../src/state/browser-crypto.js'
import {verifyLedgerText} from '../../src/state/ledger.js'

const ADMIN = 'desk-ledger-admin'

async function post(hub: Hub, key: string, body: unknown): Promise<void> {
  const res = await fetch(`${hub.url}/channels/commons/messages`, {method: 'POST', body: JSON.stringify(body),
    headers: {authorization: `Bearer ${key}`, 'content-type': 'application/json'}})
  if (!res.ok) throw new Error(await res.text())
}

async function ledgerText(hub: Hub, key: string): Promise<string> {
  return (await fetch(`${hub.url}/channels/commons/ledger`, {headers: {authorization: `Bearer ${key}`}})).text()
}

describe('state/ledger: verification as the browser bundle runs it', () => {
  let hub: Hub
  let key: string
  let db: string
  before(async () => {
    db = join(mkdtempSync(join(tmpdir(), 'agora-desk-ledger-')), 'hub.db')
    hub = await createHub({db, port: 0, adminKey: ADMIN, ratePerMinute: 60_000})
    const reg = await fetch(`${hub.url}/agents`, {method: 'POST', body: JSON.stringify({id: 'alice'}),
      headers: {authorization: `Bearer ${ADMIN}`, 'content-type': 'application/json'}})
    key = ((await reg.json()) as {api_key: string}).api_key
    // A float token (2.0) and non-ASCII text: the canonical form must keep both exactly as hashed.
    await post(hub, key, {body: 'café ☕ <script>alert(1)</script>', data: {ratio: 2.0, big: 12345678901234567890}})
    await post(hub, key, {body: 'second', status: 'open', to: []})
  })
  after(async () => hub.close())

  it('hashes with the bundle\'s sha256 exactly as node:crypto does', () => {
    fc.assert(fc.property(fc.string({unit: 'binary'}), text => {
      const node = createHash('sha256').update(text, 'utf8').digest('hex')
      expect(browserHash('sha256').update(text, 'utf8').digest('hex')).to.equal(node)
    }))
  })

  it('finds a real hub ledger INTACT, agreeing with the hub', async () => {
    const status = verifyLedgerText(await ledgerText(hub, key))
    expect(status).to.include({channel: 'commons', intact: true, brokenAt: null, headMismatch: false, hubVerified: true})
    expect(status.turns).to.be.at.least(3)
  })

  it('names the first broken seq when a stored row is edited behind the hub\'s back', async () => {
    const raw = new Database(db)
    const row = raw.prepare(`SELECT seq FROM messages WHERE channel = 'commons' AND body = 'second'`).get() as {seq: number}
    raw.prepare(`UPDATE messages SET body = 'forged' WHERE channel = 'commons' AND seq = ?`).run(row.seq)
    raw.close()
    // The hub caches message rows; a fresh hub over the same file reads what is on disk.
    await hub.close()
    hub = await createHub({db, port: 0, adminKey: ADMIN, ratePerMinute: 60_000})
    const status = verifyLedgerText(await ledgerText(hub, key))
    expect(status).to.include({intact: false, brokenAt: row.seq})
  })
})
