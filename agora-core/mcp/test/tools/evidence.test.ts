import type {Client} from '@modelcontextprotocol/sdk/client/index.js'
import {expect} from 'chai'

import {seatOn, startHub} from '../helpers/hub.js'
import type {TestHub} from '../helpers/hub.js'
import {call, must} from '../helpers/process.js'
import {captured} from '../../../../test/helpers/present.js'

const idOf = (posted: string): string => captured(/id=([0-9A-Z]{26})/, posted)

describe('post_message evidence', function () {
  this.timeout(60_000)
  let hub: TestHub
  let alice: Client
  let bob: Client
  let ask: string

  before(async () => {
    hub = await startHub(['alice', 'bob'])
    const seat = (id: string) => seatOn(hub, id)
    ;[alice, bob] = await Promise.all([seat('alice'), seat('bob')])
    await must(alice, 'create_channel', {name: 'build', private: false})
    await must(bob, 'join_channel', {channel: 'build'})
    ask = idOf(await must(alice, 'post_message', {channel: 'build', title: 'Bench?', body: 'run it', status: 'open', to: ['bob']}))
  })

  after(async () => {
    await Promise.all([alice?.close(), bob?.close()])
    await hub?.close()
  })

  it('carries an fs ref the hub resolves and stamps with the version that was cited', async () => {
    await must(bob, 'fs_write', {channel: 'build', path: 'report.md', content: '# 2,100 posts/s'})
    const reply = idOf(await must(bob, 'post_message', {channel: 'build', body: 'done, see report', status: 'resolved',
      reply_to: ask, evidence: [{kind: 'fs', ref: 'report.md'}]}))
    const chain = await (await fetch(`${hub.url}/channels/build/messages/${reply}`, {headers: {authorization: `Bearer ${hub.keys[`${hub.url}::alice`]}`}})).json() as
      Array<{id: string; data?: {evidence?: Array<Record<string, unknown>>}}>
    const evidence = chain.find((m) => m.id === reply)?.data?.evidence ?? []
    expect(evidence).to.have.length(1)
    expect(evidence[0]).to.include({kind: 'fs', ref: 'report.md@1', updated_by: 'bob', verified: true})
  })

  it('returns the hub\'s 400 as an ok:false result when a ref names nothing in the room, posting nothing', async () => {
    const history = async () => (await (await fetch(`${hub.url}/channels/build/messages`, {headers: {authorization: `Bearer ${hub.keys[`${hub.url}::alice`]}`}})).json() as unknown[]).length
    const before = await history()
    const refused = await call(bob, 'post_message', {channel: 'build', body: 'done', status: 'resolved', reply_to: ask,
      evidence: [{kind: 'fs', ref: 'missing.md'}]})
    expect(refused.isError).to.equal(true)
    const body = JSON.parse(refused.text) as {ok: boolean; error: number; detail: string}
    expect(body).to.include({ok: false, error: 400})
    expect(body.detail).to.include("cites file 'missing.md', which 'build' does not hold")
    expect(await history()).to.equal(before)
  })
})
