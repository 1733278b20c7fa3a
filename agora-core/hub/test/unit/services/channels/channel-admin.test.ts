import {expect} from 'chai'
import {call, room, scratchHub, seats} from '../../helpers.js'

describe('channel admin', () => {
  it('transfers ownership to a member only, then lets the new owner mint invites', async () => {
    const hub = await scratchHub()
    try {
      const k = await seats(hub, 'alice', 'bob', 'carol')
      await room(hub, k, 'room', 'alice', ['bob'])
      expect((await call(hub, 'PUT', '/channels/room/owner', k.alice, {to: 'carol'})).status).to.equal(409)
      expect((await call(hub, 'PUT', '/channels/room/owner', k.bob, {to: 'bob'})).status).to.equal(403)
      const moved = await call(hub, 'PUT', '/channels/room/owner', k.alice, {to: 'bob'})
      expect(moved.body).to.deep.equal({channel: 'room', owner: 'bob', previous: 'alice', changed: true, by: 'alice'})
      expect((await call(hub, 'POST', '/channels/room/invites', k.bob, {agent_id: 'carol'})).status).to.equal(200)
      expect((await call(hub, 'POST', '/channels/room/invites', k.alice, {agent_id: 'carol'})).status).to.equal(403)
    } finally { await hub.close() }
  })

  it('archives: evicts members, hides the room and refuses joins; an operator unarchives', async () => {
    const hub = await scratchHub()
    try {
      const k = await seats(hub, 'alice', 'bob')
      await room(hub, k, 'room', 'alice', ['bob'])
      expect((await call(hub, 'POST', '/channels/room/archive', k.bob)).status).to.equal(403)
      const a = await call(hub, 'POST', '/channels/room/archive', k.alice)
      expect(a.body).to.include({channel: 'room', archived: true})
      expect(a.body.evicted).to.have.members(['alice', 'bob'])
      expect((await call(hub, 'GET', '/channels', k.alice)).body.map((c: {name: string}) => c.name)).not.to.include('room')
      expect((await call(hub, 'POST', '/channels/room/join', k.bob, {})).status).to.equal(409)
      expect((await call(hub, 'DELETE', '/channels/room/archive', k.alice)).status).to.equal(403)
      expect((await call(hub, 'DELETE', '/channels/room/archive', hub.adminKey)).body).to.deep.equal({channel: 'room', archived: false})
      const history = await call(hub, 'GET', '/channels/room/messages', k.alice)
      expect(history.body.map((m: {body: string}) => m.body)).to.include.members(['channel archived by alice', 'channel unarchived by operator'])
    } finally { await hub.close() }
  })
})
