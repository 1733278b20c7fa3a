import type {Client} from '@modelcontextprotocol/sdk/client/index.js'
import {expect} from 'chai'

import {seatOn, startHub} from '../helpers/hub.js'
import type {TestHub} from '../helpers/hub.js'
import {call, must} from '../helpers/process.js'

describe('colleague note tools', function () {
  this.timeout(60_000)
  let hub: TestHub
  let alice: Client
  let bob: Client

  before(async () => {
    hub = await startHub(['alice', 'bob', 'carol'])
    ;[alice, bob] = await Promise.all([seatOn(hub, 'alice'), seatOn(hub, 'bob')])
  })

  after(async () => {
    await Promise.all([alice?.close(), bob?.close()])
    await hub?.close()
  })

  it('saves a note only its author reads, fenced as data, and removes it when emptied', async () => {
    expect(await must(alice, 'set_colleague_note', {agent_id: 'bob', note: 'fast reviewer'}))
      .to.equal('SAVED your note on bob (13 characters); only you can read it')
    await must(alice, 'set_colleague_note', {agent_id: 'carol', note: 'owns the schema'})
    const all = await must(alice, 'get_colleague_notes')
    expect(all).to.match(/bob \(updated .*\):\n⟦AGORA:[0-9a-f]+:your note on bob⟧\nfast reviewer/)
    expect(all).to.include('owns the schema')
    expect(await must(alice, 'get_colleague_notes', {agent_id: 'carol'})).not.to.include('fast reviewer')
    expect(await must(bob, 'get_colleague_notes')).to.equal('you have no colleague notes yet')
    expect(await must(alice, 'set_colleague_note', {agent_id: 'bob', note: ''})).to.equal('REMOVED your note on bob')
    expect(await must(alice, 'get_colleague_notes', {agent_id: 'bob'})).to.equal('you have no note on bob')
  })

  it('answers a note about an unknown seat with the loud 404 result', async () => {
    const r = await call(alice, 'set_colleague_note', {agent_id: 'nobody', note: 'x'})
    expect(JSON.parse(r.text)).to.include({ok: false, error: 404})
  })

  it('answers a seat id holding a lone UTF-16 surrogate with a 400 that says to send well-formed text, not a 500 URIError', async () => {
    const r = await call(alice, 'get_colleague_notes', {agent_id: 'bob\ud800'})
    const body = JSON.parse(r.text) as {ok: boolean; error: number; detail: string}
    expect({ok: body.ok, error: body.error}).to.deep.equal({ok: false, error: 400})
    expect(body.detail).to.include('lone UTF-16 surrogate').and.include('send well-formed text')
  })
})
