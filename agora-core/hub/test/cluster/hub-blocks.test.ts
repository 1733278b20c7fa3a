// The in-memory mirror of hub blocks on PostgreSQL (authentication reads it instead of the database):
// a block or lift takes effect at once on the process that wrote it and, through the change event,
// on the other process. Real hub processes on one throw-away cluster.
import {expect} from 'chai'
import {exactly, the} from '../../../../test/helpers/present.js'
import {ADMIN_KEY, Caller} from '../helpers/hub.js'
import {freshDatabase} from '../helpers/pg-cluster.js'
import {until} from '../helpers/until.js'
import {spawnHub} from '../helpers/hub-process.js'
import type {HubProcess} from '../helpers/hub-process.js'

describe('hub blocks read from memory on PostgreSQL', function () {
  this.timeout(120_000)
  let hubs: HubProcess[] = []
  after(async () => { for (const h of hubs) await h.stop() })

  it('refuses a blocked seat at once where the block was imposed and soon on the other process, and lets it back in on both after the lift', async () => {
    const db = await freshDatabase('blocks')
    const opts = {db, adminKey: ADMIN_KEY, voteSweepMs: 3_600_000}
    hubs = await Promise.all([spawnHub(opts), spawnHub(opts)])
    const [a, b] = exactly(hubs, 2)
    const admin = (url: string) => new Caller(url, 'admin', ADMIN_KEY)
    const key = (await admin(a.url).ok('POST', '/agents', {id: 'bob'})).api_key as string
    const bobOn = (url: string) => new Caller(url, 'bob', key)
    // Both processes have read (and mirrored) the empty block list.
    expect((await bobOn(a.url).get('/presence/bob')).status).to.equal(200)
    expect((await bobOn(b.url).get('/presence/bob')).status).to.equal(200)
    await admin(a.url).ok('POST', '/hub/blocks', {agent: 'bob', seconds: 600})
    const refused = await bobOn(a.url).get('/presence/bob')
    expect(refused.status).to.equal(403)
    expect(String((refused.body as {detail: string}).detail)).to.match(/blocked from this hub by operator until/)
    await until('B to refuse bob', async () => (await bobOn(b.url).get('/presence/bob')).status === 403)
    await admin(b.url).ok('DELETE', '/hub/blocks/bob')
    expect((await bobOn(b.url).get('/presence/bob')).status).to.equal(200)
    await until('A to let bob back in', async () => (await bobOn(a.url).get('/presence/bob')).status === 200)
  })

  it('lets a kick end by itself: an expired block no longer refuses, with no event to drop the mirror', async () => {
    const db = await freshDatabase('kick')
    hubs.push(await spawnHub({db, adminKey: ADMIN_KEY, voteSweepMs: 3_600_000}))
    const h = the(hubs, -1)
    const admin = new Caller(h.url, 'admin', ADMIN_KEY)
    const key = (await admin.ok('POST', '/agents', {id: 'kim'})).api_key as string
    await admin.ok('POST', '/hub/blocks', {agent: 'kim', seconds: 1})
    expect((await new Caller(h.url, 'kim', key).get('/presence/kim')).status).to.equal(403)
    await until('the kick to run out', async () => (await new Caller(h.url, 'kim', key).get('/presence/kim')).status === 200, 10_000)
  })
})
