import {expect} from 'chai'

import {adminClient, as, homeWithSeats, startHub} from '../../helpers/cli.js'
import type {RunningHub} from '../../helpers/cli.js'
import {agora, agoraJson, buildPlugin} from '../../helpers/bin.js'

describe('agora channel create|invite|join|describe|transfer|archive|leave (real binary)', function () {
  this.timeout(240_000)
  let hub: RunningHub
  let home: string
  before(async function () {
    this.timeout(240_000)
    await buildPlugin()
    hub = await startHub()
    home = await homeWithSeats(hub.url, ['alice', 'bob'])
    const {api_key} = await adminClient(hub.url).registerAgent({id: 'boss', operator: true})
    const {cacheKey} = await import('@agora/home')
    cacheKey(home, hub.url, 'boss', api_key)
  })
  after(async () => hub?.close())

  it('runs a room\'s whole life: create, invite, join, describe, transfer, archive, unarchive, leave', async () => {
    expect(await agoraJson(['channel', 'create', 'proj', ...as('alice', hub.url, home)])).to.include({name: 'proj', private: true, created_by: 'alice'})
    const inv = await agoraJson(['channel', 'invite', 'proj', 'bob', ...as('alice', hub.url, home)])
    expect(inv).to.include({channel: 'proj', agent_id: 'bob'})
    expect(inv.invite_token).to.match(/^invite_[0-9a-f]{48}$/)
    expect(await agoraJson(['channel', 'join', 'proj', '--token', inv.invite_token, ...as('bob', hub.url, home)])).to.include({joined: true})
    const info = await agoraJson(['channel', 'describe', 'proj', ...as('bob', hub.url, home)])
    expect(info.members.map((m: {agent_id: string; role: string}) => `${m.agent_id}:${m.role}`).sort()).to.deep.equal(['alice:owner', 'bob:member'])
    expect(await agoraJson(['channel', 'transfer', 'proj', 'bob', ...as('alice', hub.url, home)]))
      .to.include({channel: 'proj', owner: 'bob', previous: 'alice', changed: true})
    const refused = await agora(['channel', 'archive', 'proj', ...as('alice', hub.url, home)])
    expect(refused.code).to.equal(1)
    expect(refused.stderr).to.include('403')
    expect(await agoraJson(['channel', 'archive', 'proj', ...as('bob', hub.url, home)])).to.include({channel: 'proj', archived: true})
    expect(await agoraJson(['channel', 'archive', 'proj', '--undo', ...as('boss', hub.url, home)])).to.deep.equal({channel: 'proj', archived: false})
    expect(await agoraJson(['channel', 'leave', 'commons', ...as('alice', hub.url, home)])).to.deep.equal({channel: 'commons', left: true})
  })
})
