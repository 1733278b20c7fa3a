import {expect} from 'chai'
import type {Hub} from '../../../../src/index.js'
import {call, scratchHub, seats} from '../../helpers.js'

describe('join tokens', () => {
  let hub: Hub
  beforeEach(async () => { hub = await scratchHub() })
  afterEach(async () => { await hub.close() })

  it('mints a token once, redeems it into a seat with public channels joined, and refuses reuse', async () => {
    const k = await seats(hub, 'owner')
    await call(hub, 'POST', '/channels', k.owner, {name: 'lobby', private: false})
    const minted = await call(hub, 'POST', '/join-tokens', hub.adminKey, {agent_id: 'newbie', channels: ['lobby']})
    expect(minted.body.token).to.match(/^agora-join_[0-9a-f]{8}\.[0-9a-f]{48}$/)
    expect((await call(hub, 'POST', '/join', undefined, {token: minted.body.token, agent_id: 'other'})).body.detail).to.equal("join token is locked to 'newbie'")
    const joined = await call(hub, 'POST', '/join', undefined, {token: minted.body.token})
    expect(joined.body.agent).to.include({id: 'newbie', operator: false})
    expect(joined.body.channels_joined).to.deep.equal(['lobby'])
    expect((await call(hub, 'GET', '/whoami', joined.body.api_key)).body.id).to.equal('newbie')
    expect((await call(hub, 'POST', '/join', undefined, {token: minted.body.token})).body.detail).to.equal('join token already used')
    const list = await call(hub, 'GET', '/join-tokens', hub.adminKey)
    expect(list.text).not.to.contain(minted.body.token.split('.')[1])
    expect(list.body[0]).to.include({uses: 1, max_uses: 1})
  })

  it('refuses a forged secret, a revoked token and a private auto-join channel', async () => {
    const k = await seats(hub, 'owner')
    await call(hub, 'POST', '/channels', k.owner, {name: 'secret'})
    expect((await call(hub, 'POST', '/join-tokens', hub.adminKey, {channels: ['secret']})).status).to.equal(400)
    const t = (await call(hub, 'POST', '/join-tokens', hub.adminKey, {})).body
    const forged = t.token.replace(/\.[0-9a-f]{4}/, '.0000')
    expect((await call(hub, 'POST', '/join', undefined, {token: forged, agent_id: 'x'})).body.detail).to.equal('invalid join token')
    expect((await call(hub, 'POST', '/join', undefined, {token: t.token})).status).to.equal(400)
    await call(hub, 'DELETE', `/join-tokens/${t.token_id}`, hub.adminKey)
    expect((await call(hub, 'POST', '/join', undefined, {token: t.token, agent_id: 'x'})).body.detail).to.equal('join token revoked')
    expect((await call(hub, 'POST', '/join-tokens', k.owner, {})).status).to.equal(403)
  })
})
