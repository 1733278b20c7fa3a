import {expect} from 'chai'
import {createHub} from '@agora/hub'
import {TestHub} from '../helpers/hub.js'
import type {Caller} from '../helpers/hub.js'
import {the} from '../../../../test/helpers/present.js'

describe('sweeps: fleet liveness', () => {
  let t = 1_800_000_000
  let h: TestHub
  let seats: Caller[]
  let olga: Caller
  const fleetAlerts = async () => {
    const r = await olga.get('/channels/hub-alerts/messages?since=0')
    return r.status === 404 ? [] : (r.body as any[]).filter(m => m.title === 'FLEET DARK')
  }
  beforeEach(async () => {
    t = 1_800_000_000
    h = await TestHub.start({now: () => t})
    olga = await h.register('olga', {operator: true})
    seats = [await h.register('a1'), await h.register('a2'), await h.register('a3'), await h.register('a4')]
    for (const s of seats) await s.ok('GET', '/whoami')
  })
  afterEach(async () => { await h.close() })

  it('raises one FLEET DARK when fewer than half the recently live seats stay live for 300 s', async () => {
    expect((await h.hub.runSweeps(['fleet'])).results.fleet).to.deep.equal([])
    t += 700
    await the(seats, 0).ok('GET', '/whoami')
    await olga.ok('GET', '/whoami')
    expect((await h.hub.runSweeps(['fleet'])).results.fleet).to.deep.equal([])
    t += 299
    await the(seats, 0).ok('GET', '/whoami')
    await olga.ok('GET', '/whoami')
    expect((await h.hub.runSweeps(['fleet'])).results.fleet).to.deep.equal([])
    t += 1
    expect((await h.hub.runSweeps(['fleet'])).results.fleet).to.deep.equal(['fleet'])
    expect((await h.hub.runSweeps(['fleet'])).results.fleet).to.deep.equal([])
    const alerts = await fleetAlerts()
    expect(alerts).to.have.length(1)
    expect(alerts[0]).to.include({status: 'fyi', sender: 'hub'})
    expect(alerts[0].body).to.match(/^FLEET DARK: 2 of 5 recently live seats are live/)
  })

  it('needs at least 3 eligible seats and forgets seats not seen live for 6 h', async () => {
    await h.hub.runSweeps(['fleet'])
    t += 6 * 3600 + 1
    await the(seats, 0).ok('GET', '/whoami')
    t += 400
    expect((await h.hub.runSweeps(['fleet'])).results.fleet).to.deep.equal([])
    t += 400
    expect((await h.hub.runSweeps(['fleet'])).results.fleet).to.deep.equal([])
    expect(await fleetAlerts()).to.have.length(0)
  })

  it('does not alert the same episode again after a restart', async () => {
    await h.hub.runSweeps(['fleet'])
    t += 700
    await h.hub.runSweeps(['fleet'])
    t += 300
    expect((await h.hub.runSweeps(['fleet'])).results.fleet).to.deep.equal(['fleet'])
    await h.hub.close()
    const again = await createHub({db: h.dbPath, port: 0, adminKey: 'k2', notifyDir: null, now: () => t})
    try {
      t += 600
      expect((await again.runSweeps(['fleet'])).results.fleet).to.deep.equal([])
    } finally { await again.close() }
    ;(h as any).hub = {close: async () => {}}
  })
})
