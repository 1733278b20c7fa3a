import {AgoraClient} from '@agora/client'
import type {Client} from '@modelcontextprotocol/sdk/client/index.js'
import {expect} from 'chai'

import {seatOn, startHub} from '../helpers/hub.js'
import type {TestHub} from '../helpers/hub.js'
import {call, must} from '../helpers/process.js'

describe('presence tools', function () {
  this.timeout(60_000)
  let hub: TestHub
  let alice: Client
  let bob: Client

  before(async () => {
    hub = await startHub(['alice', 'bob', 'carol'])
    const seat = (id: string) => seatOn(hub, id)
    ;[alice, bob] = await Promise.all([seat('alice'), seat('bob')])
    await must(alice, 'create_channel', {name: 'pair', private: false})
    await must(bob, 'join_channel', {channel: 'pair'})
    // Every seat starts in commons; carol leaves it so she shares no channel with alice.
    await new AgoraClient({url: hub.url, apiKey: hub.keys[`${hub.url}::carol`]}).leaveChannel('commons')
  })

  after(async () => {
    await Promise.all([alice?.close(), bob?.close()])
    await hub?.close()
  })

  it('shows the seats alice shares a channel with, not a stranger, each with what its state means', async () => {
    const text = await must(alice, 'who_is_reachable')
    expect(text).to.match(/^- alice: active since \S+ \(called the hub recently/m)
    expect(text).to.match(/^- bob: active/m)
    expect(text).not.to.include('carol')
  })

  it('answers for one seat it can see', async () => {
    expect(await must(alice, 'who_is_reachable', {agent: 'bob'})).to.match(/^- bob: active since \S+ \(/)
  })

  it('answers a seat outside alice\'s channels with 404, not its state', async () => {
    const hidden = await call(alice, 'who_is_reachable', {agent: 'carol'})
    expect(hidden.isError).to.equal(true)
    expect(JSON.parse(hidden.text)).to.include({error: 404})
  })
})
