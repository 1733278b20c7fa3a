import {expect} from 'chai'
import type {Hub} from '../../../../src/index.js'
import {call, room, scratchHub, seats} from '../../helpers.js'

describe('blocks', () => {
  let hub: Hub
  let k: Record<string, string>
  beforeEach(async () => {
    hub = await scratchHub()
    k = await seats(hub, 'alice', 'bob')
    await room(hub, k, 'room', 'alice', ['bob'])
  })
  afterEach(async () => { await hub.close() })

  it('kicks from a channel: the member row goes and rejoining is refused until lifted', async () => {
    const kick = await call(hub, 'POST', '/channels/room/blocks', k.alice, {agent: 'bob', seconds: 900, reason: 'noise'})
    expect(kick.body).to.include({scope: 'room', agent_id: 'bob', imposed_by: 'alice', reason: 'noise'})
    expect((await call(hub, 'GET', '/channels/room/info', k.bob)).status).to.equal(403)
    const inv = await call(hub, 'POST', '/channels/room/invites', k.alice, {agent_id: 'bob'})
    expect((await call(hub, 'POST', '/channels/room/join', k.bob, {invite_token: inv.body.invite_token})).status).to.equal(403)
    expect((await call(hub, 'DELETE', '/channels/room/blocks/bob', k.alice)).body).to.deep.equal({agent_id: 'bob', scope: 'room', lifted: true})
    expect((await call(hub, 'POST', '/channels/room/join', k.bob, {invite_token: inv.body.invite_token})).status).to.equal(200)
  })

  it('keeps hub blocks to operators, never targets the owner in their room or an operator', async () => {
    expect((await call(hub, 'POST', '/hub/blocks', k.alice, {agent: 'bob'})).status).to.equal(403)
    expect((await call(hub, 'POST', '/channels/room/blocks', k.bob, {agent: 'alice'})).status).to.equal(403)
    const op = (await call(hub, 'POST', '/agents', hub.adminKey, {id: 'op', operator: true})).body.api_key
    expect((await call(hub, 'POST', '/hub/blocks', hub.adminKey, {agent: 'op'})).status).to.equal(403)
    expect((await call(hub, 'POST', '/hub/blocks', op, {agent: 'bob', seconds: 8 * 86400})).status).to.equal(400)
    expect((await call(hub, 'POST', '/hub/blocks', op, {agent: 'bob'})).body).to.include({scope: 'hub', expires_at: null})
    expect((await call(hub, 'GET', '/whoami', k.bob)).status).to.equal(403)
    expect((await call(hub, 'GET', '/blocks?scope=hub', k.alice)).body).to.have.length(1)
  })
})
