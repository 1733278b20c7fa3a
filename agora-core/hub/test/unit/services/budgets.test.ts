import {expect} from 'chai'
import {Budgets} from '../../../src/services/budgets.js'

describe('Budgets', () => {
  it('allows a burst of 20 then refills at rate/60 per second', () => {
    let t = 1000
    const b = new Budgets(60, () => t)
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
    const b = new Budgets(60, () => t)
    for (let i = 0; i < 6; i++) b.spendInterrupt('a')
    expect(b.interruptAvailable('a')).to.equal(false)
    for (let i = 0; i < 5; i++) b.spendCritical('a')
    expect(b.criticalAvailable('a')).to.equal(false)
    t += 3601
    expect(b.interruptAvailable('a')).to.equal(true)
    expect(b.criticalAvailable('a')).to.equal(true)
  })
})
