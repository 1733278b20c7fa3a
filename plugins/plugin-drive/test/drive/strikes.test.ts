import {expect} from 'chai'

import {StrikeLedger} from '../../src/drive/strikes.js'

describe('StrikeLedger', () => {
  it('counts strikes per row version and reports a retired version at three', () => {
    const ledger = new StrikeLedger()
    expect(ledger.add('build/claim:a@1', 0)).to.equal(1)
    expect(ledger.add('build/claim:a@1', 10)).to.equal(2)
    expect(ledger.add('build/claim:a@2', 10)).to.equal(1)
    expect(ledger.anyRetired()).to.equal(false)
    expect(ledger.add('build/claim:a@1', 20)).to.equal(3)
    expect(ledger.anyRetired()).to.equal(true)
  })

  it('expires a version an hour after its last strike, not its first', () => {
    const ledger = new StrikeLedger()
    ledger.add('r@1', 0)
    ledger.add('r@1', 1_800_000)
    ledger.expire(3_599_999)
    expect(ledger.get('r@1')).to.equal(2)
    ledger.expire(1_800_000 + 3_600_000)
    expect(ledger.get('r@1')).to.equal(0)
  })
})
