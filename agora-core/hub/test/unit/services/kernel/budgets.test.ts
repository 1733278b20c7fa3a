import {expect} from 'chai'
import {Budgets} from '../../../../src/services/kernel/budgets.js'
import {RateLimited, retryAfterSeconds} from '../../../../src/errors.js'

describe('Budgets', () => {
  it('allows a burst of 20 then refills at rate/60 per second', () => {
    let t = 1000
    const b = new Budgets(60, () => t, {perMinute: 120, burst: 40})
    for (let i = 0; i < 20; i++) {
      expect(b.postingWait('a')).to.equal(0)
      b.takePostingToken('a')
    }
    expect(b.postingWait('a')).to.be.closeTo(1, 1e-9)
    t += 0.5
    expect(b.postingWait('a')).to.be.closeTo(0.5, 1e-9)
    t += 0.5
    expect(b.postingWait('a')).to.equal(0)
    expect(b.postingWait('other')).to.equal(0)
  })

  it('budgets 6 interrupts and 5 criticals per rolling hour', () => {
    let t = 0
    const b = new Budgets(60, () => t, {perMinute: 120, burst: 40})
    for (let i = 0; i < 6; i++) b.spendInterrupt('a')
    expect(b.interruptAvailable('a')).to.equal(false)
    for (let i = 0; i < 5; i++) b.spendCritical('a')
    expect(b.criticalAvailable('a')).to.equal(false)
    t += 3601
    expect(b.interruptAvailable('a')).to.equal(true)
    expect(b.criticalAvailable('a')).to.equal(true)
  })

  it('refuses a write past the write burst with a RateLimited that rounds the wait up', () => {
    let t = 0
    const b = new Budgets(60, () => t, {perMinute: 40, burst: 3})
    for (let i = 0; i < 3; i++) {
      b.requireWriteToken('a')
      b.takeWriteToken('a')
    }
    let err: unknown
    try { b.requireWriteToken('a') } catch (e) { err = e }
    expect(err).to.be.instanceOf(RateLimited)
    expect(err).to.include({status: 429, retryAfter: 2})
    expect(b.postingWait('a')).to.equal(0)
    t += 1.5
    expect(() => b.requireWriteToken('a')).to.not.throw()
  })

  it('counts the critical wait to when the oldest critical leaves the hour', () => {
    let t = 100
    const b = new Budgets(60, () => t, {perMinute: 120, burst: 40})
    for (let i = 0; i < 5; i++) { b.spendCritical('a'); t += 60 }
    expect(b.criticalWait('a')).to.equal(3600 - 300)
    expect(retryAfterSeconds(0.2)).to.equal(1)
    expect(retryAfterSeconds(59.01)).to.equal(60)
  })
})
