import {expect} from 'chai'
import {governanceCase} from './requests-gov.js'
import {runCase} from './run.js'
import {check, World} from './world.js'

describe('fuzz: governance (rules, charter, missions, delegations, roles, blocks, pause) under hostile input', function () {
  this.timeout(300_000)
  let w: World
  before(async () => { w = await World.start() })
  after(async () => { await w?.close() })

  it('answers every generated request below 500, changes no row when it refuses, and writes only ledger turns whose hash recomputes', async () => {
    await check(governanceCase, 250, (c) => runCase(w, c))
  })

  it('leaves every channel ledger verified by the hub, @agora/protocol and the tests\' own verifier', async () => {
    const {checked} = await w.verifyAllLedgers()
    expect(checked).to.be.at.least(3)
  })
})
