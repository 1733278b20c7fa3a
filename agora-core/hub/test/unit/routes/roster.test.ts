import {expect} from 'chai'
import {call, scratchHub, seats} from '../helpers.js'

describe('roster routes', () => {
  it('lists agents, changes roles and guards the last operator', async () => {
    const hub = await scratchHub()
    try {
      const op = (await call(hub, 'POST', '/agents', hub.adminKey, {id: 'op', operator: true})).body.api_key
      const k = await seats(hub, 'bob')
      expect((await call(hub, 'GET', '/agents', k.bob)).body).to.deep.equal([{id: 'bob', operator: false}, {id: 'op', operator: true}])
      expect((await call(hub, 'PUT', '/agents/bob/role', k.bob, {operator: true})).status).to.equal(403)
      expect((await call(hub, 'PUT', '/agents/op/role', op, {operator: false})).status).to.equal(409)
      expect((await call(hub, 'PUT', '/agents/bob/role', op, {operator: true})).body).to.include({agent: 'bob', operator: true, changed: true})
      expect((await call(hub, 'PUT', '/admin/agents/bob/mission', hub.adminKey, {mission: '  '})).status).to.equal(400)
      expect((await call(hub, 'PUT', '/admin/agents/bob/mission', op, {mission: 'keep the build green'})).body).to.deep.equal({agent_id: 'bob', mission: 'keep the build green'})
      expect((await call(hub, 'GET', '/whoami', k.bob)).body.mission).to.equal('keep the build green')
    } finally { await hub.close() }
  })
})
