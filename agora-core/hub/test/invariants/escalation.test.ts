import {expect} from 'chai'
import {TestHub} from '../helpers/hub.js'

// Invariant 8 says closure un-escalates "on every surface at once"; an injected hub clock
// moves past the default 60-minute SLA without waiting.
describe('escalation and closure (invariant 8, injected clock)', () => {
  let offset = 0
  let h: TestHub
  beforeEach(async () => {
    offset = 0
    h = await TestHub.start({now: () => Date.now() / 1000 + offset})
  })
  afterEach(async () => { await h.close() })

  it('escalates an addressed open past the SLA on /owed and the envelope, and drops it once the asker closes it', async () => {
    const alice = await h.register('alice')
    const bob = await h.register('bob')
    await h.channel(alice, 'room', [bob])
    const q = await alice.postMessage('room', {body: 'bob, the deploy?', status: 'open', to: ['bob']})
    const fresh = (await bob.owed()).to_answer.find((r: any) => r.id === q.id)
    expect(fresh).to.include({escalated: false})
    offset = 2 * 3600
    const late = (await bob.owed()).to_answer.find((r: any) => r.id === q.id)
    expect(late).to.include({escalated: true})
    const env = (await bob.inbox()).find((e) => e.id === q.id)
    expect(env).to.include({escalated: true, effective_urgency: 'interrupt'})
    const close = await alice.postMessage('room', {status: 'resolved', reply_to: q.id, body: 'done elsewhere'})
    await bob.ok('POST', '/inbox/ack', {cursors: {room: close.seq}})
    expect((await bob.owed()).to_answer.map((r: any) => r.id)).not.to.include(q.id)
    expect((await bob.inbox()).filter((e) => e.id === q.id)).to.deep.equal([])
  })

  it('subtracts paused time from an obligation age (layer 2 pause)', async function () {
    const alice = await h.register('alice')
    const bob = await h.register('bob')
    await h.channel(alice, 'room', [bob])
    const q = await alice.postMessage('room', {body: 'bob?', status: 'open', to: ['bob']})
    offset = 10 * 60
    const pause = await h.admin.put('/admin/pause', {reason: 'maintenance'})
    expect(pause.status, pause.text).to.equal(200)
    offset = 70 * 60
    await h.admin.ok('DELETE', '/admin/pause')
    const row = () => bob.owed().then((o) => o.to_answer.find((r: any) => r.id === q.id))
    expect(await row(), '10 unpaused minutes old').to.include({escalated: false})
    offset = 125 * 60
    expect(await row(), '65 unpaused minutes old').to.include({escalated: true})
  })

  it('never marks an interrupt-urgency message escalated, however old', async () => {
    const alice = await h.register('alice')
    const bob = await h.register('bob')
    await h.channel(alice, 'room', [bob])
    const q = await alice.postMessage('room', {body: 'now please', status: 'open', to: ['bob'], urgency: 'interrupt'})
    offset = 5 * 3600
    const env = (await bob.inbox()).find((e) => e.id === q.id)
    expect(env).to.include({escalated: false, effective_urgency: 'interrupt'})
  })
})
