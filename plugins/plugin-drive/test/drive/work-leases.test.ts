import {expect} from 'chai'
import {execFileSync} from 'node:child_process'

import {findWorkspace} from '@agora/home'
import {workLeases} from '../../src/drive/work-leases.js'
import {chunkProgress} from '../../src/drive/work-progress.js'
import {findContinuableWork} from '../../src/drive/work-scan.js'
import {httpHub} from '../../src/hub-port.js'
import {ok, rig} from '../helpers/driver-rig.js'
import {openWorld} from '../helpers/world.js'
import type {World} from '../helpers/world.js'

describe('agora drive takes the leases a work item names', function () {
  this.timeout(30_000)
  let world: World
  let workspace: string
  const leasesOf = async (): Promise<string[]> =>
    (await world.alice.call('GET', `/leases?workspace=${encodeURIComponent(workspace)}`)).leases.map((l: {holder: string; path: string}) => `${l.holder}:${l.path}`)
  const drive = (onTurn?: () => Promise<void>) => {
    const hub = httpHub({url: world.hub.url, agentId: 'bob', home: world.home})
    return rig([0, 0], [ok('s1')], {maxTurns: 1}, {
      work: {find: (strikes) => findContinuableWork(hub, 'bob', strikes), progress: (row, since) => chunkProgress(hub, 'bob', row, since)},
      leases: workLeases({url: world.hub.url, agentId: 'bob', home: world.home, workspace: world.workspace}),
      stopAfterListens: 2, onTurn,
    })
  }

  beforeEach(async () => {
    world = await openWorld({notify: false})
    execFileSync('git', ['init', '-q', '-b', 'main'], {cwd: world.workspace})
    execFileSync('git', ['-c', 'user.email=a@b', '-c', 'user.name=a', 'commit', '-q', '--allow-empty', '-m', 'root'], {cwd: world.workspace})
    workspace = findWorkspace(world.workspace)!.id
    await world.alice.call('POST', '/channels', {name: 'build', private: false})
    await world.bob.call('POST', '/channels/build/join', {})
    await world.bob.call('PUT', '/channels/build/store/claim:users-api', {value: {owner: 'bob', status: 'in progress', paths: ['src/api/users.ts']}})
  })
  afterEach(async () => world.close())

  it('holds the row\'s paths during the chunk and releases them after it', async () => {
    const during: string[][] = []
    const {driver, turns, out} = drive(async () => { during.push(await leasesOf()) })
    await driver.run()
    expect(turns.map((t) => t.lane)).to.deep.equal(['work'])
    expect(during).to.deep.equal([['bob:src/api/users.ts']])
    expect(await leasesOf(), 'released after the chunk').to.deep.equal([])
    expect(out.some((l) => l.includes('state=chunk') && l.includes('row=build/claim:users-api@1'))).to.equal(true)
  })

  it('defers the chunk, running no turn, while another seat holds one of the paths', async () => {
    await world.alice.call('POST', '/channels/build/leases', {workspace, paths: ['src/api/**']})
    const {driver, turns, out} = drive()
    await driver.run()
    expect(turns).to.have.length(0)
    const deferred = out.find((l) => l.includes('state=deferred'))
    expect(deferred).to.match(/reason=lease-held row=build\/claim:users-api@1 detail=".*held by alice until/)
    expect(await leasesOf()).to.deep.equal(['alice:src/api/**'])
  })
})
