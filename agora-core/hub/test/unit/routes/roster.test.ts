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

  it('reopens an operator ask when the only operator reply loses its operator role', async () => {
    const hub = await scratchHub()
    try {
      const op = (await call(hub, 'POST', '/agents', hub.adminKey, {id: 'op', operator: true})).body.api_key
      const op2 = (await call(hub, 'POST', '/agents', hub.adminKey, {id: 'op2', operator: true})).body.api_key
      const k = await seats(hub, 'bob')
      const q = (await call(hub, 'POST', '/channels/commons/messages', op, {body: 'status?', status: 'open'})).body
      await call(hub, 'POST', '/channels/commons/messages', op2, {body: 'fine', status: 'reply', reply_to: q.id})
      const closedNow = (await call(hub, 'GET', '/channels/commons/messages?limit=1000', k.bob)).body.find((m: {id: string}) => m.id === q.id)
      expect(closedNow.closed).to.equal(true)
      await call(hub, 'PUT', '/agents/op2/role', op, {operator: false})
      const reopened = (await call(hub, 'GET', '/channels/commons/messages?limit=1000', k.bob)).body.find((m: {id: string}) => m.id === q.id)
      expect(reopened.closed).to.equal(false)
      expect((await call(hub, 'GET', '/inbox', k.bob)).body.some((e: {id: string}) => e.id === q.id)).to.equal(true)
    } finally { await hub.close() }
  })

  it('serves every live seat\'s mission on GET /admin/missions and one seat\'s on /admin/missions/{id}, to an operator or the admin key only', async () => {
    const hub = await scratchHub()
    try {
      const op = (await call(hub, 'POST', '/agents', hub.adminKey, {id: 'op', operator: true, mission: 'run the hub'})).body.api_key
      const k = await seats(hub, 'bob', 'carol')
      await call(hub, 'PUT', '/admin/agents/bob/mission', op, {mission: 'keep the build green'})
      const all = [{agent_id: 'bob', mission: 'keep the build green'}, {agent_id: 'carol', mission: ''}, {agent_id: 'op', mission: 'run the hub'}]
      expect((await call(hub, 'GET', '/admin/missions', op)).body).to.deep.equal(all)
      expect((await call(hub, 'GET', '/admin/missions', hub.adminKey)).body).to.deep.equal(all)
      expect((await call(hub, 'GET', '/admin/missions/bob', op)).body).to.deep.equal({agent_id: 'bob', mission: 'keep the build green'})
      const unknown = await call(hub, 'GET', '/admin/missions/nobody', op)
      expect(unknown.status).to.equal(404)
      expect(unknown.body.detail).to.include('GET /admin/missions')
      const anonymous = await call(hub, 'GET', '/admin/missions')
      expect(anonymous.status).to.equal(401)
      for (const path of ['/admin/missions', '/admin/missions/bob']) {
        const refused = await call(hub, 'GET', path, k.bob)
        expect(refused.status).to.equal(403)
        expect(refused.body.detail).to.include('operator')
      }
    } finally { await hub.close() }
  })
})
