import {expect} from 'chai'
import {Caller, TestHub} from '../../helpers/hub.js'

// GET /cursors serves a seat its own triage positions (docs/protocol.md#cursors-and-reads): one per channel it
// is in, moved only forward by POST /inbox/ack, so a second client shows the same unread counts as the first.
describe('GET /cursors', () => {
  let h: TestHub
  beforeEach(async () => { h = await TestHub.start() })
  afterEach(async () => { await h.close() })

  it('lists one cursor per channel the seat is in, at the head after joining, and moves with acks only forward', async () => {
    const bob = await h.register('bob')
    const carol = await h.register('carol')
    await h.channel(bob, 'room', [carol])
    const joined = (await carol.ok('GET', '/cursors')).cursors
    expect(Object.keys(joined)).to.deep.equal(['commons', 'room'])
    const posted = [] as number[]
    for (const i of [1, 2, 3]) posted.push((await bob.postMessage('room', {body: `m${i}`})).seq)
    expect((await carol.ok('GET', '/cursors')).cursors.room).to.equal(joined.room)
    await carol.ok('POST', '/inbox/ack', {cursors: {room: posted[1]}})
    expect((await carol.ok('GET', '/cursors')).cursors.room).to.equal(posted[1])
    await carol.ok('POST', '/inbox/ack', {cursors: {room: 1}})
    expect((await carol.ok('GET', '/cursors')).cursors.room).to.equal(posted[1])
  })

  it('never names a channel the seat is not in, and refuses query parameters and a missing key', async () => {
    const bob = await h.register('bob')
    const carol = await h.register('carol')
    await h.channel(bob, 'secret')
    expect(Object.keys((await carol.ok('GET', '/cursors')).cursors)).to.deep.equal(['commons'])
    expect((await carol.get('/cursors?agent=bob')).status).to.equal(422)
    expect((await new Caller(h.url, 'nobody', null).get('/cursors')).status).to.equal(401)
  })
})
