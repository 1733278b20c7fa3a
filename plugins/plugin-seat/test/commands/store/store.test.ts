import {expect} from 'chai'

import {as, homeWithSeats, startHub} from '../../helpers/cli.js'
import type {RunningHub} from '../../helpers/cli.js'
import {agora, agoraJson, buildPlugin} from '../../helpers/bin.js'

describe('agora store get|put|list (real binary)', function () {
  this.timeout(240_000)
  let hub: RunningHub
  let alice: string[]
  before(async function () {
    this.timeout(240_000)
    await buildPlugin()
    hub = await startHub()
    alice = as('alice', hub.url, await homeWithSeats(hub.url, ['alice']))
  })
  after(async () => hub?.close())

  it('writes JSON values, refuses a stale --expect-version naming the current one, and reads and lists them', async () => {
    expect(await agoraJson(['store', 'put', 'commons', 'plan', '{"step":2}', '--expect-version', '0', ...alice]))
      .to.include({channel: 'commons', key: 'plan', version: 1, updated_by: 'alice'})
    const stale = await agora(['store', 'put', 'commons', 'plan', '{"step":3}', '--expect-version', '0', ...alice])
    expect(stale.code).to.equal(1)
    expect(stale.stderr).to.include('409').and.include('current version is 1')
    expect((await agoraJson(['store', 'get', 'commons', 'plan', ...alice])).value).to.deep.equal({step: 2})
    const rows = await agoraJson(['store', 'list', 'commons', ...alice])
    expect(rows.map((r: {key: string; version: number}) => [r.key, r.version])).to.deep.equal([['plan', 1]])
  })
})
