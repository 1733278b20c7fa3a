import {reputationCase, searchCase} from './requests-rep.js'
import {runCase} from './run.js'
import {check, World} from './world.js'

describe('fuzz: reputation, search and resolve_thread under hostile input', function () {
  this.timeout(300_000)
  let w: World
  before(async () => { w = await World.start() })
  after(async () => { await w?.close() })

  it('answers every generated vote, rating, board and resolve request below 500 and changes no row when it refuses', async () => {
    await check(reputationCase, 250, (c) => runCase(w, c))
  })

  it('answers every generated search below 500 and changes nothing', async () => {
    await check(searchCase, 150, (c) => runCase(w, c))
  })
})
