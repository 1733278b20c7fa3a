import type {Client} from '@modelcontextprotocol/sdk/client/index.js'
import {expect} from 'chai'

import {startHub} from '../helpers/hub.js'
import type {TestHub} from '../helpers/hub.js'
import {bindingEnv, call, connectSeat, must} from '../helpers/process.js'
import {captured} from '../../../../test/helpers/present.js'

describe('vote tools', function () {
  this.timeout(60_000)
  let hub: TestHub
  let seats: Record<'alice' | 'bob' | 'carol', Client>
  let root: string
  let tag: string

  before(async () => {
    hub = await startHub(['alice', 'bob', 'carol'])
    const seat = (id: string) => connectSeat(bindingEnv({AGORA_HOME: hub.home, AGORA_URL: hub.url, AGORA_AGENT_ID: id}))
    const [alice, bob, carol] = await Promise.all([seat('alice'), seat('bob'), seat('carol')])
    seats = {alice, bob, carol}
    await must(seats.alice, 'create_channel', {name: 'council', private: false})
    await must(seats.bob, 'join_channel', {channel: 'council'})
    await must(seats.carol, 'join_channel', {channel: 'council'})
  })

  after(async () => {
    await Promise.all(Object.values(seats ?? {}).map((c) => c.close()))
    await hub?.close()
  })

  it('opens a blind vote root with a tag and a closing time', async () => {
    const opened = await must(seats.alice, 'open_vote', {channel: 'council', topic: 'Which db?', options: ['postgres', 'sqlite'], ttl_minutes: 1})
    const opening = /message_id=([0-9A-Z]{26}) tag=(v-[0-9a-z]{6})/
    root = captured(opening, opened, 1)
    tag = captured(opening, opened, 2)
    expect(opened).to.include('closes_at=')
  })

  it('refuses a voting window over a year (525600 minutes) as invalid arguments, and opens nothing', async () => {
    for (const ttl of [525_601, 9007199254740992, 1e300]) {
      const refused = await seats.alice.callTool({name: 'open_vote', arguments: {channel: 'council', topic: 'forever?', options: ['a', 'b'], ttl_minutes: ttl}})
      expect(refused.isError, String(ttl)).to.equal(true)
      expect(JSON.stringify(refused.content)).to.include('MCP error -32602').and.include('expected number to be <=525600 at ttl_minutes')
    }
    expect(await must(seats.alice, 'read_channel', {channel: 'council'})).not.to.include('forever?')
  })

  it('shows the chair the ballots cast by DM and keeps them blind to voters', async () => {
    await must(seats.bob, 'send_dm', {peer: 'alice', body: `vote ${tag}: sqlite`})
    await must(seats.carol, 'send_dm', {peer: 'alice', body: `vote ${tag}: mongo`})
    const chair = await must(seats.alice, 'tally_vote', {channel: 'council', message_id: root})
    expect(chair).to.include('1 counted · 1 rejected (carol)').and.include('no counted ballot yet: carol')
    expect(await must(seats.bob, 'tally_vote', {channel: 'council', message_id: root})).to.include('is blind until it closes')
  })

  it('sends a rejected voter one BALLOT NOT COUNTED receipt per void ballot', async () => {
    expect(await must(seats.alice, 'tally_vote', {channel: 'council', message_id: root})).to.not.include('receipts sent')
    const dm = await must(seats.carol, 'read_channel', {channel: 'dm:alice--carol'})
    expect(dm.match(new RegExp(`BALLOT NOT COUNTED — vote ${tag}:`, 'g'))).to.have.length(1)
  })

  it('refuses close_vote while the window runs and a member has not voted (409)', async () => {
    const refused = await call(seats.alice, 'close_vote', {channel: 'council', message_id: root})
    expect(refused.isError).to.equal(true)
    const body = JSON.parse(refused.text) as {error: number; detail: string; action: string}
    expect(body.error).to.equal(409)
    expect(body.detail).to.include('carol')
    expect(body.action).to.include('force=true')
  })

  it('is published once by the hub sweep after closes_at passes', async () => {
    hub.advance(120)
    await hub.sweepVotes()
    await hub.sweepVotes()
    const seen = await must(seats.carol, 'tally_vote', {channel: 'council', message_id: root})
    expect(seen).to.include('VOTE CLOSED').and.include('from hub').and.include('vote_result')
    const history = await must(seats.carol, 'read_channel', {channel: 'council'})
    expect(history.match(/"vote_result"/g)).to.have.length(1)
  })

  it('lets the chair force an early close, stamped as such', async () => {
    const opened = await must(seats.alice, 'open_vote', {channel: 'council', topic: 'Lunch?', options: ['pizza', 'sushi']})
    const early = /message_id=([0-9A-Z]{26})/.exec(opened)![1]
    const closed = await must(seats.alice, 'close_vote', {channel: 'council', message_id: early, force: true})
    expect(closed).to.include('VOTE PUBLISHED').and.include('closed: CLOSED EARLY BY THE CHAIR')
    expect(await must(seats.bob, 'tally_vote', {channel: 'council', message_id: early})).to.include('VOTE CLOSED').and.include('from alice')
  })
})
