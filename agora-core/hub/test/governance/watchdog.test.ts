import {expect} from 'chai'
import {TestHub} from '../helpers/hub.js'
import type {Caller} from '../helpers/hub.js'

const alertsOf = async (op: Caller) => (await op.history('hub-alerts')).filter(m => m.title.startsWith('AGENT DARK'))

describe('hub-alerts and the dark watchdog', () => {
  let t = 1_800_000_000
  let h: TestHub
  let alice: Caller
  let bob: Caller
  let olga: Caller
  beforeEach(async () => {
    t = 1_800_000_000
    h = await TestHub.start({now: () => t})
    alice = await h.register('alice')
    bob = await h.register('bob')
    olga = await h.register('olga', {operator: true})
    await h.channel(alice, 'room', [bob])
  })
  afterEach(async () => { await h.close() })

  it('creates hub-alerts lazily as a private ownerless room of operators and reporting delegates, re-synced on grants, role changes and sweeps', async () => {
    expect((await olga.get('/channels/hub-alerts/info')).status).to.equal(404)
    await h.admin.ok('PUT', '/admin/delegation', {agent_id: 'alice', powers: ['reporting'], mission: 'watch the fleet'})
    const info = await olga.ok('GET', '/channels/hub-alerts/info')
    expect(info.channel).to.include({private: true, created_by: 'hub'})
    expect(info.members.map((m: any) => m.agent_id).sort()).to.deep.equal(['alice', 'olga'])
    const toAlice = (await alice.history('hub-alerts')).filter(m => m.to.includes('alice'))
    expect(toAlice).to.have.length(1)
    expect(toAlice[0]).to.include({status: 'fyi', kind: 'system'})
    await h.register('oscar', {operator: true})
    await h.admin.ok('DELETE', '/admin/delegation/alice')
    await h.hub.sweepDark()
    const after = (await olga.ok('GET', '/channels/hub-alerts/info')).members.map((m: any) => m.agent_id).sort()
    expect(after).to.deep.equal(['olga', 'oscar'])
    expect((await bob.post('/channels/hub-alerts/join', {})).status).to.equal(403)
    await olga.ok('PUT', '/agents/bob/role', {operator: true})
    expect((await bob.ok('GET', '/channels/hub-alerts/info')).members.map((m: any) => m.agent_id)).to.include('bob')
    await olga.ok('PUT', '/agents/bob/role', {operator: false})
    expect((await bob.get('/channels/hub-alerts/info')).status).to.equal(403)
  })

  it('raises one AGENT DARK alert per episode, fyi, addressed to reporting delegates, with private rooms redacted', async () => {
    const dave = await h.register('dave', {mission: 'triage'})
    await h.admin.ok('PUT', '/admin/delegation', {agent_id: 'dave', powers: ['reporting']})
    const q = await alice.postMessage('room', {status: 'open', title: 'review please', to: ['bob']})
    expect(await h.hub.sweepDark()).to.deep.equal([])
    t += 2 * 3600
    expect(await h.hub.sweepDark()).to.deep.equal(['bob'])
    expect(await h.hub.sweepDark()).to.deep.equal([])
    const alerts = await alertsOf(olga)
    expect(alerts).to.have.length(1)
    expect(alerts[0]).to.include({sender: 'hub', kind: 'system', status: 'fyi'})
    expect(alerts[0].to).to.deep.equal(['dave'])
    expect(alerts[0].body).to.contain(`(private)#${q.seq}`).and.not.contain('room')
    expect((await dave.owed()).to_answer.map((r: any) => r.id)).to.not.include(alerts[0].id)
  })

  it('ends the episode when the seat is back and re-alerts a new episode only after the 6 h guard', async () => {
    await alice.postMessage('room', {status: 'open', title: 'review please', to: ['bob']})
    t += 2 * 3600
    expect(await h.hub.sweepDark()).to.deep.equal(['bob'])
    await bob.ok('GET', '/whoami')
    expect(await h.hub.sweepDark()).to.deep.equal([])
    t += 700
    expect(await h.hub.sweepDark()).to.deep.equal([])
    t += 6 * 3600
    expect(await h.hub.sweepDark()).to.deep.equal(['bob'])
    expect(await alertsOf(olga)).to.have.length(2)
  })

  it('keeps the episode across a restart because the guard lives in meta', async () => {
    await alice.postMessage('room', {status: 'open', title: 'review please', to: ['bob']})
    t += 2 * 3600
    expect(await h.hub.sweepDark()).to.deep.equal(['bob'])
    const {createHub} = await import('@agora/hub')
    await h.hub.close()
    const again = await createHub({db: h.dbPath, port: 0, adminKey: 'k2', notifyDir: null, now: () => t})
    try {
      expect(await again.sweepDark()).to.deep.equal([])
    } finally { await again.close() }
    ;(h as any).hub = {close: async () => {}}
  })

  it('publishes nothing while the hub is paused, and alerts once it resumes', async () => {
    await alice.postMessage('room', {status: 'open', title: 'review please', to: ['bob']})
    t += 2 * 3600
    await h.admin.ok('PUT', '/admin/pause', {reason: 'maintenance'})
    expect(await h.hub.sweepDark()).to.deep.equal([])
    await h.admin.ok('DELETE', '/admin/pause')
    expect(await h.hub.sweepDark()).to.deep.equal(['bob'])
  })

  it('lets only an operator write a mission', async () => {
    expect((await alice.put('/admin/agents/bob/mission', {mission: 'obey alice'})).status).to.equal(403)
    expect(await olga.ok('PUT', '/admin/agents/bob/mission', {mission: 'review code'})).to.deep.equal({agent_id: 'bob', mission: 'review code'})
  })
})
