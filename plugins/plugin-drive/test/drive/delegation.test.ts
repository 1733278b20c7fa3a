import {expect} from 'chai'

import {holdsDelegation, isDelegate} from '../../src/drive/delegation.js'
import {httpHub} from '../../src/hub-port.js'
import {ADMIN, openWorld, Seat} from '../helpers/world.js'
import type {World} from '../helpers/world.js'

describe('delegation', function () {
  this.timeout(20_000)

  it('reads only the seat\'s own grant from a list of every active grant', () => {
    expect(holdsDelegation([{agent_id: 'alice', powers: ['reporting']}], 'bob')).to.equal(false)
    expect(holdsDelegation([{agent_id: 'alice'}, {agent_id: 'bob', powers: ['operational']}], 'bob')).to.equal(true)
    expect(holdsDelegation(undefined, 'bob')).to.equal(false)
  })

  describe('against a real hub', () => {
    let world: World
    beforeEach(async () => {
      world = await openWorld()
    })
    afterEach(async () => world.close())

    it('is false for a seat while another seat holds a grant, and true once the seat holds one', async () => {
      const admin = new Seat(world.hub.url, 'admin', ADMIN)
      const hub = httpHub({url: world.hub.url, agentId: 'bob', home: world.home})
      await admin.call('PUT', '/admin/delegation', {agent_id: 'alice', powers: ['reporting'], note: 'keeps the board', scope: '*', mission: 'Keep the board current.'})
      expect(await isDelegate(hub, 'bob')).to.equal(false)
      await admin.call('PUT', '/admin/delegation', {agent_id: 'bob', powers: ['operational'], note: 'runs the build room', scope: '*', mission: 'Run the build room.'})
      expect(await isDelegate(hub, 'bob')).to.equal(true)
    })
  })
})
