import {expect} from 'chai'
import {TestHub, threeSeats} from '../helpers/hub.js'

describe('channel charters, the norms_required gate and /owed.charters', () => {
  let h: TestHub
  beforeEach(async () => { h = await TestHub.start() })
  afterEach(async () => { await h.close() })

  it('refuses a post with 409 in a norms_required room until the sender reads the current charter', async () => {
    const {alice, bob} = await threeSeats(h)
    await alice.ok('PUT', '/channels/room/store/channel:meta', {value: {norms_required: true}})
    const refused = await bob.post('/channels/room/messages', {body: 'hello'})
    expect(refused.status).to.equal(409)
    expect(refused.body.detail).to.match(/charter/).and.match(/GET \/channels\/room\/charter/)
    expect((await bob.history('room')).filter(m => m.body === 'hello')).to.have.length(0)
    await bob.ok('GET', '/channels/room/charter')
    await bob.postMessage('room', {body: 'hello'})
    await alice.ok('PUT', '/channels/room/fs/channel/charter.md', {content: '# New rules\n'})
    expect((await bob.post('/channels/room/messages', {body: 'again'})).status).to.equal(409)
    await alice.postMessage('room', {body: 'writing it counts as reading it'})
  })

  it('shows a self-clearing /owed.charters row while a seat is behind, gated when the room requires it', async () => {
    const {alice, bob} = await threeSeats(h)
    await bob.ok('GET', '/charter')
    const before = (await bob.owed()).charters
    expect(before).to.deep.equal([{scope: 'room', version: 1, your_receipt: null,
      read_with: 'read_charter(channel="room") / GET /channels/room/charter', gated: false, reason: 'version'}])
    await alice.ok('PUT', '/channels/room/store/channel:meta', {value: {norms_required: true}})
    expect((await bob.owed()).charters[0]).to.include({scope: 'room', gated: true})
    await bob.ok('GET', '/channels/room/charter')
    expect((await bob.owed()).charters).to.deep.equal([])
    expect((await bob.owed()).to_answer).to.deep.equal([])
  })

  it('lists the hub charter row until it is read', async () => {
    const {bob} = await threeSeats(h)
    await bob.ok('GET', '/channels/room/charter')
    expect((await bob.owed()).charters).to.deep.equal([{scope: 'hub', version: 0, your_receipt: null,
      read_with: 'read_charter() / GET /charter', gated: false, reason: 'version'}])
    await bob.ok('GET', '/charter')
    expect((await bob.owed()).charters).to.deep.equal([])
  })

  it('serves channel charter receipts to members: the owner by writing, others by reading', async () => {
    const {alice, bob, carol} = await threeSeats(h)
    const r1 = await bob.ok('GET', '/channels/room/charter/receipts')
    expect(r1.version).to.equal(1)
    expect(r1.receipts.map((r: any) => [r.agent, r.version, r.current])).to.deep.equal([['alice', 1, true], ['bob', null, false]])
    await bob.ok('GET', '/channels/room/charter')
    await alice.ok('PUT', '/channels/room/fs/channel/charter.md', {content: '# v2\n'})
    const r2 = await alice.ok('GET', '/channels/room/charter/receipts')
    expect(r2.receipts.map((r: any) => [r.agent, r.version, r.current])).to.deep.equal([['alice', 2, true], ['bob', 1, false]])
    expect((await carol.get('/channels/room/charter/receipts')).status).to.equal(403)
    const audit = (await alice.history('room')).filter(m => m.kind === 'fs').map(m => m.title)
    expect(audit).to.deep.equal(['fs:put channel/charter.md', 'fs:put channel/charter.md'])
  })

  it('inlines the current hub charter in a channel charter read only while the reader is behind on it', async () => {
    const {bob} = await threeSeats(h)
    await h.admin.ok('PUT', '/admin/charter', {text: '# Flat\n\nOne text for all.\n'})
    expect((await bob.ok('GET', '/channels/room/charter')).hub).to.deep.equal({version: 1, text: '# Flat\n\nOne text for all.\n', sliced: false})
    await h.admin.ok('PUT', '/admin/charter', {text: '# Ours\n\n## member\nm\n\n## owner\no\n\n## delegate\nd\n\n## operator\nop\n'})
    expect((await bob.ok('GET', '/channels/room/charter')).hub).to.include({version: 2, sliced: true})
    const whole = (await bob.ok('GET', '/channels/room/charter?full=true')).hub
    expect(whole).to.include({version: 2, sliced: false})
    expect(whole.text).to.contain('## operator')
    await bob.ok('GET', '/charter')
    expect(await bob.ok('GET', '/channels/room/charter')).to.not.have.property('hub')
  })
})
