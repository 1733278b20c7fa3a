import {expect} from 'chai'
import {writeFileSync} from 'node:fs'
import {spawn} from 'node:child_process'

import {httpHub} from '../../src/hub-port.js'
import {seatStatus, renderStatus} from '../../src/status/seat-status.js'
import {seatFiles} from '../../src/seat-files.js'
import {askBob, openWorld} from '../helpers/world.js'
import type {World} from '../helpers/world.js'
import {deadPid} from '../helpers/home.js'

describe('seatStatus', function () {
  this.timeout(20_000)
  let world: World
  beforeEach(async () => {
    world = await openWorld()
  })
  afterEach(async () => world.close())

  it('reports the hub, the cached key, a live listener, a dead driver, hooks never fired and owed counts', async () => {
    await askBob(world)
    const files = seatFiles(world.home, 'bob')
    const listener = spawn(process.execPath, ['-e', 'setTimeout(() => {}, 20000)'])
    try {
      writeFileSync(files.listenPid, `${listener.pid}\n`)
      writeFileSync(files.drivePid, `${deadPid()}\n`)
      const status = await seatStatus('bob', world.hub.url, world.home, httpHub({url: world.hub.url, agentId: 'bob', home: world.home}))
      expect(status.hub).to.deep.equal({url: world.hub.url, reachable: true})
      expect(status.keyCached).to.equal(true)
      expect(status.listener).to.include({pid: listener.pid, alive: true})
      expect(status.driver.alive).to.equal(false)
      expect(status.hooks).to.deep.equal({SessionStart: null, UserPromptSubmit: null, PostToolUse: null, Stop: null})
      expect(status.owed).to.deep.equal({to_answer: 1, to_consume: 0, to_close: 0})
      expect(status.problems).to.have.length(1)
      expect(status.problems[0]).to.match(/^drive-bob\.pid names pid \d+, which is dead/)
      expect(renderStatus(status)).to.include('hooks    SessionStart NEVER FIRED; UserPromptSubmit NEVER FIRED; PostToolUse NEVER FIRED; Stop NEVER FIRED')
    } finally {
      listener.kill()
    }
  })

  it('names an unreachable hub and a missing key with their fixes', async () => {
    const status = await seatStatus('carol', 'http://127.0.0.1:9', world.home, httpHub({url: 'http://127.0.0.1:9', agentId: 'carol', home: world.home}))
    expect(status.hub.reachable).to.equal(false)
    expect(status.owed).to.equal(null)
    expect(status.problems[0]).to.match(/^hub http:\/\/127\.0\.0\.1:9 is not answering; start it with `agora up`/)
    expect(status.problems[1]).to.match(/^no key for carol at http:\/\/127\.0\.0\.1:9 in keys\.json/)
  })
})
