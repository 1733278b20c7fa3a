import {expect} from 'chai'
import {createHub} from '@agora/hub'
import {ADMIN_KEY, TestHub} from '../helpers/hub.js'
import type {Caller} from '../helpers/hub.js'

const titled = async (op: Caller, prefix: string) => (await op.history('hub-alerts')).filter(m => m.title.startsWith(prefix))
const arm = (c: Caller) => c.ok('GET', '/owed', undefined, {'x-agora-reception': '1'})

describe('sweeps: deaf and lurk seats', () => {
  let t = 1_800_000_000
  let h: TestHub
  let alice: Caller
  let bob: Caller
  let olga: Caller
  let dave: Caller
  beforeEach(async () => {
    t = 1_800_000_000
    h = await TestHub.start({now: () => t})
    alice = await h.register('alice')
    bob = await h.register('bob')
    olga = await h.register('olga', {operator: true})
    dave = await h.register('dave')
    await h.admin.ok('PUT', '/admin/delegation', {agent_id: 'dave', powers: ['reporting'], mission: 'watch the fleet'})
    await h.channel(alice, 'room', [bob])
  })
  afterEach(async () => { await h.close() })

  it('alerts AGENT DEAF once per episode for a present seat whose reception went stale while SLA-breached work waits', async () => {
    await arm(bob)
    await alice.postMessage('room', {status: 'open', title: 'review please', to: ['bob']})
    t += 3000
    await bob.ok('GET', '/whoami')
    expect((await h.hub.runSweeps(['deaf'])).results.deaf).to.deep.equal([])
    t += 900
    await bob.ok('GET', '/whoami')
    expect((await h.hub.runSweeps(['deaf'])).results.deaf).to.deep.equal(['bob'])
    expect((await h.hub.runSweeps(['deaf'])).results.deaf).to.deep.equal([])
    const alerts = await titled(olga, 'AGENT DEAF')
    expect(alerts).to.have.length(1)
    expect(alerts[0]).to.include({sender: 'hub', kind: 'system', status: 'fyi'})
    expect(alerts[0].to).to.deep.equal(['dave'])
    expect((await dave.owed()).to_answer).to.deep.equal([])
  })

  it('never calls a seat deaf whose reception heartbeat is unknown (never armed)', async () => {
    await alice.postMessage('room', {status: 'open', title: 'review please', to: ['bob']})
    t += 3 * 3600
    await bob.ok('GET', '/whoami')
    expect((await h.hub.runSweeps(['deaf'])).results.deaf).to.deep.equal([])
  })

  it('alerts AGENT LURKING only after unread escalated debts past 2×SLA stay so for 600 s, and ends the episode on a read', async () => {
    const q = await alice.postMessage('room', {status: 'open', title: 'review please', to: ['bob']})
    t += 121 * 60
    await arm(bob)
    expect((await h.hub.runSweeps(['lurk'])).results.lurk).to.deep.equal([])
    t += 599
    await arm(bob)
    expect((await h.hub.runSweeps(['lurk'])).results.lurk).to.deep.equal([])
    t += 1
    await arm(bob)
    expect((await h.hub.runSweeps(['lurk'])).results.lurk).to.deep.equal(['bob'])
    expect((await h.hub.runSweeps(['lurk'])).results.lurk).to.deep.equal([])
    expect(await titled(olga, 'AGENT LURKING')).to.have.length(1)
    await bob.ok('GET', `/channels/room/messages/${q.id}`)
    t += 700
    await arm(bob)
    expect((await h.hub.runSweeps(['lurk'])).results.lurk).to.deep.equal([])
    expect(await titled(olga, 'AGENT LURKING')).to.have.length(1)
  })

  it('publishes nothing while paused: every sweep but the pause reminder reports skipped', async () => {
    await alice.postMessage('room', {status: 'open', title: 'review please', to: ['bob']})
    t += 3 * 3600
    await h.admin.ok('PUT', '/admin/pause', {reason: 'maintenance'})
    const before = (await olga.history('hub-alerts')).length
    const r = await h.hub.runSweeps()
    expect(r.paused).to.equal(true)
    for (const [name, result] of Object.entries(r.results)) {
      expect(result, name).to.equal(name === 'pause_reminder' ? result : 'skipped: paused')
    }
    expect(r.results.pause_reminder).to.deep.equal([])
    expect((await olga.history('hub-alerts')).length).to.equal(before)
  })

  it('runs no sweep on a process that is not the leader', async () => {
    let leader = false
    const other = await TestHub.start({now: () => t, isLeader: async () => leader})
    try {
      const r = await other.hub.runSweeps()
      expect(r).to.include({ran: false, reason: 'not-leader'})
      expect(r.results).to.deep.equal({})
      leader = true
      expect((await other.hub.runSweeps()).ran).to.equal(true)
    } finally { await other.close() }
  })

  it('refuses an isLeader that is not a function and a non-positive pass budget', async () => {
    await Promise.all([
      createHub({db: ':memory:', port: 0, adminKey: ADMIN_KEY, isLeader: true as never}).then(() => { throw new Error('accepted') },
        (e: Error) => expect(e.message).to.contain("'isLeader' must be an async function")),
      createHub({db: ':memory:', port: 0, adminKey: ADMIN_KEY, sweepBudgetMs: 0}).then(() => { throw new Error('accepted') },
        (e: Error) => expect(e.message).to.contain("'sweepBudgetMs' must be a positive number")),
    ])
  })
})
