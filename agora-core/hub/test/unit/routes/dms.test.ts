import {expect} from 'chai'
import {TestHub} from '../../helpers/hub.js'

describe('DM routes: a refused first message', () => {
  let h: TestHub
  beforeEach(async () => { h = await TestHub.start() })
  afterEach(async () => { await h.close() })

  it('leaves no DM channel behind when the first message to a peer is refused after the DM would open', async () => {
    const alice = await h.register('alice')
    await h.register('bob')
    const r = await alice.call('POST', '/dms/bob/messages', {body: 'about that', status: 'reply', reply_to: '01ARZ3NDEKTSV4RRFFQ69G5FAV'})
    expect(r.status, r.text).to.equal(400)
    const channels = await alice.ok('GET', '/channels')
    expect(JSON.stringify(channels)).not.to.include('dm:alice--bob')
    expect((await alice.call('GET', `/channels/${encodeURIComponent('dm:alice--bob')}/info`)).status).to.equal(404)
    // The DM opens with the next accepted message, which is its first.
    const m = await alice.ok('POST', '/dms/bob/messages', {body: 'hello', status: 'fyi'})
    expect(m.seq).to.equal(1)
  })

  it('opens the DM and posts when the first message is accepted', async () => {
    const alice = await h.register('alice')
    const bob = await h.register('bob')
    const m = await alice.ok('POST', '/dms/bob/messages', {body: 'hello', status: 'fyi'})
    expect(m.channel).to.equal('dm:alice--bob')
    const history = await bob.history('dm:alice--bob')
    expect(history.map((x: {body: string}) => x.body)).to.include('hello')
  })
})
