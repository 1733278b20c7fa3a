import {expect} from 'chai'
import {type Caller, TestHub} from '../../../helpers/hub.js'
import {databaseDump} from '../../../helpers/dump.js'

describe('message refs in a post (services/posting/normalize, messages/getMessage)', () => {
  let h: TestHub
  let alice: Caller
  before(async () => {
    h = await TestHub.start()
    alice = await h.register('alice')
    await h.channel(alice, 'room', [await h.register('bob')])
  })
  after(async () => { await h?.close() })

  it('answers a ref holding a NUL, or a #seq past 2^53, as naming no message (400), not 500 (PostgreSQL could not compare them)', async () => {
    const root = await alice.postMessage('room', {body: 'which?', status: 'open', to: ['bob']})
    const before = await databaseDump(h.dbPath)
    for (const [what, extra, detail] of [
      ['reply_to', {status: 'reply', reply_to: 'a\u0000b'}, /^reply_to does not name a message in 'room'/],
      ['consumes id', {status: 'fyi', data: {consumes: ['a\u0000b']}}, /^consumes names something you do not owe/],
      ['consumes channel#seq', {status: 'fyi', data: {consumes: ['ro\u0000om#1']}}, /^consumes names something you do not owe/],
      ['consumes #seq past 2^53', {status: 'fyi', data: {consumes: ['#18446744073709551616']}}, /^consumes names something you do not owe/],
      ['settled_by', {status: 'resolved', reply_to: root.id, data: {settled_by: 'a\u0000'}}, /^settled_by must name a live message in 'room'/],
    ] as const) {
      const r = await alice.call('POST', '/channels/room/messages', {body: 'x', ...extra})
      expect(r.status, `${what}: ${r.text}`).to.equal(400)
      expect(r.body.detail, what).to.match(detail)
    }
    expect((await databaseDump(h.dbPath)).sha, 'a refused post wrote state').to.equal(before.sha)
  })
})
