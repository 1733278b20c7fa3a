import {expect} from 'chai'
import {mkdirSync, mkdtempSync, realpathSync, rmSync, symlinkSync} from 'node:fs'
import {tmpdir} from 'node:os'
import {join} from 'node:path'

import LeaseCheck from '../../../src/commands/lease/check.js'
import LeaseList from '../../../src/commands/lease/list.js'
import LeaseRelease from '../../../src/commands/lease/release.js'
import LeaseRenew from '../../../src/commands/lease/renew.js'
import LeaseTake from '../../../src/commands/lease/take.js'
import {as, runCommand, runFailure, startHub} from '../../helpers/cli.js'
import type {RunningHub} from '../../helpers/cli.js'
import {makeRepo, seatsInChannel} from '../../helpers/repo.js'
import {the} from '../../../../../test/helpers/present.js'

describe('agora lease', () => {
  let hub: RunningHub
  let home: string
  let dir: string
  let repo: string
  let cwd: string
  before(async () => {
    hub = await startHub()
    ;({home} = await seatsInChannel(hub.url, 'build', ['alice', 'bob']))
  })
  after(async () => hub.close())
  beforeEach(() => {
    dir = realpathSync(mkdtempSync(join(tmpdir(), 'agora-lease-cli-')))
    repo = makeRepo(join(dir, 'app'))
    mkdirSync(join(repo, 'src', 'api'), {recursive: true})
    cwd = process.cwd()
  })
  afterEach(async () => {
    process.chdir(cwd)
    rmSync(dir, {recursive: true, force: true})
  })

  it('takes paths relative to the cwd as repository paths under the checkout\'s identity, and lists them for everyone', async () => {
    process.chdir(join(repo, 'src'))
    const {result} = await runCommand(LeaseTake, [...as('bob', hub.url, home), 'api/**', '--channel', 'build', '--note', 'auth', '--json'])
    expect(result.leases[0]).to.include({path: 'src/api/**', holder: 'bob', mode: 'exclusive', channel: 'build', note: 'auth'})
    expect(the(result.leases, 0).workspace).to.match(/^github\.com\/acme\/app@[0-9a-f]{12}$/)
    const {result: listed, stdout} = await runCommand(LeaseList, [...as('alice', hub.url, home)])
    expect(listed.leases.map((l) => l.holder)).to.deep.equal(['bob'])
    expect(stdout).to.match(/src\/api\/\*\*\texclusive\tbob\tuntil \d\d:\d\d UTC\t#build\tauth/)
    await runCommand(LeaseRelease, [...as('bob', hub.url, home)])
  })

  it('refuses a conflicting take with the holder and expiry, and check exits 1 until the release', async () => {
    process.chdir(repo)
    await runCommand(LeaseTake, [...as('bob', hub.url, home), 'src/api/**', '-c', 'build'])
    const refused = await runFailure(LeaseTake, [...as('alice', hub.url, home), 'src/api/users.ts', '-c', 'build'])
    expect(refused.message).to.match(/nothing was leased: `src\/api\/users\.ts` \(under `src\/api\/\*\*`\) is held by bob until \d\d:\d\d UTC \(#build\)/)
    const {result: held} = await runCommand(LeaseCheck, [...as('alice', hub.url, home), 'src/api/users.ts', '--json'])
    expect(held.clear).to.equal(false)
    expect(process.exitCode).to.equal(1)
    process.exitCode = 0
    const {result: renewed} = await runCommand(LeaseRenew, [...as('bob', hub.url, home), '--ttl', '60', '--json'])
    expect(renewed.leases.map((l) => l.path)).to.deep.equal(['src/api/**'])
    await runCommand(LeaseRelease, [...as('bob', hub.url, home), 'src/api/**'])
    const {result: clear} = await runCommand(LeaseCheck, [...as('alice', hub.url, home), 'src/api/users.ts', '--json'])
    expect(clear.clear).to.equal(true)
  })

  it('refuses to lease through a symlink and outside the checkout', async () => {
    symlinkSync(join(repo, 'src', 'api'), join(repo, 'api-link'))
    process.chdir(repo)
    expect((await runFailure(LeaseTake, [...as('bob', hub.url, home), 'api-link/x.ts', '-c', 'build'])).message).to.match(/symlink to 'src\/api\/x\.ts'; lease the target/)
    expect((await runFailure(LeaseTake, [...as('bob', hub.url, home), '../other.ts', '-c', 'build'])).message).to.match(/outside the repository/)
  })

  it('says how to proceed outside a git repository', async () => {
    process.chdir(dir)
    expect((await runFailure(LeaseList, [...as('bob', hub.url, home)])).message).to.match(/not inside a git repository.*--workspace/)
  })
})
