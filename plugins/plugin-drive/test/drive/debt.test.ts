import {expect} from 'chai'

import {verifyReceptionDebt} from '../../src/drive/debt.js'
import {httpHub} from '../../src/hub-port.js'
import {askBob, openWorld} from '../helpers/world.js'
import type {World} from '../helpers/world.js'

describe('verifyReceptionDebt', function () {
  this.timeout(20_000)
  let world: World
  beforeEach(async () => {
    world = await openWorld()
  })
  afterEach(async () => world.close())
  const hub = () => httpHub({url: world.hub.url, agentId: 'bob', home: world.home})

  it('reports an ask owed before and after the turn as remaining debt', async () => {
    const ask = await askBob(world)
    const before = await hub().owed()
    expect(await verifyReceptionDebt(hub(), 'bob', before)).to.deep.equal({remains: `original debt remains after turn: to_answer=${ask.channel}#${ask.seq} pending_without_linked_claim=1`})
  })

  it('clears debt the seat answered, and fails open without a snapshot', async () => {
    const ask = await askBob(world)
    const before = await hub().owed()
    await world.bob.call('POST', `/channels/${encodeURIComponent(ask.channel)}/messages`, {status: 'reply', reply_to: ask.id, title: 'a', body: '42', answers: ['q1']})
    expect(await verifyReceptionDebt(hub(), 'bob', before)).to.deep.equal({})
    expect(await verifyReceptionDebt(hub(), 'bob', null)).to.deep.equal({skipped: 'no-owed-snapshot-before-turn'})
  })

  it('accepts debt a live claim of this seat links by source_message_id', async () => {
    const ask = await askBob(world)
    const before = await hub().owed()
    await world.alice.call('POST', '/channels', {name: 'build', private: false})
    await world.bob.call('POST', '/channels/build/join', {})
    await world.bob.call('PUT', '/channels/build/store/claim:msg-1', {value: {owner: 'bob', status: 'in progress', source_message_id: ask.id, next_step: 'compute'}})
    expect(await verifyReceptionDebt(hub(), 'bob', before)).to.deep.equal({})
  })
})
