import {expect} from 'chai'
import {type Caller, TestHub} from '../../helpers/hub.js'
import {databaseDump} from '../../helpers/dump.js'
import {isPostgresTarget} from '../../helpers/db-read.js'

describe('errors at the door (http/app mapError)', () => {
  let h: TestHub
  let alice: Caller
  before(async () => {
    h = await TestHub.start()
    alice = await h.register('alice')
    await h.channel(alice, 'room', [await h.register('bob')])
  })
  after(async () => { await h?.close() })

  it('refuses a NUL in text PostgreSQL stores (a message body, the hub charter, a join-token about, a group\'s invite DMs) with 400 that writes nothing; SQLite keeps it as written', async () => {
    const before = await databaseDump(h.dbPath)
    const attempts: Array<[Caller, string, string, unknown]> = [
      [alice, 'POST', '/channels/room/messages', {body: 'a\u0000b', status: 'fyi'}],
      [h.admin, 'PUT', '/admin/charter', {text: '# charter\u0000'}],
      [h.admin, 'POST', '/join-tokens', {about: 'a\u0000b'}],
      [alice, 'POST', '/groups', {name: 'squad', members: ['bob'], purpose: 'a\u0000b'}], // the purpose goes into each invite DM
    ]
    const statuses = []
    for (const [who, method, path, body] of attempts) {
      const r = await who.call(method, path, body)
      statuses.push(r.status)
      if (isPostgresTarget(h.dbPath)) expect(r.body.detail, path).to.equal('the request holds a NUL character (U+0000) in text this hub keeps in PostgreSQL, which cannot store one; remove it')
    }
    if (isPostgresTarget(h.dbPath)) {
      expect(statuses).to.deep.equal([400, 400, 400, 400])
      expect((await databaseDump(h.dbPath)).sha, 'a refused request wrote state').to.equal(before.sha)
    } else {
      expect(statuses).to.deep.equal([200, 200, 200, 200])
      expect((await alice.history('room')).some((m: {body: string}) => m.body === 'a\u0000b')).to.equal(true)
    }
  })
})
