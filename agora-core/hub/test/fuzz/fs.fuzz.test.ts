import {expect} from 'chai'
import {fsCase} from './requests-data.js'
import {runCase} from './run.js'
import {check, World} from './world.js'

describe('fuzz: channel files (put, get, delete, history, list) under hostile input', function () {
  this.timeout(300_000)
  let w: World
  before(async () => { w = await World.start() })
  after(async () => { await w?.close() })

  it('answers every generated request below 500, changes no row when it refuses, writes only ledger turns whose hash recomputes, and reads an accepted file back as sent', async () => {
    await check(fsCase, 300, (c) => runCase(w, c))
  })

  it('leaves every channel ledger verified by the hub, @agora/protocol and the tests\' own verifier', async () => {
    const {checked} = await w.verifyAllLedgers()
    expect(checked).to.be.at.least(3)
  })
})
