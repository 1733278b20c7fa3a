import {expect} from 'chai'
import {mkdtempSync, readFileSync, rmSync} from 'node:fs'
import {tmpdir} from 'node:os'
import {join} from 'node:path'
import {createHub} from '@agora/hub'
import {TestHub} from '../helpers/hub.js'
import type {Caller} from '../helpers/hub.js'

describe('sweeps: escalation re-wake and dropped-wake re-emit', () => {
  let t = 1_800_000_000
  let h: TestHub
  let notifyDir: string
  let alice: Caller
  let bob: Caller
  const lines = () => readFileSync(join(notifyDir, 'bob-inbox.log'), 'utf8').trim().split('\n').map(l => JSON.parse(l))
  beforeEach(async () => {
    t = 1_800_000_000
    notifyDir = mkdtempSync(join(tmpdir(), 'agora-wakes-'))
    h = await TestHub.start({now: () => t, notifyDir})
    alice = await h.register('alice')
    bob = await h.register('bob')
    await h.channel(alice, 'room', [bob])
  })
  afterEach(async () => {
    await h.close()
    rmSync(notifyDir, {recursive: true, force: true})
  })

  it('re-emits a debt’s notify line once as its age crosses 1×, 2× and 4× the SLA, with the escalated flag', async () => {
    const q = await alice.postMessage('room', {status: 'open', title: 'review please', to: ['bob']})
    const wakes = async () => (await h.hub.runSweeps(['wakes'])).results.wakes
    expect(await wakes()).to.deep.equal([])
    t += 61 * 60
    expect(await wakes()).to.deep.equal([`bob:${q.id}:band1x`])
    expect(await wakes()).to.deep.equal([])
    t += 60 * 60
    expect(await wakes()).to.deep.equal([`bob:${q.id}:band2x`])
    t += 120 * 60
    expect(await wakes()).to.deep.equal([`bob:${q.id}:band4x`])
    t += 24 * 3600
    expect(await wakes()).to.deep.equal([])
    const mine = lines().filter(l => l.id === q.id)
    expect(mine).to.have.length(4)
    expect(mine[0].flags).to.equal('to-me,addressed,open')
    for (const l of mine.slice(1)) expect(l.flags).to.equal('escalated,to-me,addressed,open')
  })

  it('re-emits an unread debt once, 30 s after it was posted, only while the seat’s reception is armed', async () => {
    await bob.ok('GET', '/owed', undefined, {'x-agora-reception': '1'})
    const q = await alice.postMessage('room', {status: 'open', title: 'look', to: ['bob']})
    t += 29
    expect((await h.hub.runSweeps(['wakes'])).results.wakes).to.deep.equal([])
    t += 1
    expect((await h.hub.runSweeps(['wakes'])).results.wakes).to.deep.equal([`bob:${q.id}:dropped`])
    expect((await h.hub.runSweeps(['wakes'])).results.wakes).to.deep.equal([])
    expect(lines().filter(l => l.id === q.id)).to.have.length(2)
    const read = await alice.postMessage('room', {status: 'open', title: 'second', to: ['bob']})
    await bob.ok('GET', `/channels/room/messages/${read.id}`)
    t += 60
    expect((await h.hub.runSweeps(['wakes'])).results.wakes).to.deep.equal([])
  })

  it('does not re-emit a band again after a restart, because the band record lives in meta', async () => {
    const q = await alice.postMessage('room', {status: 'open', title: 'review please', to: ['bob']})
    t += 61 * 60
    expect((await h.hub.runSweeps(['wakes'])).results.wakes).to.deep.equal([`bob:${q.id}:band1x`])
    await h.hub.close()
    const again = await createHub({db: h.dbPath, port: 0, adminKey: 'k2', notifyDir, now: () => t})
    try {
      expect((await again.runSweeps(['wakes'])).results.wakes).to.deep.equal([])
      t += 60 * 60
      expect((await again.runSweeps(['wakes'])).results.wakes).to.deep.equal([`bob:${q.id}:band2x`])
    } finally { await again.close() }
    ;(h as any).hub = {close: async () => {}}
  })

  it('drops the record of a debt once the asker closes it', async () => {
    const q = await alice.postMessage('room', {status: 'open', title: 'review please', to: ['bob']})
    t += 61 * 60
    await h.hub.runSweeps(['wakes'])
    await bob.postMessage('room', {status: 'reply', reply_to: q.id, body: 'done'})
    await alice.postMessage('room', {status: 'resolved', reply_to: q.id, body: 'thanks'})
    t += 24 * 3600
    expect((await h.hub.runSweeps(['wakes'])).results.wakes).to.deep.equal([])
  })
})
