import {expect} from 'chai'
import {TestHub, threeSeats} from '../helpers/hub.js'

const SECTIONED = '# Our charter\n\nShared preamble.\n\n## member\nAnswer first.\n\n## owner\nKeep the room tidy.\n\n' +
  '## delegate\nStay in scope.\n\n## operator\nKeep the hub up.\n'
const UNSECTIONED = '# Flat charter\n\nEvery member and owner reads all of this.\n'

describe('hub charter and rules', () => {
  let h: TestHub
  beforeEach(async () => { h = await TestHub.start() })
  afterEach(async () => { await h.close() })

  it('publishes rules with growing versions and serves the full text in every whoami', async () => {
    const {bob} = await threeSeats(h)
    expect((await bob.ok('GET', '/whoami')).hub_rules.version).to.equal(0)
    expect((await h.admin.ok('GET', '/admin/rules')).text).to.match(/^Hub rules \(v0\)/)
    expect(await h.admin.ok('PUT', '/admin/rules', {text: 'Be kind.\n'})).to.include({version: 1})
    expect((await h.admin.put('/admin/rules', {text: 'Older', version: 1})).status).to.equal(409)
    expect((await h.admin.put('/admin/rules', {text: 'x'.repeat(256 * 1024 + 1)})).status).to.equal(413)
    expect((await bob.put('/admin/rules', {text: 'mine'})).status).to.equal(403)
    expect((await bob.ok('GET', '/whoami')).hub_rules).to.deep.equal({version: 1, text: 'Be kind.\n'})
    expect(await h.admin.ok('PUT', '/admin/rules', {text: 'Be brief.\n', version: 5})).to.include({version: 5})
  })

  it('refuses malformed governance bodies with 422 and changes nothing', async () => {
    for (const body of [{}, {text: 7}, {text: 'x', version: 0}, {text: 'x', extra: true}]) {
      expect((await h.admin.put('/admin/charter', body)).status, JSON.stringify(body)).to.equal(422)
      expect((await h.admin.put('/admin/rules', body)).status, JSON.stringify(body)).to.equal(422)
    }
    const bad = await h.admin.put('/admin/delegation', {agent_id: 'x', powers: []})
    expect(bad.status).to.equal(422)
    expect(bad.body.detail[0].loc).to.deep.equal(['body', 'powers'])
    expect((await h.admin.ok('GET', '/admin/charter')).version).to.equal(0)
    expect((await h.admin.ok('GET', '/admin/rules')).version).to.equal(0)
    expect((await h.admin.put('/admin/charter', {text: '   '})).status).to.equal(400)
  })

  it('reports sliceability on PUT /admin/charter and slices GET /charter by seat kind', async () => {
    const {alice, bob} = await threeSeats(h)
    const put = await h.admin.ok('PUT', '/admin/charter', {text: SECTIONED})
    expect(put).to.deep.equal({version: 1, missing_roles: [], sliceable: true, unsectioned_roles: []})
    const mine = await bob.ok('GET', '/charter')
    expect(mine).to.include({version: 1, sliced: true, current: true})
    expect(mine.view).to.deep.equal(['member'])
    expect(mine.text).to.contain('Shared preamble').and.contain('Answer first').and.not.contain('Keep the room tidy')
    expect((await alice.ok('GET', '/charter')).text).to.contain('Keep the room tidy').and.not.contain('Keep the hub up')
    expect((await bob.ok('GET', '/charter?full=true')).text).to.equal(SECTIONED)
    expect((await bob.get('/charter?full=yes')).status).to.equal(422)
    expect((await bob.get('/channels/room/charter?full=maybe')).status).to.equal(422)
    const flat = await h.admin.ok('PUT', '/admin/charter', {text: UNSECTIONED})
    expect(flat).to.deep.equal({version: 2, missing_roles: ['member', 'owner', 'delegate', 'operator'], sliceable: false,
      unsectioned_roles: ['member', 'owner']})
    expect(await bob.ok('GET', '/charter')).to.include({version: 2, sliced: false, text: UNSECTIONED})
  })

  it('keeps a version archive: history newest first down to the packaged v0, versions record nothing', async () => {
    const {bob} = await threeSeats(h)
    await h.admin.ok('PUT', '/admin/charter', {text: SECTIONED})
    await h.admin.ok('PUT', '/admin/charter', {text: UNSECTIONED})
    const hist = await bob.ok('GET', '/charter/history')
    expect(hist.map((r: any) => [r.version, r.current])).to.deep.equal([[2, true], [1, false], [0, false]])
    expect((await bob.ok('GET', '/charter/history?limit=1')).map((r: any) => r.version)).to.deep.equal([2])
    expect((await bob.ok('GET', '/charter/versions/1')).text).to.equal(SECTIONED)
    expect((await bob.ok('GET', '/charter/versions/0')).text).to.contain('Hub charter (v0)')
    expect((await bob.get('/charter/versions/9')).status).to.equal(404)
    expect((await bob.ok('GET', '/whoami')).hub_charter).to.include({version: 2, your_receipt: null, current: false})
  })

  it('points whoami at the charter and lists receipts for the admin, behind seats included', async () => {
    const {alice, bob} = await threeSeats(h)
    await h.admin.ok('PUT', '/admin/charter', {text: SECTIONED})
    await bob.ok('GET', '/charter')
    expect((await bob.ok('GET', '/whoami')).hub_charter).to.deep.equal({version: 1, your_receipt: 1, current: true,
      view: ['member'], view_current: true, read_with: 'read_charter() / GET /charter'})
    const rec = await h.admin.ok('GET', '/admin/charter/receipts')
    expect(rec.version).to.equal(1)
    const byAgent = Object.fromEntries(rec.receipts.map((r: any) => [r.agent, r]))
    expect(byAgent.bob).to.include({version: 1, view: 'member', current: true})
    expect(byAgent.alice).to.include({version: null, current: false})
    expect((await alice.get('/admin/charter/receipts')).status).to.equal(403)
    await h.admin.ok('PUT', '/admin/charter', {text: SECTIONED.replace('Answer first', 'Answer first, always')})
    expect((await bob.ok('GET', '/whoami')).hub_charter).to.include({version: 2, your_receipt: 1, current: false})
  })

  it('marks the pointer view-stale when the seat gains a kind its slice did not cover', async () => {
    const {bob} = await threeSeats(h)
    await h.admin.ok('PUT', '/admin/charter', {text: SECTIONED})
    await bob.ok('GET', '/charter')
    await bob.ok('POST', '/channels', {name: 'bobs'})
    const p = (await bob.ok('GET', '/whoami')).hub_charter
    expect(p).to.include({current: true, view_current: false})
    expect(p.view).to.deep.equal(['member', 'owner'])
    expect((await bob.owed()).charters).to.deep.include({scope: 'hub', version: 1, your_receipt: 1,
      read_with: 'read_charter() / GET /charter', gated: false, reason: 'view'})
  })
})
