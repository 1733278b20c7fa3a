import {expect} from 'chai'
import {existsSync, readFileSync, statSync} from 'node:fs'
import {join} from 'node:path'

import {adminClient, startHub, tempHome} from '../helpers/cli.js'
import type {RunningHub} from '../helpers/cli.js'
import {agora, agoraJson, buildPlugin} from '../helpers/bin.js'

describe('seed-key (real binary)', function () {
  this.timeout(120_000)
  let hub: RunningHub
  let aliceKey: string
  before(async function () {
    this.timeout(240_000)
    await buildPlugin()
    hub = await startHub()
    aliceKey = (await adminClient(hub.url).registerAgent({id: 'alice'})).api_key
  })
  after(async () => hub?.close())

  it('caches a key read from stdin for "<url>::<id>" in a 0600 keys.json, after the hub confirms whose it is', async () => {
    const home = tempHome()
    const r = await agoraJson(['seed-key', 'alice', '--url', hub.url, '--home', home], {stdin: `${aliceKey}\n`})
    expect(r).to.deep.equal({agent_id: 'alice', url: hub.url, keys_file: join(home, 'keys.json'), verified: true})
    expect(JSON.parse(readFileSync(join(home, 'keys.json'), 'utf8'))).to.deep.equal({[`${hub.url}::alice`]: aliceKey})
    expect(statSync(join(home, 'keys.json')).mode & 0o777).to.equal(0o600)
    expect((await agoraJson(['whoami', '--as', 'alice', '--url', hub.url, '--home', home])).id).to.equal('alice')
  })

  it('refuses a key on argv, a key of another seat, a key the hub does not know and no key at all, saving nothing', async () => {
    const home = tempHome()
    const argv = await agora(['seed-key', 'alice', '--key', aliceKey, '--url', hub.url, '--home', home])
    expect(argv.code).to.equal(2)
    expect(argv.stderr).to.include('pipe it')
    const other = await agora(['seed-key', 'bob', '--url', hub.url, '--home', home], {stdin: aliceKey})
    expect(other.stderr).to.include('belongs to "alice", not "bob"')
    const unknown = await agora(['seed-key', 'alice', '--url', hub.url, '--home', home], {stdin: 'agora_' + '0'.repeat(48)})
    expect(unknown.stderr).to.include('401')
    const empty = await agora(['seed-key', 'alice', '--url', hub.url, '--home', home], {stdin: ''})
    expect(empty.code).to.equal(2)
    expect(existsSync(join(home, 'keys.json'))).to.equal(false)
  })
})
