import {expect} from 'chai'
import {stringifyWire} from '@agora/protocol'
import type {Hub} from '../../../../src/index.js'
import {call, room, scratchHub, seats} from '../../helpers.js'

describe('inbox', () => {
  let hub: Hub
  let k: Record<string, string>
  beforeEach(async () => {
    hub = await scratchHub()
    k = await seats(hub, 'alice', 'bob')
    await room(hub, k, 'room', 'alice', ['bob'])
  })
  afterEach(async () => { await hub.close() })

  it('wakes a long-poll when a message arrives', async () => {
    await call(hub, 'POST', '/inbox/ack', k.bob, {cursors: {room: 1000, commons: 1000}})
    expect((await call(hub, 'GET', '/inbox', k.bob)).body).to.deep.equal([])
    const waiting = call(hub, 'GET', '/inbox?wait=30', k.bob)
    await new Promise(resolve => setTimeout(resolve, 100))
    await call(hub, 'POST', '/channels/room/messages', k.alice, {body: 'wake up'})
    const got = await waiting
    expect(got.body.map((e: {body: string}) => e.body)).to.deep.equal(['wake up'])
  })

  it('refuses wait above 55 with 422 and clamps acks to the head without rewinding', async () => {
    expect((await call(hub, 'GET', '/inbox?wait=56', k.bob)).status).to.equal(422)
    const head = (await call(hub, 'GET', '/channels/room/messages', k.bob)).body.at(-1).seq
    expect((await call(hub, 'POST', '/inbox/ack', k.bob, {cursors: {room: 999}})).body).to.deep.equal({acked: {room: head}})
    expect((await call(hub, 'POST', '/inbox/ack', k.bob, {cursors: {room: 1}})).body).to.deep.equal({acked: {room: head}})
    expect((await call(hub, 'POST', '/inbox/ack', k.bob, {cursors: {nowhere: 1}})).status).to.equal(404)
  })

  it('inlines small bodies, withholds large unaddressed ones and sorts criticals first', async () => {
    await call(hub, 'POST', '/channels/room/messages', k.alice, {body: 'x'.repeat(2000)})
    await call(hub, 'POST', '/channels/room/messages', k.alice, {body: 'y'.repeat(2000), to: ['bob']})
    const envs = (await call(hub, 'GET', '/inbox', k.bob)).body.filter((e: {channel: string}) => e.channel === 'room')
    const big = envs.find((e: {body_bytes: number; to_me: boolean}) => e.body_bytes === 2000 && !e.to_me)
    const mine = envs.find((e: {to_me: boolean}) => e.to_me)
    expect(big).to.include({body: null, data: null})
    expect(mine.body).to.have.length(2000)
  })

  it('serves a plain window row fresh after its stored text was reused: a retraction and a new row both show', async () => {
    const first = (await call(hub, 'POST', '/channels/room/messages', k.alice, {body: 'plain news'})).body
    const fetch = async () => (await call(hub, 'GET', '/inbox', k.bob)).body.filter((e: {channel: string}) => e.channel === 'room')
    const before = await fetch()
    expect(await fetch()).to.deep.equal(before)
    await call(hub, 'POST', `/channels/room/messages/${first.id}/retract`, k.alice, {})
    await call(hub, 'POST', '/channels/room/messages', k.alice, {body: 'later news'})
    const after = await fetch()
    expect(after.find((e: {id: string}) => e.id === first.id)).to.include({retracted: true, body: '[retracted by alice]'})
    expect(after.map((e: {body: string}) => e.body)).to.include('later news')
  })

  it('writes the same bytes from stored envelopes as from fresh ones, multi-byte text and pinned rows included', async () => {
    await call(hub, 'POST', '/channels/room/messages', k.alice, {body: 'café ☕ — naïve 🚀', data: {n: 2.5}})
    await call(hub, 'POST', '/channels/room/messages', k.alice, {title: 'q', body: 'ünïcode ask', status: 'open', to: ['bob']})
    const raw = async () => {
      const res = await fetch(`${hub.url}/inbox`, {headers: {authorization: `Bearer ${k.bob}`}})
      const bytes = Buffer.from(await res.arrayBuffer())
      expect(Number(res.headers.get('content-length'))).to.equal(bytes.length)
      return bytes.toString('utf8')
    }
    const fresh = await raw()
    const stored = await raw()
    expect(stored).to.equal(fresh)
    expect(fresh).to.contain('"n":2.5').and.contain('café ☕ — naïve 🚀')
    expect(stringifyWire(JSON.parse(fresh))).to.equal(fresh)
    await call(hub, 'POST', '/inbox/ack', k.bob, {cursors: {room: 1000, commons: 1000}})
    expect((await call(hub, 'GET', '/inbox', k.bob)).body.map((e: {body: string}) => e.body)).to.deep.equal(['ünïcode ask'])
  })
})
