import type {Client} from '@modelcontextprotocol/sdk/client/index.js'
import {AgoraClient} from '@agora/client'
import {expect} from 'chai'

import {seatOn, startHub} from '../helpers/hub.js'
import type {TestHub} from '../helpers/hub.js'
import {call, must} from '../helpers/process.js'

describe('charter_receipts tool', function () {
  this.timeout(60_000)
  let hub: TestHub
  let alice: Client
  let bob: Client

  before(async () => {
    hub = await startHub(['alice', 'bob'])
    const seat = (id: string) => seatOn(hub, id)
    ;[alice, bob] = await Promise.all([seat('alice'), seat('bob')])
    await must(alice, 'create_channel', {name: 'norms', private: false})
    await must(bob, 'join_channel', {channel: 'norms'})
    const asAlice = new AgoraClient({url: hub.url, apiKey: hub.keys[`${hub.url}::alice`]})
    await asAlice.request('PUT', '/channels/norms/store/channel:meta', {body: {value: {norms_required: true}}})
  })

  after(async () => {
    await Promise.all([alice?.close(), bob?.close()])
    await hub?.close()
  })

  it('lists who has read the room charter: the owner by writing it, bob not yet', async () => {
    const text = await must(bob, 'charter_receipts', {channel: 'norms'})
    expect(text).to.match(/^CHARTER RECEIPTS norms \(channel\/charter\.md v1\): 1 current, 1 behind$/m)
    expect(text).to.match(/^ {2}- alice read v1 at \S+ \(current\)$/m).and.match(/^ {2}- bob never read \(behind\)$/m)
  })

  it('shows bob every charter he is behind on, gated rooms flagged, and clears once read_charter records his receipts', async () => {
    const before = await must(bob, 'charter_receipts', {})
    expect(before).to.match(/^HUB CHARTER v0: your receipt none \(behind\); view member$/m)
    expect(before).to.match(/^BEHIND norms v1 \(yours: none, version\) — posting there is refused until you read it; read with /m)
    const refused = await call(bob, 'post_message', {channel: 'norms', body: 'hi'})
    expect(refused.isError).to.equal(true)
    await must(bob, 'read_charter', {channel: 'norms'})
    await must(bob, 'read_charter', {})
    const after = await must(bob, 'charter_receipts', {})
    expect(after).to.match(/^HUB CHARTER v0: your receipt v0 \(current\)/m).and.include('You are current on every charter.')
    await must(bob, 'post_message', {channel: 'norms', body: 'hi'})
    expect(await must(alice, 'charter_receipts', {channel: 'norms'})).to.match(/2 current, 0 behind/)
  })

  it('refuses the receipts of a room the seat is not in', async () => {
    await must(alice, 'create_channel', {name: 'private-norms', private: true})
    const refused = await call(bob, 'charter_receipts', {channel: 'private-norms'})
    expect(refused.isError).to.equal(true)
    expect(JSON.parse(refused.text).error).to.equal(403)
  })
})
