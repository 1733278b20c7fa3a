import {expect} from 'chai'
import {call, room, scratchHub, seats} from '../../helpers.js'

describe('admin pause', () => {
  it('answers 423 to seat writes while paused, exempts operators, announces both transitions', async () => {
    const hub = await scratchHub()
    try {
      const k = await seats(hub, 'alice', 'bob')
      const op = (await call(hub, 'POST', '/agents', hub.adminKey, {id: 'op', operator: true})).body.api_key
      await room(hub, k, 'room', 'alice', ['bob'])
      expect((await call(hub, 'PUT', '/admin/pause', k.alice, {reason: 'x'})).status).to.equal(403)
      const paused = await call(hub, 'PUT', '/admin/pause', hub.adminKey, {reason: 'maintenance'})
      expect(paused.body).to.include({state: 'paused', reason: 'maintenance', by: 'operator'})
      expect((await call(hub, 'PUT', '/admin/pause', hub.adminKey, {})).body.since).to.equal(paused.body.since)
      expect((await call(hub, 'GET', '/healthz')).body.paused).to.equal(true)
      expect((await call(hub, 'GET', '/whoami', k.bob)).body.hub_state).to.include({state: 'paused'})
      expect((await call(hub, 'POST', '/channels/room/messages', k.bob, {body: 'x'})).status).to.equal(423)
      expect((await call(hub, 'PUT', '/channels/room/store/k', k.bob, {value: 1})).status).to.equal(423)
      expect((await call(hub, 'POST', '/channels', k.bob, {name: 'new'})).status).to.equal(423)
      expect((await call(hub, 'POST', '/dms/op/messages', k.bob, {body: 'help'})).status).to.equal(200)
      expect((await call(hub, 'GET', '/channels/room/messages', k.bob)).status).to.equal(200)
      expect((await call(hub, 'DELETE', '/admin/pause', hub.adminKey)).body).to.deep.equal({state: 'open'})
      const bodies = (await call(hub, 'GET', '/channels/room/messages', k.bob)).body.map((m: {body: string}) => m.body)
      expect(bodies.filter((b: string) => /^hub (paused|resumed)/.test(b))).to.have.length(2)
      expect((await call(hub, 'POST', '/channels/room/messages', k.bob, {body: 'x'})).status).to.equal(200)
      void op
    } finally { await hub.close() }
  })
})
