import {expect} from 'chai'

import {httpHub} from '../../src/hub-port.js'
import {continuable, findContinuableWork, rowState} from '../../src/drive/work-scan.js'
import {openWorld} from '../helpers/world.js'
import type {World} from '../helpers/world.js'

describe('work-scan', function () {
  this.timeout(20_000)

  describe('continuable', () => {
    it('keeps an open claim this seat owns and drops terminal, foreign and done ones', () => {
      expect(continuable('claim:parser', {owner: 'bob', status: 'in progress: lexer'}, 'bob')).to.equal(true)
      expect(continuable('claim:parser', {owner: 'bob', status: 'Shipped in #12'}, 'bob')).to.equal(false)
      expect(continuable('claim:parser', {owner: 'alice', status: 'open'}, 'bob')).to.equal(false)
      expect(continuable('claim:parser', {owner: 'bob', status: 'open', done: true}, 'bob')).to.equal(false)
    })

    it('parks a terminal claim with a well-formed waiting_on instead of dropping it', () => {
      const on = {channel: 'build', key: 'claim:docs', at_version: 2}
      expect(rowState('claim:parser', {owner: 'bob', status: 'blocked on docs', waiting_on: on}, 'bob')).to.deep.equal({state: 'waiting', on})
      expect(rowState('claim:parser', {owner: 'bob', status: 'blocked', waiting_on: {channel: 'build', key: 'claim:docs'}}, 'bob')).to.deep.equal({state: 'no'})
      expect(rowState('claim:parser', {owner: 'bob', status: 'blocked', done: true, waiting_on: on}, 'bob')).to.deep.equal({state: 'no'})
      expect(continuable('claim:parser', {owner: 'bob', status: 'blocked', waiting_on: on}, 'bob')).to.equal(false)
    })

    it('keeps a phase this seat stewards only when it names a next step', () => {
      expect(continuable('phase:v1', {steward: 'bob', status: 'active', next: 'write tests'}, 'bob')).to.equal(true)
      expect(continuable('phase:v1', {steward: 'bob', status: 'active'}, 'bob')).to.equal(false)
    })
  })

  describe('findContinuableWork', () => {
    let world: World
    beforeEach(async () => {
      world = await openWorld()
    })
    afterEach(async () => world.close())

    it('finds the seat\'s own live claim row in a shared channel, versioned, and skips a row with three strikes', async () => {
      await world.alice.call('POST', '/channels', {name: 'build', private: false})
      await world.bob.call('POST', '/channels/build/join', {})
      await world.bob.call('PUT', '/channels/build/store/claim:parser', {value: {owner: 'bob', status: 'in progress', next_step: 'lexer'}})
      await world.alice.call('PUT', '/channels/build/store/claim:docs', {value: {owner: 'alice', status: 'in progress'}})
      const hub = httpHub({url: world.hub.url, agentId: 'bob', home: world.home})
      expect(await findContinuableWork(hub, 'bob')).to.deep.equal({ref: 'build/claim:parser@1', strikes: 0, channel: 'build', key: 'claim:parser', version: 1})
      expect(await findContinuableWork(hub, 'bob', new Map([['build/claim:parser@1', 3]]))).to.equal(null)
    })

    it('makes a parked claim continuable again once the row it waits on moves past at_version', async () => {
      await world.alice.call('POST', '/channels', {name: 'build', private: false})
      await world.bob.call('POST', '/channels/build/join', {})
      await world.alice.call('PUT', '/channels/build/store/claim:docs', {value: {owner: 'alice', status: 'in progress'}})
      await world.bob.call('PUT', '/channels/build/store/claim:parser', {value: {owner: 'bob', status: 'blocked on the docs', waiting_on: {channel: 'build', key: 'claim:docs', at_version: 1}}})
      const hub = httpHub({url: world.hub.url, agentId: 'bob', home: world.home})
      expect(await findContinuableWork(hub, 'bob')).to.equal(null)
      await world.alice.call('PUT', '/channels/build/store/claim:docs', {value: {owner: 'alice', status: 'done: docs written'}})
      expect(await findContinuableWork(hub, 'bob')).to.deep.equal({ref: 'build/claim:parser@1', strikes: 0, channel: 'build', key: 'claim:parser', version: 1})
    })

    it('leaves a parked claim parked when the row it waits on can no longer be read', async () => {
      // The hub refuses waiting on a room the writer is not in, so bob parks while a member of 'secret' and then leaves it.
      await world.alice.call('POST', '/channels', {name: 'build', private: false})
      await world.alice.call('POST', '/channels', {name: 'secret', private: false})
      await world.bob.call('POST', '/channels/build/join', {})
      await world.bob.call('POST', '/channels/secret/join', {})
      await world.bob.call('PUT', '/channels/build/store/claim:parser', {value: {owner: 'bob', status: 'parked', waiting_on: {channel: 'secret', key: 'claim:x', at_version: 0}}})
      await world.bob.call('POST', '/channels/secret/leave', {})
      expect(await findContinuableWork(httpHub({url: world.hub.url, agentId: 'bob', home: world.home}), 'bob')).to.equal(null)
    })
  })
})
