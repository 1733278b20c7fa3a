import {expect} from 'chai'
import {TestHub} from '../helpers/hub.js'
import type {Caller} from '../helpers/hub.js'
import {the} from '../../../../test/helpers/present.js'

describe('sweeps: retirement proposal and pause reminder', () => {
  let t = 1_800_000_000
  let h: TestHub
  let alice: Caller
  let bob: Caller
  let olga: Caller
  const titled = async (prefix: string) => (await olga.history('hub-alerts')).filter(m => m.title.startsWith(prefix))
  beforeEach(async () => {
    t = 1_800_000_000
    h = await TestHub.start({now: () => t})
    alice = await h.register('alice')
    bob = await h.register('bob')
    olga = await h.register('olga', {operator: true})
    await h.channel(alice, 'room', [bob])
  })
  afterEach(async () => { await h.close() })

  it('proposes retiring a seat whose dark episode is still open 7 days after its alert, once', async () => {
    await alice.postMessage('room', {status: 'open', title: 'review please', to: ['bob']})
    t += 2 * 3600
    let r = await h.hub.runSweeps()
    expect(r.results.dark).to.deep.equal(['bob'])
    expect(r.results.retire).to.deep.equal([])
    t += 7 * 86400 - 1
    expect((await h.hub.runSweeps()).results.retire).to.deep.equal([])
    t += 1
    await alice.ok('GET', '/whoami')
    r = await h.hub.runSweeps()
    expect(r.results.retire).to.deep.equal(['bob'])
    expect((await h.hub.runSweeps()).results.retire).to.deep.equal([])
    const [p] = await titled('RETIRE PROPOSAL')
    expect(p.body).to.match(/^RETIRE PROPOSAL: bob has been dark with escalated debts for 7 days/)
    expect(p.status).to.equal('fyi')
  })

  it('reminds hub-alerts every 24 h while a pause lasts, and is the only sweep that runs while paused', async () => {
    await h.admin.ok('PUT', '/admin/pause', {reason: 'upgrade'})
    t += 24 * 3600 - 1
    expect((await h.hub.runSweeps()).results.pause_reminder).to.deep.equal([])
    t += 1
    const r = await h.hub.runSweeps()
    expect(r.results.pause_reminder).to.deep.equal(['pause'])
    expect(r.results.dark).to.equal('skipped: paused')
    expect((await h.hub.runSweeps()).results.pause_reminder).to.deep.equal([])
    t += 24 * 3600
    expect((await h.hub.runSweeps()).results.pause_reminder).to.deep.equal(['pause'])
    const reminders = await titled('HUB PAUSED')
    expect(reminders.map(m => m.body)).to.deep.equal([
      'HUB PAUSED for 24 h by operator: upgrade; resume it with agora resume when the reason is gone',
      'HUB PAUSED for 48 h by operator: upgrade; resume it with agora resume when the reason is gone',
    ])
    await h.admin.ok('DELETE', '/admin/pause')
    t += 48 * 3600
    expect((await h.hub.runSweeps()).results.pause_reminder).to.deep.equal([])
  })

  it('bounds a pass: with a tiny budget each seat walk visits one seat per pass and the next pass resumes after it', async () => {
    const small = await TestHub.start({now: () => t, sweepBudgetMs: 0.000001})
    try {
      const a = await small.register('a')
      const seats = [await small.register('b'), await small.register('c')]
      await small.channel(a, 'r', seats)
      await a.postMessage('r', {status: 'open', title: 'q', to: ['b', 'c']})
      t += 61 * 60
      const seen: string[] = []
      for (let i = 0; i < 3; i++) {
        const r = await small.hub.runSweeps(['wakes'])
        expect(r.truncated).to.equal(true)
        seen.push(...(r.results.wakes as string[]).map(x => the(x.split(':'), 0)))
      }
      expect(seen.sort()).to.deep.equal(['b', 'c'])
    } finally { await small.close() }
  })
})
