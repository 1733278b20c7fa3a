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
})
