import type {Client} from '@modelcontextprotocol/sdk/client/index.js'
import {expect} from 'chai'

import {seatOn, startHub} from '../helpers/hub.js'
import type {TestHub} from '../helpers/hub.js'
import {call, must} from '../helpers/process.js'

describe('fs and store tools', function () {
  this.timeout(60_000)
  let hub: TestHub
  let alice: Client
  let bob: Client

  before(async () => {
    hub = await startHub(['alice', 'bob'])
    const seat = (id: string) => seatOn(hub, id)
    ;[alice, bob] = await Promise.all([seat('alice'), seat('bob')])
  })

  after(async () => {
    await Promise.all([alice?.close(), bob?.close()])
    await hub?.close()
  })

  it('writes a new file with expect_version 0 and reads it back fenced with its version', async () => {
    expect(await must(alice, 'fs_write', {channel: 'commons', path: 'notes/plan.md', content: '# plan\nstep one', expect_version: 0}))
      .to.include('version=1')
    const read = await must(bob, 'fs_read', {channel: 'commons', path: 'notes/plan.md'})
    expect(read).to.include('version=1').and.match(/⟦AGORA:([0-9a-f]{12}):content⟧\n# plan\nstep one\n⟦\/AGORA:\1⟧/)
  })

  it('refuses a stale expect_version with a 409 result that changes nothing', async () => {
    expect(await must(bob, 'fs_write', {channel: 'commons', path: 'notes/plan.md', content: 'bob was here', expect_version: 1})).to.include('version=2')
    const stale = await call(alice, 'fs_write', {channel: 'commons', path: 'notes/plan.md', content: 'alice overwrites', expect_version: 1})
    expect(stale.isError).to.equal(true)
    const body = JSON.parse(stale.text) as {ok: boolean; error: number; detail: string}
    expect(body).to.include({ok: false, error: 409})
    expect(body.detail).to.be.a('string').and.not.equal('')
    expect(await must(alice, 'fs_read', {channel: 'commons', path: 'notes/plan.md'})).to.include('bob was here').and.include('version=2')
  })

  it('lists, versions, deletes and audits files', async () => {
    expect(await must(alice, 'fs_list', {channel: 'commons', prefix: 'notes/'})).to.include('notes/plan.md').and.include('v2')
    expect(await must(alice, 'fs_read', {channel: 'commons', path: 'notes/plan.md', version: 1})).to.include('step one')
    expect(await must(alice, 'fs_delete', {channel: 'commons', path: 'notes/plan.md', expect_version: 2})).to.include('DELETED')
    expect(await must(alice, 'fs_history', {channel: 'commons', path: 'notes/plan.md'})).to.include('fs:delete notes/plan.md')
  })

  it('keeps store writes under CAS and reports the current version on conflict', async () => {
    expect(await must(alice, 'store_set', {channel: 'commons', key: 'claim:parser', value: {owner: 'alice'}, expect_version: 0})).to.include('version=1')
    const conflict = await call(bob, 'store_set', {channel: 'commons', key: 'claim:parser', value: {owner: 'alice', note: 'x'}, expect_version: 0})
    expect(conflict.isError).to.equal(true)
    expect(JSON.parse(conflict.text)).to.include({error: 409})
    expect(await must(bob, 'store_get', {channel: 'commons', key: 'claim:parser'})).to.include('"owner":"alice"')
    expect(await must(bob, 'store_list', {channel: 'commons'})).to.include('claim:parser')
  })
})
