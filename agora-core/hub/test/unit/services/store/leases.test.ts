import {expect} from 'chai'
import {type Caller, TestHub} from '../../../helpers/hub.js'
import {databaseDump} from '../../../helpers/dump.js'
import {readRows} from '../../../helpers/db-read.js'

const WS = 'github.com/acme/app@1a2b3c4d5e6f'

describe('lease takes (services/store/leases)', () => {
  let h: TestHub
  let alice: Caller, bob: Caller, carol: Caller
  let clock = 1_800_000_000
  const leaseRowHolders = async () => (await readRows<{updated_by: string}>(h.dbPath,
    "SELECT updated_by FROM store WHERE key >= 'lease:' AND key < 'lease;' ORDER BY updated_by")).map((r) => r.updated_by)
  const take = (who: Caller, paths: string[], extra: Record<string, unknown> = {}) =>
    who.post('/channels/build/leases', {workspace: WS, paths, ...extra})

  beforeEach(async () => {
    clock = 1_800_000_000
    h = await TestHub.start({now: () => clock})
    alice = await h.register('alice')
    bob = await h.register('bob')
    carol = await h.register('carol')
    await h.channel(alice, 'build', [bob, carol])
  })
  afterEach(async () => { await h.close() })

  it('changes no row when a take is refused for a conflict, even with an expired lease in the workspace', async () => {
    expect((await take(bob, ['src/api/**'], {ttl_s: 600})).status).to.equal(201)
    expect((await take(carol, ['old.md'], {ttl_s: 10})).status).to.equal(201)
    clock += 11 // carol's lease has expired; its row is still stored
    const before = await databaseDump(h.dbPath)
    const refused = await take(alice, ['src/api/users.ts'])
    expect(refused.status, refused.text).to.equal(409)
    expect((await databaseDump(h.dbPath)).sha, 'the refused take deleted the expired row').to.equal(before.sha)
  })

  it('drops an expired row from the store when a take succeeds', async () => {
    expect((await take(carol, ['old.md'], {ttl_s: 10})).status).to.equal(201)
    clock += 11
    expect(await leaseRowHolders()).to.deep.equal(['carol'])
    expect((await take(alice, ['new.md'])).status).to.equal(201)
    expect(await leaseRowHolders()).to.deep.equal(['alice'])
  })
})
