import {expect} from 'chai'
import Database from 'better-sqlite3'
import {TestHub} from '../../helpers/hub.js'

function inviteRows(dbPath: string): number {
  const db = new Database(dbPath, {readonly: true})
  try {
    return (db.prepare('SELECT COUNT(*) AS n FROM invites').get() as {n: number}).n
  } finally { db.close() }
}

describe('channel routes: invites', () => {
  let h: TestHub
  beforeEach(async () => { h = await TestHub.start() })
  afterEach(async () => { await h.close() })

  it('refuses an invite into a DM, for an operator and for either participant, and writes nothing', async () => {
    const olga = await h.register('olga', {operator: true})
    const bob = await h.register('bob')
    await h.register('carol')
    const dm = (await olga.ok('POST', '/dms/bob')).channel.name as string
    expect(dm.startsWith('dm:')).to.equal(true)
    const before = inviteRows(h.dbPath)
    for (const who of [olga, bob]) {
      const r = await who.call('POST', `/channels/${encodeURIComponent(dm)}/invites`, {agent_id: 'carol'})
      expect(r.status, r.text).to.equal(403)
      expect(r.body.detail).to.match(/takes no invites; open a DM with POST \/dms\/\{peer\}/)
    }
    expect(inviteRows(h.dbPath)).to.equal(before)
    const members = await olga.ok('GET', `/channels/${encodeURIComponent(dm)}/members`)
    expect(members.map((m: {agent_id: string}) => m.agent_id).sort()).to.deep.equal(['bob', 'olga'])
  })

  it('still mints an invite into an ordinary private channel', async () => {
    const alice = await h.register('alice')
    await alice.ok('POST', '/channels', {name: 'room'})
    const r = await alice.call('POST', '/channels/room/invites', {})
    expect(r.status, r.text).to.equal(200)
    expect(r.body.invite_token).to.match(/^invite_[0-9a-f]{48}$/)
  })
})
