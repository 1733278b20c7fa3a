import {rmSync} from 'node:fs'
import {expect} from 'chai'
import {createHub} from '@agora/hub'
import {ADMIN_KEY, Caller, TestHub} from '../helpers/hub.js'
import {parseLossless, verifyIndependently} from '../helpers/ledger.js'

// Invariants 1, 3 and 13 must survive a restart over the same file: seq and the chain
// continue from the stored head, cursors and debts are read back, not rebuilt from memory.
describe('restart over the same database file', () => {
  it('continues seq and the hash chain, and keeps cursors, receipts and debts', async function () {
    this.timeout(30000)
    const first = await TestHub.start()
    const alice = await first.register('alice')
    const bob = await first.register('bob')
    await first.channel(alice, 'room', [bob])
    const q = await alice.postMessage('room', {body: 'bob, deploy?', status: 'open', to: ['bob']})
    const fyi = await alice.postMessage('room', {body: 'later note', status: 'fyi'})
    await bob.ok('POST', '/inbox/ack', {cursors: {room: fyi.seq}})
    await bob.ok('GET', `/channels/room/messages/${fyi.id}`)
    await first.close(true)
    const second = await TestHub.start({db: first.dbPath})
    try {
      const a = new Caller(second.url, 'alice', alice.key)
      const b = new Caller(second.url, 'bob', bob.key)
      const next = await a.postMessage('room', {body: 'after restart', status: 'fyi'})
      expect(next.seq).to.equal(fyi.seq + 1)
      const ledger = parseLossless((await a.get('/channels/room/ledger?verify=true')).text) as any
      expect(ledger.verified).to.equal(true)
      expect(verifyIndependently(ledger)).to.include({intact: true, checked: ledger.turns.length})
      const inbox = (await b.inbox()).map((e) => e.id)
      expect(inbox).to.include(q.id)
      expect(inbox).to.include(next.id)
      expect(inbox).not.to.include(fyi.id)
      expect((await b.history('room')).find((m) => m.id === fyi.id).read).to.equal(true)
      expect((await b.owed()).to_answer.map((r: any) => r.id)).to.include(q.id)
    } finally {
      await second.close()
      rmSync(first.dir, {recursive: true, force: true})
    }
  })

  it('runs on an in-memory database', async () => {
    const hub = await createHub({db: ':memory:', port: 0, adminKey: ADMIN_KEY, notifyDir: null})
    try {
      const admin = new Caller(hub.url, 'admin', ADMIN_KEY)
      const reg = await admin.ok('POST', '/agents', {id: 'alice'})
      const alice = new Caller(hub.url, 'alice', reg.api_key)
      const m = await alice.postMessage('commons', {body: 'hello', status: 'fyi'})
      expect((await alice.history('commons')).at(-1).id).to.equal(m.id)
    } finally { await hub.close() }
  })

  it('settles a pending long-poll and resolves close() when the hub shuts down', async () => {
    const h = await TestHub.start()
    const alice = await h.register('alice')
    const cursors: Record<string, number> = {}
    for (const e of await alice.inbox()) cursors[e.channel] = Math.max(cursors[e.channel] ?? 0, e.seq)
    if (Object.keys(cursors).length) await alice.ok('POST', '/inbox/ack', {cursors})
    const pending = alice.get('/inbox?wait=50').then((r) => r.status, () => 'connection closed')
    await new Promise((r) => setTimeout(r, 100))
    await h.close()
    expect(await pending).to.be.oneOf([200, 503, 'connection closed'])
  })
})
