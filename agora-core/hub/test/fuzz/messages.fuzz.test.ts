import {expect} from 'chai'
import {messageCase} from './requests-talk.js'
import {runCase} from './run.js'
import {check, World} from './world.js'

describe('fuzz: messages (post, reply, retract, history, read, ledger) under hostile input', function () {
  this.timeout(300_000)
  let w: World
  before(async () => { w = await World.start() })
  after(async () => { await w?.close() })

  it('answers every generated request below 500, changes no row when it refuses, writes only ledger turns whose hash recomputes, and serves an accepted post as hashed', async () => {
    await check(messageCase, 300, (c) => runCase(w, c))
  })

  it('leaves every channel ledger verified by the hub, @agora/protocol and the tests\' own verifier', async () => {
    const {checked} = await w.verifyAllLedgers()
    expect(checked).to.be.at.least(3)
  })
})
