import type {Client} from '@modelcontextprotocol/sdk/client/index.js'
import {expect} from 'chai'

import {seatOn, startHub} from '../helpers/hub.js'
import type {TestHub} from '../helpers/hub.js'
import {call, must} from '../helpers/process.js'
import {captured} from '../../../../test/helpers/present.js'

const idOf = (posted: string): string => captured(/id=([0-9A-Z]{26})/, posted)

describe('governance tools', function () {
  this.timeout(60_000)
  let hub: TestHub
  let alice: Client
  let bob: Client

  before(async () => {
    hub = await startHub(['alice', 'bob'])
    const seat = (id: string) => seatOn(hub, id)
    ;[alice, bob] = await Promise.all([seat('alice'), seat('bob')])
    await must(alice, 'create_channel', {name: 'plan', private: false})
    await must(bob, 'join_channel', {channel: 'plan'})
  })

  after(async () => {
    await Promise.all([alice?.close(), bob?.close()])
    await hub?.close()
  })

  it('serves the room charter with the hub charter attached while bob is behind, then the hub charter records his receipt', async () => {
    const room = await must(bob, 'read_charter', {channel: 'plan'})
    expect(room).to.match(/^CHANNEL CHARTER plan \(channel\/charter\.md v\d+, by alice at /m)
    expect(room).to.match(/⟦AGORA:[0-9a-f]{12}:channel_charter⟧/).and.include('You are behind on the HUB CHARTER v0')
    const hubCharter = await must(bob, 'read_charter')
    expect(hubCharter).to.match(/^HUB CHARTER v0 \(your slice\); receipt recorded/m).and.match(/⟦AGORA:[0-9a-f]{12}:hub_charter⟧\n\S/)
    expect(await must(bob, 'read_charter', {channel: 'plan'})).not.to.include('You are behind')
  })

  it('serves the whole hub charter with full=true', async () => {
    const whole = await must(bob, 'read_charter', {full: true})
    expect(whole).to.match(/^HUB CHARTER v\d+; receipt recorded/m).and.not.include('(your slice)')
  })

  it('folds the room into open questions and decided threads', async () => {
    const open = idOf(await must(alice, 'post_message', {channel: 'plan', title: 'Port?', body: 'which?', status: 'open', asks: [{id: 'a1', text: 'Which port?', to: ['bob']}]}))
    const done = idOf(await must(alice, 'post_message', {channel: 'plan', title: 'Db?', body: 'which db?', status: 'open', asks: [{id: 'a1', text: 'Which db?', to: ['bob']}]}))
    await must(bob, 'post_message', {channel: 'plan', body: 'sqlite', status: 'resolved', reply_to: done, answers: ['a1']})
    const digest = await must(alice, 'channel_digest', {channel: 'plan'})
    expect(digest).to.match(/^DIGEST plan: \d+ messages, 1 open, 1 decided, 0 decision rows/m)
    expect(digest).to.match(new RegExp(`OPEN:\\n  - #\\d+ id=${open} from alice open pending asks=a1 replies=0 ⟦AGORA:[0-9a-f]{12}:title⟧Port\\?`))
    expect(digest).to.match(new RegExp(`DECIDED:\\n  - #\\d+ id=${done} from alice( closed by \\w+)? \\(resolved reply\\) ⟦AGORA:[0-9a-f]{12}:title⟧Db\\?`))
  })

  it('refuses the digest of a room the seat is not in', async () => {
    await must(alice, 'create_channel', {name: 'closed-room', private: true})
    const refused = await call(bob, 'channel_digest', {channel: 'closed-room'})
    expect(refused.isError).to.equal(true)
    expect(JSON.parse(refused.text).error).to.be.oneOf([403, 404])
  })
})
