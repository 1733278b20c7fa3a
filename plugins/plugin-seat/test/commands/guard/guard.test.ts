import {AgoraClient} from '@agora/client'
import {createHub} from '@agora/hub'
import {findWorkspace} from '@agora/home'
import {expect} from 'chai'
import {spawn, spawnSync} from 'node:child_process'
import {mkdirSync, mkdtempSync, readFileSync, realpathSync, rmSync, writeFileSync} from 'node:fs'
import {tmpdir} from 'node:os'
import {join, resolve} from 'node:path'

import {ADMIN_KEY, PLUGIN_ROOT} from '../../helpers/cli.js'
import {git, makeRepo, seatsInChannel} from '../../helpers/repo.js'
import {the} from '../../../../../test/helpers/present.js'

const AGORA = resolve(PLUGIN_ROOT, '..', '..', 'bin', 'run.js')

/** A real git command run asynchronously (the hub lives in this process, and the guard hook calls it). */
function gitRun(cwd: string, ...args: string[]): Promise<{code: number | null; stderr: string}> {
  return new Promise((done) => {
    const child = spawn('git', args, {cwd, env: {...process.env, AGORA_AGENT_ID: '', AGORA_URL: ''}, stdio: ['ignore', 'ignore', 'pipe']})
    let stderr = ''
    child.stderr.on('data', (d) => (stderr += d))
    child.on('close', (code) => done({code, stderr}))
  })
}

describe('agora guard (git hooks against a real hub)', function () {
  this.timeout(120_000)
  let clock = 1_800_000_000
  let hub: Awaited<ReturnType<typeof createHub>>
  let home: string
  let bob: AgoraClient
  let dir: string
  let repo: string
  let workspace: string

  beforeEach(async () => {
    clock = 1_800_000_000
    hub = await createHub({adminKey: ADMIN_KEY, db: ':memory:', host: '127.0.0.1', port: 0, notifyDir: null, ratePerMinute: 6000, voteSweepMs: 3_600_000, now: () => clock})
    const seats = await seatsInChannel(hub.url, 'build', ['alice', 'bob'])
    home = seats.home
    bob = the(seats.clients, 'bob')
    dir = realpathSync(mkdtempSync(join(tmpdir(), 'agora-guard-')))
    repo = makeRepo(join(dir, 'app'))
    mkdirSync(join(repo, 'src', 'api'), {recursive: true})
    workspace = findWorkspace(repo)!.id
    const install = spawnSync(process.execPath, [AGORA, 'guard', 'install', '--as', 'alice', '--url', hub.url, '--home', home, '--json'], {cwd: repo, encoding: 'utf8'})
    expect(install.status, install.stderr).to.equal(0)
    expect(JSON.parse(install.stdout).hooks.map((h: {hook: string; action: string}) => `${h.hook}:${h.action}`)).to.deep.equal(['pre-commit:installed', 'pre-push:installed'])
  })
  afterEach(async () => {
    await hub.close()
    rmSync(dir, {recursive: true, force: true})
  })

  it('refuses a commit touching another seat\'s leased path, says how to proceed, and leaves HEAD where it was', async () => {
    await bob.leaseTake('build', {workspace, paths: ['src/api/**']})
    const head = git(repo, 'rev-parse', 'HEAD')
    writeFileSync(join(repo, 'src', 'api', 'users.ts'), 'export {}\n')
    git(repo, 'add', 'src/api/users.ts')
    const commit = await gitRun(repo, 'commit', '-m', 'touch the api')
    expect(commit.code).to.not.equal(0)
    expect(commit.stderr).to.match(/agora guard: commit refused — `src\/api\/users\.ts` \(under `src\/api\/\*\*`\) is held by bob until \d\d:\d\d UTC \(#build\). Ask in #build, unstage those files/)
    expect(commit.stderr).to.include('git commit --no-verify')
    expect(git(repo, 'rev-parse', 'HEAD')).to.equal(head)
  })

  it('allows a commit of unleased paths, and the same commit once the lease has expired', async () => {
    await bob.leaseTake('build', {workspace, paths: ['src/api/**'], ttl_s: 60})
    writeFileSync(join(repo, 'README.md'), 'changed\n')
    git(repo, 'add', 'README.md')
    expect((await gitRun(repo, 'commit', '-m', 'docs')).code).to.equal(0)
    writeFileSync(join(repo, 'src', 'api', 'users.ts'), 'export {}\n')
    git(repo, 'add', 'src/api/users.ts')
    expect((await gitRun(repo, 'commit', '-m', 'api')).code).to.not.equal(0)
    clock += 61
    expect((await gitRun(repo, 'commit', '-m', 'api')).code, 'the lapsed lease no longer blocks').to.equal(0)
    expect(git(repo, 'log', '--format=%s', '-1')).to.equal('api')
  })

  it('refuses a push carrying commits that touch a leased path', async () => {
    const remote = join(dir, 'remote.git')
    git(dir, 'init', '-q', '--bare', remote)
    // a second remote to push to: origin stays, and with it the workspace identity the lease is keyed by
    git(repo, 'remote', 'add', 'backup', remote)
    writeFileSync(join(repo, 'src', 'api', 'users.ts'), 'export {}\n')
    git(repo, 'add', 'src/api/users.ts')
    expect((await gitRun(repo, 'commit', '-m', 'api before the lease')).code).to.equal(0)
    await bob.leaseTake('build', {workspace, paths: ['src/api/users.ts']})
    const push = await gitRun(repo, 'push', '-q', 'backup', 'main')
    expect(push.code).to.not.equal(0)
    expect(push.stderr).to.match(/agora guard: push refused — `src\/api\/users\.ts` is held by bob/)
    await bob.leaseRelease(workspace)
    expect((await gitRun(repo, 'push', '-q', 'backup', 'main')).code).to.equal(0)
  })

  it('leaves a foreign hook alone unless --force, naming the line to add', () => {
    const hook = join(repo, '.git', 'hooks', 'pre-commit')
    writeFileSync(hook, '#!/bin/sh\nnpm run lint\n')
    const again = spawnSync(process.execPath, [AGORA, 'guard', 'install'], {cwd: repo, encoding: 'utf8'})
    expect(again.status).to.not.equal(0)
    expect(again.stderr.replace(/\s*\n\s*›?\s*/g, ' '), 'oclif wraps the line').to.match(/already exists and is not agora's; add `.*guard check --staged` to it, or pass --force/)
    expect(readFileSync(hook, 'utf8')).to.equal('#!/bin/sh\nnpm run lint\n')
  })
})
