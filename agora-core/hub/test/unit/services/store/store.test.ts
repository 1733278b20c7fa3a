import {expect} from 'chai'
import type {Hub} from '../../../../src/index.js'
import {call, room, scratchHub, seats} from '../../helpers.js'

describe('store', () => {
  let hub: Hub
  let k: Record<string, string>
  const put = (who: string, key: string, body: unknown) => call(hub, 'PUT', `/channels/room/store/${encodeURIComponent(key)}`, k[who], body)

  beforeEach(async () => {
    hub = await scratchHub()
    k = await seats(hub, 'alice', 'bob')
    await room(hub, k, 'room', 'alice', ['bob'])
  })
  afterEach(async () => { await hub.close() })

  it('treats expect_version 0 as create-only and names the current version on conflict', async () => {
    expect((await put('bob', 'plan', {value: {a: 1}, expect_version: 0})).body.version).to.equal(1)
    const again = await put('bob', 'plan', {value: {a: 2}, expect_version: 0})
    expect(again.status).to.equal(409)
    expect(again.body.detail).to.match(/^store version conflict: current version is 1/)
    expect((await put('bob', 'plan', {value: {a: 2}, expect_version: 1})).body.version).to.equal(2)
  })

  it('keeps version and author on an identical write (a heartbeat)', async () => {
    await put('bob', 'k', {value: [1, {x: 'y'}]})
    const beat = await put('alice', 'k', {value: [1, {x: 'y'}]})
    expect(beat.body).to.include({version: 1, updated_by: 'bob'})
  })

  it('guards fs/, channel: and claim owners', async () => {
    expect((await put('bob', 'fs/x', {value: 1})).status).to.equal(403)
    expect((await put('bob', 'channel:meta', {value: {purpose: 'x'}})).status).to.equal(403)
    expect((await put('alice', 'channel:meta', {value: {colour: 'red'}})).status).to.equal(400)
    expect((await put('alice', 'channel:meta', {value: {response_sla_minutes: 5}})).status).to.equal(200)
    expect((await put('bob', 'claim:deploy', {value: {owner: 'alice'}})).status).to.equal(403)
    expect((await put('bob', 'claim:deploy', {value: {owner: 'bob', status: 'doing'}})).status).to.equal(200)
    expect((await put('alice', 'claim:deploy', {value: {status: 'stolen'}})).body.value).to.deep.equal({status: 'stolen', owner: 'bob'})
  })

  it('lists keys sorted without fs rows and keeps value number tokens', async () => {
    await put('bob', 'b', '{"value":{"f":1.0}}')
    await put('bob', 'a', {value: 1})
    const list = await call(hub, 'GET', '/channels/room/store', k.alice)
    expect(list.body.map((r: {key: string}) => r.key)).to.deep.equal(['a', 'b'])
    expect((await call(hub, 'GET', '/channels/room/store/b', k.alice)).text).to.contain('"value":{"f":1.0}')
  })
})
