import {expect} from 'chai'
import {type Caller, TestHub} from '../helpers/hub.js'

describe('invariants 11–12: CAS on the store and the vfs', () => {
  let h: TestHub
  let alice: Caller, bob: Caller
  beforeEach(async () => {
    h = await TestHub.start()
    alice = await h.register('alice')
    bob = await h.register('bob')
    await h.channel(alice, 'room', [bob])
  })
  afterEach(async () => { await h.close() })

  it('treats expect_version=0 as create-only on the store', async () => {
    const first = await alice.ok('PUT', '/channels/room/store/plan', {value: {step: 1}, expect_version: 0})
    expect(first).to.include({channel: 'room', key: 'plan', version: 1, updated_by: 'alice'})
    const again = await bob.put('/channels/room/store/plan', {value: {step: 2}, expect_version: 0})
    expect(again.status, again.text).to.equal(409)
    expect((await alice.ok('GET', '/channels/room/store/plan')).value).to.deep.equal({step: 1})
  })

  it('refuses a stale expect_version with 409 naming the current version', async () => {
    await alice.ok('PUT', '/channels/room/store/k', {value: 'a'})
    await alice.ok('PUT', '/channels/room/store/k', {value: 'b'})
    const stale = await bob.put('/channels/room/store/k', {value: 'c', expect_version: 1})
    expect(stale.status, stale.text).to.equal(409)
    expect(stale.body.detail).to.be.a('string').and.match(/\b2\b/)
    const ok = await bob.ok('PUT', '/channels/room/store/k', {value: 'c', expect_version: 2})
    expect(ok).to.include({version: 3, updated_by: 'bob'})
  })

  it('keeps the version and author when an identical value is rewritten (a heartbeat, not a write)', async () => {
    const v1 = await alice.ok('PUT', '/channels/room/store/hb', {value: {a: [1, 2], b: 'x'}})
    const same = await bob.ok('PUT', '/channels/room/store/hb', {value: {b: 'x', a: [1, 2]}})
    expect(same).to.include({version: v1.version, updated_by: 'alice'})
    expect(same.updated_at).to.be.at.least(v1.updated_at)
    const list = await alice.ok('GET', '/channels/room/store')
    expect(list.find((r: any) => r.key === 'hb')).to.include({version: v1.version})
  })

  it('continues vfs versions across delete and recreate: put v1, delete v2, recreate needs expect_version=0 and yields v3', async () => {
    const v1 = await alice.ok('PUT', '/channels/room/fs/docs/a.md', {content: 'one', expect_version: 0})
    expect(v1).to.include({path: 'docs/a.md', version: 1})
    const stale = await bob.call('DELETE', '/channels/room/fs/docs/a.md?expect_version=7')
    expect(stale.status, stale.text).to.equal(409)
    expect(await bob.ok('DELETE', '/channels/room/fs/docs/a.md?expect_version=1')).to.deep.include({deleted: true})
    expect((await alice.get('/channels/room/fs/docs/a.md')).status).to.equal(404)
    const wrong = await alice.put('/channels/room/fs/docs/a.md', {content: 'three', expect_version: 2})
    expect(wrong.status, wrong.text).to.equal(409)
    const v3 = await alice.ok('PUT', '/channels/room/fs/docs/a.md', {content: 'three', expect_version: 0})
    expect(v3.version).to.equal(3)
    expect((await alice.ok('GET', '/channels/room/fs/docs/a.md?version=1')).content).to.equal('one')
    expect((await alice.get('/channels/room/fs/docs/a.md?version=2')).status, 'a delete version is not readable').to.equal(404)
    expect((await alice.ok('GET', '/channels/room/fs/docs/a.md?version=3')).content).to.equal('three')
    expect((await alice.get('/channels/room/fs/docs/a.md?version=4')).status).to.equal(404)
    expect(await alice.ok('DELETE', '/channels/room/fs/docs/missing.md')).to.deep.include({deleted: false})
  })

  it('bumps the vfs version even for identical content and appends exactly one kind=fs audit message per mutation', async () => {
    const before = (await alice.history('room')).filter((m) => m.kind === 'fs').length
    await alice.ok('PUT', '/channels/room/fs/x.md', {content: 'same'})
    const again = await bob.ok('PUT', '/channels/room/fs/x.md', {content: 'same'})
    expect(again.version).to.equal(2)
    await alice.ok('DELETE', '/channels/room/fs/x.md?expect_version=2')
    await alice.ok('PUT', '/channels/room/fs/x.md', {content_b64: Buffer.from([0, 1, 2, 255]).toString('base64'), expect_version: 0})
    const audits = (await alice.history('room')).filter((m) => m.kind === 'fs')
    expect(audits.length - before).to.equal(4)
    const mine = audits.slice(before)
    expect(mine.map((m) => m.title)).to.deep.equal(['fs:put x.md', 'fs:put x.md', 'fs:delete x.md', 'fs:put x.md'])
    expect(mine.map((m) => m.data.version)).to.deep.equal([1, 2, 3, 4])
    expect(mine.map((m) => m.sender)).to.deep.equal(['alice', 'bob', 'alice', 'alice'])
    expect(mine.every((m) => m.status === 'fyi' && m.data.path === 'x.md')).to.equal(true)
    const hist = await alice.ok('GET', '/channels/room/fshist/x.md')
    expect(hist.map((m: any) => m.data.version)).to.deep.equal([1, 2, 3, 4])
    const bin = await alice.ok('GET', '/channels/room/fs/x.md')
    expect(bin).to.include({encoding: 'base64', content: '', size_bytes: 4})
    expect(Buffer.from(bin.content_b64, 'base64')).to.deep.equal(Buffer.from([0, 1, 2, 255]))
  })

  it('keeps the fs/ prefix off the generic store and out of its listing', async () => {
    await alice.ok('PUT', '/channels/room/fs/hidden.md', {content: 'x'})
    const w = await alice.put('/channels/room/store/fs%2Fhidden.md', {value: 'y'})
    expect(w.status, w.text).to.equal(403)
    const list = await alice.ok('GET', '/channels/room/store')
    expect(list.map((r: any) => r.key).filter((k: string) => k.startsWith('fs/'))).to.deep.equal([])
  })
})
