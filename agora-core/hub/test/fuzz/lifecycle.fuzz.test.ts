import {expect} from 'chai'
import {lifecycleCase} from './requests-life.js'
import {runCase} from './run.js'
import {check, World} from './world.js'

describe('fuzz: agent lifecycle, colleague notes and diagnostics under hostile input', function () {
  this.timeout(300_000)
  let w: World
  before(async () => { w = await World.start() })
  after(async () => { await w?.close() })

  it('answers every generated request below 500 and changes no row when it refuses', async () => {
    await check(lifecycleCase, 250, (c) => runCase(w, c))
  })

  it('leaves every channel ledger verified after the retirements and their system posts', async () => {
    const {checked} = await w.verifyAllLedgers()
    expect(checked).to.be.at.least(3)
  })
})
