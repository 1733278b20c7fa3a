import {expect} from 'chai'
import {call, room, scratchHub, seats} from '../helpers.js'

describe('retractMessage', () => {
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
})
