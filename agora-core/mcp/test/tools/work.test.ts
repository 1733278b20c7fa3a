import type {Client} from '@modelcontextprotocol/sdk/client/index.js'
import {expect} from 'chai'

import {addOperator, seatOn, startHub} from '../helpers/hub.js'
import type {TestHub} from '../helpers/hub.js'
import {call, must} from '../helpers/process.js'

describe('work-plane tools', function () {
  this.timeout(60_000)
  let hub: TestHub
  let alice: Client
  let bob: Client
  let olga: Client

  before(async () => {
    hub = await startHub(['alice', 'bob'])
    await addOperator(hub, 'olga')
    ;[alice, bob, olga] = await Promise.all([seatOn(hub, 'alice'), seatOn(hub, 'bob'), seatOn(hub, 'olga')])
    await must(alice, 'create_channel', {name: 'build', private: false})
    await must(bob, 'join_channel', {channel: 'build'})
    await must(olga, 'join_channel', {channel: 'build'})
    await must(bob, 'store_set', {channel: 'build', key: 'claim:parser', value: {owner: 'bob', status: 'working', work: 'parser-1', needs_from: 'alice'}})
    await must(bob, 'store_set', {channel: 'build', key: 'work:parser-1', value: {status: 'planned', title: 'streaming parser'}})
    await must(olga, 'store_set', {channel: 'build', key: 'ruling:style', value: {text: 'no force pushes'}})
  })

  after(async () => {
    await Promise.all([alice?.close(), bob?.close(), olga?.close()])
    await hub?.close()
  })

  it('get_board shows the live claim, who holds it and that it waits on alice', async () => {
    const text = await must(alice, 'get_board')
    expect(text).to.match(/^BOARD for alice: owed to_answer=0/m)
    expect(text).to.match(/waiting on you: build\/claim:parser/)
    expect(text).to.match(/#build claim:parser claim holder=bob status=.*working.* idle=0m needs alice/)
  })

  it('supervise lists the stuck row of one channel or all of them', async () => {
    expect(await must(alice, 'supervise', {channel: 'build'})).to.match(/^#build: idle/m).and.match(/stuck #build claim:parser/)
    expect(await must(alice, 'supervise', {})).to.match(/^#commons:/m).and.match(/^#build:/m)
  })

  it('get_work finds the row and the claim citing an item', async () => {
    const text = await must(bob, 'get_work', {item_id: 'parser-1'})
    expect(text).to.match(/^WORK parser-1: 1 row\(s\), 1 claim\(s\), 0 phase\(s\), 0 message\(s\)/m)
    expect(text).to.include('#build work:parser-1 v1 by bob').and.include('#build claim:parser v1 by bob')
  })

  it('get_work answers the item id `..` with a 400, instead of reading the hub root as a work item', async () => {
    const r = await call(bob, 'get_work', {item_id: '..'})
    expect(JSON.parse(r.text)).to.include({ok: false, error: 400})
    expect(JSON.parse(r.text).detail).to.include('a URL reads it as a folder step')
  })

  it('read_rulings marks an unacknowledged ruling NEW until ack_rulings', async () => {
    expect(await must(bob, 'read_rulings', {channel: 'build'})).to.match(/RULINGS in build \(1 unacknowledged\)/).and.match(/^NEW ruling:style v1 by olga/m).and.include('no force pushes')
    expect(await must(bob, 'ack_rulings', {channel: 'build', keys: ['ruling:style']})).to.equal('ACKED ruling:style@v1; still unacknowledged: none')
    expect(await must(bob, 'read_rulings', {channel: 'build'})).to.match(/\(0 unacknowledged\)/).and.match(/^ruling:style v1/m)
  })

  it('get_desk is refused to a plain seat and shows an operator her unacknowledged ruling', async () => {
    const refused = await call(bob, 'get_desk')
    expect(refused.isError).to.equal(true)
    expect(JSON.parse(refused.text).error).to.equal(403)
    expect(await must(olga, 'get_desk')).to.match(/^DESK for olga: to_answer=0 to_close=0 waiting_on_you=0 queue=0 unacknowledged_rulings=1/m)
      .and.include('unacknowledged ruling #build ruling:style')
  })
  it('post_message in a room requiring rulings is refused to an unacknowledged seat with the ack to run; describe_channel shows the policy and fenced notices', async () => {
    await must(alice, 'store_set', {channel: 'build', key: 'channel:meta', value: {rulings_required: true, traffic_policy: 'noticeboard'}})
    const refused = await call(alice, 'post_message', {channel: 'build', body: 'hello'})
    expect(refused.isError).to.equal(true)
    expect(JSON.parse(refused.text)).to.include({error: 409})
    expect(JSON.parse(refused.text).detail).to.include('agora rulings ack build ruling:style').and.include('MCP ack_rulings')
    await must(alice, 'ack_rulings', {channel: 'build', keys: ['ruling:style']})
    const bare = await call(alice, 'post_message', {channel: 'build', body: 'hello'})
    expect(JSON.parse(bare.text)).to.include({error: 400})
    expect(JSON.parse(bare.text).detail).to.match(/^'build' is a noticeboard: a new thread is a typed notice/)
    await must(alice, 'post_message', {channel: 'build', title: 'need a reviewer', body: 'parser-1', notice: {kind: 'job', key: 'review'}})
    const info = await must(alice, 'describe_channel', {channel: 'build'})
    expect(info).to.match(/^traffic_policy: noticeboard$/m)
    expect(info).to.match(/⟦AGORA:[^:]+:notices⟧[^]*"kind": ?"job"[^]*need a reviewer/)
  })
})
