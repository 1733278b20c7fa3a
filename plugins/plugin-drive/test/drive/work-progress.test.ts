import {expect} from 'chai'

import {httpHub} from '../../src/hub-port.js'
import {chunkProgress} from '../../src/drive/work-progress.js'
import type {WorkRow} from '../../src/drive/work-scan.js'
import {openWorld} from '../helpers/world.js'
import type {World} from '../helpers/world.js'

describe('work-progress', function () {
  this.timeout(20_000)
  let world: World
  let row: WorkRow
  beforeEach(async () => {
    world = await openWorld()
    await world.alice.call('POST', '/channels', {name: 'build', private: false})
    await world.bob.call('POST', '/channels/build/join', {})
    await world.bob.call('PUT', '/channels/build/store/claim:parser', {value: {owner: 'bob', status: 'in progress'}})
    row = {ref: 'build/claim:parser@1', strikes: 0, channel: 'build', key: 'claim:parser', version: 1}
  })
  afterEach(async () => world.close())

  const hub = () => httpHub({url: world.hub.url, agentId: 'bob', home: world.home})

  it('calls a chunk that bumped its row progress', async () => {
    const since = Date.now()
    await world.bob.call('PUT', '/channels/build/store/claim:parser', {value: {owner: 'bob', status: 'in progress: lexer done'}})
    expect(await chunkProgress(hub(), 'bob', row, since)).to.deep.equal({kind: 'moved'})
  })

  it('finds a receipt the chunk left on another row the seat owns, and ignores rows of other seats', async () => {
    const since = Date.now()
    await world.alice.call('PUT', '/channels/build/store/claim:docs', {value: {owner: 'alice', status: 'in progress'}})
    expect(await chunkProgress(hub(), 'bob', row, since)).to.deep.equal({kind: 'unchanged'})
    await world.bob.call('PUT', '/channels/build/store/notes:bob', {value: {owner: 'bob', receipt: 'split the lexer'}})
    expect(await chunkProgress(hub(), 'bob', row, since)).to.deep.equal({kind: 'receipt', ref: 'build/notes:bob@1'})
  })

  it('does not count a row of the seat\'s that was written before the chunk began', async () => {
    await world.bob.call('PUT', '/channels/build/store/claim:older', {value: {owner: 'bob', status: 'in progress'}})
    expect(await chunkProgress(hub(), 'bob', row, Date.now() + 10_000)).to.deep.equal({kind: 'unchanged'})
  })

  it('throws when the hub cannot be read, so no strike is earned on no evidence', async () => {
    const since = Date.now()
    await world.hub.close()
    await chunkProgress(hub(), 'bob', row, since).then(() => expect.fail('judged'), (e: Error) => expect(e.message).to.match(/unreachable/))
  })
})
