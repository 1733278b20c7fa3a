import {expect} from 'chai'
import {writeFileSync} from 'node:fs'
import {execFileSync, spawn} from 'node:child_process'

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
      const status = await seatStatus('bob', world.hub.url, world.home, httpHub({url: world.hub.url, agentId: 'bob', home: world.home}), world.root)
      expect(status.hub).to.deep.equal({url: world.hub.url, reachable: true})
      expect(status.keyCached).to.equal(true)
      expect(status.listener).to.include({pid: listener.pid, alive: true})
      expect(status.driver.alive).to.equal(false)
      expect(status.hooks).to.deep.equal({SessionStart: null, UserPromptSubmit: null, PostToolUse: null, Stop: null})
      expect(status.owed).to.deep.equal({to_answer: 1, to_consume: 0, to_close: 0})
      expect(status.leases, 'outside a git repository there are no leases to show').to.equal(null)
      expect(status.problems).to.have.length(1)
      expect(status.problems[0]).to.match(/^drive-bob\.pid names pid \d+, which is dead/)
      expect(renderStatus(status)).to.include('hooks    SessionStart NEVER FIRED; UserPromptSubmit NEVER FIRED; PostToolUse NEVER FIRED; Stop NEVER FIRED')
    } finally {
      listener.kill()
    }
  })

  it('names an unreachable hub and a missing key with their fixes', async () => {
    const status = await seatStatus('carol', 'http://127.0.0.1:9', world.home, httpHub({url: 'http://127.0.0.1:9', agentId: 'carol', home: world.home}), world.root)
    expect(status.hub.reachable).to.equal(false)
    expect(status.owed).to.equal(null)
    expect(status.problems[0]).to.match(/^hub http:\/\/127\.0\.0\.1:9 is not answering; start it with `agora up`/)
    expect(status.problems[1]).to.match(/^no key for carol at http:\/\/127\.0\.0\.1:9 in keys\.json/)
  })

  it('lists the live leases on this folder\'s repository, marking the seat\'s own and the ones that stop its writes', async () => {
    execFileSync('git', ['init', '-q', '-b', 'main'], {cwd: world.workspace})
    execFileSync('git', ['-c', 'user.email=a@b', '-c', 'user.name=a', 'commit', '-q', '--allow-empty', '-m', 'root'], {cwd: world.workspace})
    const {findWorkspace} = await import('@agora/home')
    const workspace = findWorkspace(world.workspace)!.id
    await world.alice.call('POST', '/channels', {name: 'build', private: false})
    await world.bob.call('POST', '/channels/build/join', {})
    await world.alice.call('POST', '/channels/build/leases', {workspace, paths: ['src/api/**']})
    await world.bob.call('POST', '/channels/build/leases', {workspace, paths: ['docs/**'], mode: 'shared'})
    const status = await seatStatus('bob', world.hub.url, world.home, httpHub({url: world.hub.url, agentId: 'bob', home: world.home}), world.workspace)
    expect(status.leases?.workspace).to.equal(workspace)
    expect(status.leases?.live.map((l) => `${l.holder}:${l.path}:${l.mode}`)).to.deep.equal(['bob:docs/**:shared', 'alice:src/api/**:exclusive'])
    const lines = renderStatus(status)
    expect(lines).to.include(`leases   ${workspace}: 2 live`)
    expect(lines.find((l) => l.includes('src/api/**'))).to.match(/src\/api\/\*\* exclusive alice until \d\d:\d\d UTC #build \(writes here are refused\)$/)
    expect(lines.find((l) => l.includes('docs/**'))).to.match(/\(yours\)$/)
  })
})
