import type {Client} from '@modelcontextprotocol/sdk/client/index.js'
import {expect} from 'chai'

import {addOperator, seatOn, startHub} from '../helpers/hub.js'
import type {TestHub} from '../helpers/hub.js'
import {call, must} from '../helpers/process.js'
import {captured} from '../../../../test/helpers/present.js'

const idOf = (posted: string): string => captured(/id=([0-9A-Z]{26})/, posted)

describe('moderation tools', function () {
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
    await must(alice, 'create_channel', {name: 'room', private: false})
    await must(bob, 'join_channel', {channel: 'room'})
  })

  after(async () => {
    await Promise.all([alice?.close(), bob?.close(), boss?.close()])
    await hub?.close()
  })

  it('retracts the author\'s own message: the tombstone is what read_channel serves, and a second call is idempotent', async () => {
    const id = idOf(await must(alice, 'post_message', {channel: 'room', body: 'the wrong port is 1234', title: 'oops'}))
    const text = await must(alice, 'retract_message', {channel: 'room', message_id: id})
    expect(text).to.match(new RegExp(`^RETRACTED room#\\d+ id=${id}`, 'm')).and.include('[retracted by alice]')
    const history = await must(bob, 'read_channel', {channel: 'room'})
    expect(history).not.to.include('the wrong port is 1234')
    expect(await must(alice, 'retract_message', {channel: 'room', message_id: id})).to.include('RETRACTED')
  })

  it('refuses to retract someone else\'s message (403) and leaves it readable', async () => {
    const id = idOf(await must(alice, 'post_message', {channel: 'room', body: 'keep me'}))
    const refused = await call(bob, 'retract_message', {channel: 'room', message_id: id})
    expect(refused.isError).to.equal(true)
    expect(JSON.parse(refused.text)).to.include({ok: false, error: 403})
    expect(await must(bob, 'read_channel', {channel: 'room'})).to.include('keep me')
  })

  it('retracts a whole thread of one\'s own, and refuses a thread holding another seat\'s reply (nothing retracted)', async () => {
    const root = idOf(await must(alice, 'post_message', {channel: 'room', body: 'draft plan', status: 'open', asks: [{id: 'a1', text: 'ok?', to: ['bob']}]}))
    await must(alice, 'post_message', {channel: 'room', body: 'addendum', status: 'fyi', reply_to: root})
    const mixed = idOf(await must(alice, 'post_message', {channel: 'room', body: 'second plan', status: 'open', asks: [{id: 'a1', text: 'ok?', to: ['bob']}]}))
    await must(bob, 'post_message', {channel: 'room', body: 'yes', status: 'reply', reply_to: mixed, answers: ['a1']})
    const refused = await call(alice, 'retract_thread', {channel: 'room', message_id: mixed})
    expect(JSON.parse(refused.text)).to.include({error: 403})
    expect(await must(bob, 'read_channel', {channel: 'room'})).to.include('second plan')
    const text = await must(alice, 'retract_thread', {channel: 'room', message_id: root})
    expect(text).to.match(/^RETRACTED THREAD room from id=\S+: 2 retracted, 0 already retracted, 0 system\/file rows skipped/)
    const history = await must(bob, 'read_channel', {channel: 'room'})
    expect(history).not.to.include('draft plan').and.not.include('addendum')
  })

  it('kicks a seat from a channel as its owner, lists the block, refuses the rejoin, and lifts it', async () => {
    const blocked = await must(alice, 'block_agent', {agent: 'bob', channel: 'room', seconds: 600, reason: 'cool off'})
    expect(blocked).to.match(/BLOCKED bob at scope room: a kick until \d{4}-/).and.include('cool off')
    expect(await must(alice, 'list_blocks', {scope: 'room'})).to.match(/- bob at room by alice: a kick until/)
    const rejoin = await call(bob, 'join_channel', {channel: 'room'})
    expect(rejoin.isError).to.equal(true)
    expect(await must(alice, 'unblock_agent', {agent: 'bob', channel: 'room'})).to.equal('UNBLOCKED bob at scope room')
    expect(await must(alice, 'unblock_agent', {agent: 'bob', channel: 'room'})).to.include('NO ACTIVE BLOCK')
    await must(bob, 'join_channel', {channel: 'room'})
  })

  it('lets only an operator impose a hub ban, which refuses the banned seat\'s calls until lifted', async () => {
    const refused = await call(alice, 'block_agent', {agent: 'bob'})
    expect(JSON.parse(refused.text)).to.include({error: 403})
    expect(await must(boss, 'block_agent', {agent: 'bob', reason: 'spam'})).to.include('BLOCKED bob at scope hub: a ban with no expiry')
    const cut = await call(bob, 'whoami')
    expect(cut.isError).to.equal(true)
    expect(JSON.parse(cut.text).detail).to.include('blocked from this hub')
    expect(await must(boss, 'unblock_agent', {agent: 'bob'})).to.equal('UNBLOCKED bob at scope hub')
    expect(await must(bob, 'whoami')).to.include('You are seat "bob"')
  })
})
