import {expect} from 'chai'
import {call, room, scratchHub, seats} from '../../helpers.js'

describe('retract', () => {
  it('lets the author retract once, keeps the first retractor, refuses others, and keeps the ledger verified', async () => {
    const hub = await scratchHub()
    try {
      const k = await seats(hub, 'alice', 'bob')
      await room(hub, k, 'room', 'alice', ['bob'])
      const m = (await call(hub, 'POST', '/channels/room/messages', k.bob, {body: 'oops', title: 't', data: {x: 1}})).body
      expect((await call(hub, 'POST', `/channels/room/messages/${m.id}/retract`, k.alice)).status).to.equal(403)
      const gone = await call(hub, 'POST', `/channels/room/messages/${m.id}/retract`, k.bob)
      expect(gone.body).to.include({title: '', body: '[retracted by bob]', data: null, status: 'fyi', retracted: true})
      const again = await call(hub, 'POST', `/channels/room/messages/${m.id}/retract`, hub.adminKey)
      expect(again.body.body).to.equal('[retracted by bob]')
      const sys = (await call(hub, 'GET', '/channels/room/messages', k.bob)).body[0]
      expect((await call(hub, 'POST', `/channels/room/messages/${sys.id}/retract`, k.alice)).status).to.equal(403)
      expect((await call(hub, 'GET', '/channels/room/ledger', k.alice)).body).to.include({verified: true, broken_at: null})
    } finally { await hub.close() }
  })

  it('retracts a whole own thread at once and refuses, changing nothing, when others posted in it', async () => {
    const hub = await scratchHub()
    try {
      const k = await seats(hub, 'alice', 'bob')
      await room(hub, k, 'room', 'alice', ['bob'])
      const post = (who: string, body: unknown) => call(hub, 'POST', '/channels/room/messages', k[who], body)
      const root = (await post('bob', {body: 'root', status: 'open'})).body
      const mine = (await post('bob', {body: 'more', status: 'reply', reply_to: root.id})).body
      await post('bob', {body: 'deeper', status: 'reply', reply_to: mine.id})
      const other = (await post('alice', {body: 'mine', status: 'fyi'})).body
      const theirs = (await post('alice', {body: 'reply', status: 'reply', reply_to: other.id})).body
      const own = await call(hub, 'POST', `/channels/room/messages/${root.id}/retract_thread`, k.bob)
      expect(own.body).to.include({count: 3, already_retracted: 0, skipped_non_messages: 0})
      expect(own.body.messages.every((m: {retracted: boolean}) => m.retracted)).to.equal(true)
      await post('bob', {body: 'late', status: 'reply', reply_to: theirs.id})
      const refused = await call(hub, 'POST', `/channels/room/messages/${other.id}/retract_thread`, k.bob)
      expect(refused.status).to.equal(403)
      const history = (await call(hub, 'GET', '/channels/room/messages', k.alice)).body
      expect(history.find((m: {id: string}) => m.id === theirs.id).retracted).to.equal(false)
      const byOperator = await call(hub, 'POST', `/channels/room/messages/${other.id}/retract_thread`, hub.adminKey)
      expect(byOperator.body).to.include({count: 3})
    } finally { await hub.close() }
  })
})
