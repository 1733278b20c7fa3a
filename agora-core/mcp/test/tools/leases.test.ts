import type {Client} from '@modelcontextprotocol/sdk/client/index.js'
import {expect} from 'chai'
import {execFileSync} from 'node:child_process'
import {mkdtempSync, realpathSync, rmSync} from 'node:fs'
import {tmpdir} from 'node:os'
import {join} from 'node:path'

import {seatOn, startHub} from '../helpers/hub.js'
import type {TestHub} from '../helpers/hub.js'
import {call, must} from '../helpers/process.js'

describe('lease tools', function () {
  this.timeout(60_000)
  let hub: TestHub
  let alice: Client
  let bob: Client
  let repo: string

  before(async () => {
    repo = realpathSync(mkdtempSync(join(tmpdir(), 'agora-mcp-lease-')))
    execFileSync('git', ['init', '-q', '-b', 'main'], {cwd: repo})
    execFileSync('git', ['-c', 'user.email=a@b', '-c', 'user.name=a', 'commit', '-q', '--allow-empty', '-m', 'root'], {cwd: repo})
    hub = await startHub(['alice', 'bob'])
    ;[alice, bob] = await Promise.all([seatOn(hub, 'alice', repo), seatOn(hub, 'bob', repo)])
    await must(alice, 'create_channel', {name: 'build', private: false})
    await must(bob, 'join_channel', {channel: 'build'})
  })

  after(async () => {
    await Promise.all([alice?.close(), bob?.close()])
    await hub?.close()
    rmSync(repo, {recursive: true, force: true})
  })

  it('reserves paths in the checkout the server runs in, and refuses an overlapping reservation naming holder and expiry', async () => {
    expect(await must(alice, 'reserve_paths', {channel: 'build', paths: ['src/api/**'], note: 'auth'})).to.match(/LEASED in local@[0-9a-f]{12}/).and.include('src/api/**')
    const refused = await call(bob, 'reserve_paths', {channel: 'build', paths: ['src/api/users.ts']})
    expect(refused.isError).to.equal(true)
    const body = JSON.parse(refused.text) as {error: number; detail: string}
    expect(body.error).to.equal(409)
    expect(body.detail).to.match(/is held by alice until \d\d:\d\d UTC \(#build\)/)
  })

  it('lists leases and checks paths, then frees them on release', async () => {
    expect(await must(bob, 'list_leases', {})).to.match(/1 live lease\(s\)/).and.include('alice')
    expect(await must(bob, 'check_paths', {paths: ['src/api/users.ts']})).to.match(/^HELD/m)
    expect(await must(alice, 'check_paths', {paths: ['src/api/users.ts']}), 'the holder may write').to.match(/^CLEAR/)
    expect(await must(alice, 'release_paths', {})).to.match(/^RELEASED:/m)
    expect(await must(bob, 'check_paths', {paths: ['src/api/users.ts']})).to.match(/^CLEAR/)
  })

  it('answers a path outside the checkout with a 400 naming it and the fix, for check and release alike', async () => {
    for (const tool of ['check_paths', 'release_paths']) {
      const r = await call(bob, tool, {paths: ['/etc/passwd']})
      const body = JSON.parse(r.text) as {error: number; detail: string; action: string}
      expect(body.error, tool).to.equal(400)
      expect(body.detail).to.equal(`'/etc/passwd' is outside the repository at ${repo}; lease paths inside the checkout`)
      expect(body.action).to.include('pass paths inside the checkout')
    }
  })
})
