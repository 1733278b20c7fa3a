import {expect} from 'chai'
import {leaseCase} from './requests-leases.js'
import {runCase} from './run.js'
import {check, World} from './world.js'

describe('fuzz: workspace leases (take, renew, release, check, list) under hostile input', function () {
  this.timeout(300_000)
  let w: World
  // The hub's clock runs 20 times faster than the wall's, so 10 s leases lapse while the run goes on (a run takes seconds).
  before(async () => {
    const t0 = Date.now() / 1000
    w = await World.start({now: () => t0 + (Date.now() / 1000 - t0) * 20})
  })
  after(async () => { await w?.close() })

  it('answers every generated request below 500, changes no row when it refuses (a conflict included, with lapsed leases about), and writes only ledger turns whose hash recomputes', async () => {
    await check(leaseCase, 300, (c) => runCase(w, c))
  })

  it('leaves every channel ledger verified by the hub, @agora/protocol and the tests\' own verifier', async () => {
    const {checked} = await w.verifyAllLedgers()
    expect(checked).to.be.at.least(3)
  })
})
