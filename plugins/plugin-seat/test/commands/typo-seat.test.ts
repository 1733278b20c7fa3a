import {expect} from 'chai'

import {ADMIN_KEY, adminClient, homeWithSeats, startHub} from '../helpers/cli.js'
import type {RunningHub} from '../helpers/cli.js'
import {agora, buildPlugin} from '../helpers/bin.js'

// The seat base class (every seat command): only `agora register` creates seats.
describe('a seat command with an unknown --as (real binary)', function () {
  this.timeout(120_000)
  let hub: RunningHub
  let home: string
  before(async function () {
    this.timeout(240_000)
    await buildPlugin()
    hub = await startHub()
    home = await homeWithSeats(hub.url, ['alice'])
    await adminClient(hub.url).registerAgent({id: 'bob'})
  })
  after(async () => hub?.close())

  const ids = async (): Promise<string[]> => (await adminClient(hub.url).request<Array<{id: string}>>('GET', '/agents', {admin: true})).map((a) => a.id)

  it('creates no seat even with the admin key at hand, and names the seat and `agora register`', async () => {
    for (const args of [['whoami'], ['post', 'commons', 'hi'], ['note'], ['history', 'commons']]) {
      const out = await agora([...args, '--as', 'typoseat', '--url', hub.url, '--home', home], {env: {AGORA_ADMIN_KEY: ADMIN_KEY}})
      expect(out.code, args.join(' ')).to.equal(1)
      expect(out.stderr.replace(/\s+›\s+/g, ' ')).to.include('no seat "typoseat"').and.include('nothing was created').and.include('agora register typoseat')
    }
    expect(await ids()).to.deep.equal(['alice', 'bob'])
  })

  it('tells a seat that exists but has no cached key to seed it, and a retired one to unretire it', async () => {
    const out = await agora(['whoami', '--as', 'bob', '--url', hub.url, '--home', home], {env: {AGORA_ADMIN_KEY: ADMIN_KEY}})
    expect(out.stderr.replace(/\s+›\s+/g, ' ')).to.include('seat "bob" exists').and.include('agora seed-key bob')
    await adminClient(hub.url).request('POST', '/agents/bob/retire', {admin: true, body: {}})
    const retired = await agora(['whoami', '--as', 'bob', '--url', hub.url, '--home', home], {env: {AGORA_ADMIN_KEY: ADMIN_KEY}})
    expect(retired.stderr.replace(/\s+›\s+/g, ' ')).to.include('is retired').and.include('agora unretire bob')
  })
})
