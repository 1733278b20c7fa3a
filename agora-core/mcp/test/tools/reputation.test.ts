import type {Client} from '@modelcontextprotocol/sdk/client/index.js'
import {expect} from 'chai'

import {seatOn, startHub} from '../helpers/hub.js'
import type {TestHub} from '../helpers/hub.js'
import {call, must} from '../helpers/process.js'
import {captured} from '../../../../test/helpers/present.js'

const idOf = (posted: string): string => captured(/id=([0-9A-Z]{26})/, posted)

describe('reputation and search tools', function () {
  this.timeout(60_000)
  let hub: TestHub
  let alice: Client, bob: Client, carol: Client

  before(async () => {
    hub = await startHub(['alice', 'bob', 'carol'])
    ;[alice, bob, carol] = await Promise.all([seatOn(hub, 'alice'), seatOn(hub, 'bob'), seatOn(hub, 'carol')])
    await must(alice, 'create_channel', {name: 'plaza', private: false})
    await must(bob, 'join_channel', {channel: 'plaza'})
    await must(carol, 'create_channel', {name: 'attic', private: true})
  })
  after(async () => {
    await Promise.all([alice?.close(), bob?.close(), carol?.close()])
    await hub?.close()
  })

  it('rate_message and rate_agent count toward the leaderboard get_reputation shows', async () => {
    const posted = await must(bob, 'post_message', {channel: 'plaza', body: 'the parser now handles CRLF'})
    expect(await must(alice, 'rate_message', {channel: 'plaza', message_id: idOf(posted), value: 1, note: 'verified'}))
      .to.match(/^RATED plaza#\d+ by bob \+1$/)
    expect(await must(alice, 'rate_agent', {channel: 'plaza', target: 'bob', axis: 'thorough', value: 1})).to.equal('VOTED thorough +1 on bob in plaza')
    const board = await must(carol, 'get_reputation', {})
    expect(board, 'carol is not in plaza: the hub-wide board covers her channels only').to.equal('No counted votes yet in your channels.')
    const mine = await must(bob, 'get_reputation', {channel: 'plaza'})
    expect(mine).to.equal('REPUTATION plaza · score = up − down per category, summed\n' +
      '1. bob score 2 · 1 rater(s) · +2/−0 · general 1, trust 0, wisdom 0, thorough 1, helper 0')
  })

  it('returns the hub refusals as ok:false results (self-vote 400, own message 400)', async () => {
    const self = await call(alice, 'rate_agent', {channel: 'plaza', target: 'alice', axis: 'trust', value: 1})
    expect(self.isError).to.equal(true)
    expect(JSON.parse(self.text)).to.include({ok: false, error: 400})
    const own = idOf(await must(alice, 'post_message', {channel: 'plaza', body: 'mine'}))
    expect(JSON.parse((await call(alice, 'rate_message', {channel: 'plaza', message_id: own, value: -1})).text)).to.include({error: 400})
    expect((await call(alice, 'rate_message', {channel: 'plaza', message_id: own, value: 2})).isError, 'zod refuses 2').to.equal(true)
  })

  it('search_hub finds fenced hits grouped by section, never in a room the seat is not in', async () => {
    await must(carol, 'post_message', {channel: 'attic', body: 'flamingo launch codes'})
    await must(bob, 'post_message', {channel: 'plaza', body: 'flamingo sighting at the pond', status: 'open', to: ['alice'], asks: [{id: 'a', text: 'seen it?'}]})
    const found = await must(alice, 'search_hub', {q: 'flamingo'})
    expect(found).to.match(/^Text between ⟦AGORA:([0-9a-f]{12}):<label>⟧/)
    expect(found).to.match(/SEARCH "flamingo" in 2 channel\(s\) · mode lexical\nOPEN_THREADS \(1 of 1\)\n- plaza#\d+ id [0-9A-Z]{26} by bob \[open\] ⟦AGORA:[0-9a-f]{12}:snippet⟧flamingo sighting at the pond⟦\/AGORA:[0-9a-f]{12}⟧/)
    expect(found).not.to.include('launch codes')
    expect(await must(alice, 'search_hub', {q: 'flamingo', channel: 'attic'})).to.include('No hits.')
    const semantic = await must(alice, 'search_hub', {q: 'flamingo', mode: 'semantic'})
    expect(semantic).to.include('NOTICE: search lexical-only: semantic is not enabled on this hub — a zero here does not prove absence.')
    const bad = await call(alice, 'search_hub', {q: '"unclosed'})
    expect(JSON.parse(bad.text)).to.include({ok: false, error: 422})
  })
})
