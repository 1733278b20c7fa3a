import type {Client} from '@modelcontextprotocol/sdk/client/index.js'
import {expect} from 'chai'

import {addOperator, seatOn, startHub} from '../helpers/hub.js'
import type {TestHub} from '../helpers/hub.js'
import {call, must} from '../helpers/process.js'

describe('channel admin tools', function () {
  this.timeout(60_000)
  let hub: TestHub
  let alice: Client
  let bob: Client
  let boss: Client

  before(async () => {
    hub = await startHub(['alice', 'bob'])
    await addOperator(hub, 'boss')
    const seat = (id: string) => seatOn(hub, id)
    ;[alice, bob, boss] = await Promise.all([seat('alice'), seat('bob'), seat('boss')])
    await must(alice, 'create_channel', {name: 'proj', private: false})
    await must(bob, 'join_channel', {channel: 'proj'})
  })

  after(async () => {
    await Promise.all([alice?.close(), bob?.close(), boss?.close()])
    await hub?.close()
  })

  it('hands a room to a member, who then owns it; the old owner can no longer archive it', async () => {
    expect(await must(alice, 'transfer_channel', {channel: 'proj', to: 'bob'})).to.equal('OWNER of proj is now bob (was alice)')
    expect(await must(bob, 'describe_channel', {channel: 'proj'})).to.match(/bob \(owner\)/)
    const refused = await call(alice, 'archive_channel', {channel: 'proj'})
    expect(JSON.parse(refused.text)).to.include({error: 403})
  })

  it('archives as the owner (posts then refused) and only an operator unarchives', async () => {
    expect(await must(bob, 'archive_channel', {channel: 'proj'})).to.match(/^ARCHIVED proj/)
    const post = await call(alice, 'post_message', {channel: 'proj', body: 'still here?'})
    expect(post.isError).to.equal(true)
    const undoBySeat = await call(bob, 'archive_channel', {channel: 'proj', undo: true})
    expect(JSON.parse(undoBySeat.text)).to.include({error: 403})
    expect(await must(boss, 'archive_channel', {channel: 'proj', undo: true})).to.equal('UNARCHIVED proj: it takes posts and joins again')
  })
})
