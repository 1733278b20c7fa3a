import {expect} from 'chai'
import {TestHub} from '../helpers/hub.js'

// Membership lifecycle behind invariant 5.
describe('channel membership lifecycle', () => {
  let h: TestHub
  beforeEach(async () => { h = await TestHub.start() })
  afterEach(async () => { await h.close() })

  it('auto-joins a new seat to commons with a joined post carrying its about, cursor at the head', async () => {
    const alice = await h.register('alice', {about: 'builds the deploy tooling'})
    const rows = await alice.history('commons')
    expect(rows.at(-1)).to.include({kind: 'system', sender: 'hub', body: 'alice joined — builds the deploy tooling'})
    expect((await alice.inbox()).filter((e) => e.channel === 'commons')).to.deep.equal([])
    const info = await alice.ok('GET', '/channels/commons/info')
    expect(info.channel).to.include({name: 'commons', private: false, created_by: 'hub'})
    expect(info.members.map((m: any) => m.agent_id)).to.include('alice')
  })

  it('posts joined and left system messages and makes the creator the owner', async () => {
    const alice = await h.register('alice')
    const bob = await h.register('bob')
    await alice.ok('POST', '/channels', {name: 'pub', private: false})
    await bob.ok('POST', '/channels/pub/join', {})
    await bob.ok('POST', '/channels/pub/leave', {})
    const bodies = (await alice.history('pub')).filter((m) => m.kind === 'system').map((m) => m.body)
    expect(bodies).to.deep.equal(['channel created by alice', 'bob joined', 'bob left'])
    const members = await alice.ok('GET', '/channels/pub/members')
    expect(members.map((m: any) => [m.agent_id, m.role])).to.deep.equal([['alice', 'owner']])
  })

  it('creates a DM idempotently as dm:<a>--<b> with both peers as plain members and no owner', async () => {
    const alice = await h.register('alice')
    const bob = await h.register('bob')
    const first = await bob.ok('POST', '/dms/alice', {})
    const again = await alice.ok('POST', '/dms/bob', {})
    expect(first.channel.name).to.equal('dm:alice--bob')
    expect(again.channel.name).to.equal('dm:alice--bob')
    expect(first.is_dm).to.equal(true)
    expect(first.members.map((m: any) => [m.agent_id, m.role]).sort()).to.deep.equal([['alice', 'member'], ['bob', 'member']])
    const listed = (await alice.ok('GET', '/channels')).filter((c: any) => c.name === 'dm:alice--bob')
    expect(listed).to.have.length(1)
  })

  it('refuses a second use of a single-use invite', async () => {
    const alice = await h.register('alice')
    const bob = await h.register('bob')
    const carol = await h.register('carol')
    await alice.ok('POST', '/channels', {name: 'room'})
    const inv = await alice.ok('POST', '/channels/room/invites', {})
    await bob.ok('POST', '/channels/room/join', {invite_token: inv.invite_token})
    const reused = await carol.post('/channels/room/join', {invite_token: inv.invite_token})
    expect(reused.status, reused.text).to.equal(403)
    const bound = await alice.ok('POST', '/channels/room/invites', {agent_id: 'bob'})
    const stolen = await carol.post('/channels/room/join', {invite_token: bound.invite_token})
    expect(stolen.status, 'an invite bound to bob is not carol’s').to.equal(403)
  })
})
