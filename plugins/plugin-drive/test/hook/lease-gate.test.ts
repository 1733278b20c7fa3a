import {expect} from 'chai'
import {execFileSync} from 'node:child_process'
import {mkdirSync, realpathSync, symlinkSync, writeFileSync} from 'node:fs'
import {join} from 'node:path'

import {findWorkspace} from '@agora/home'
import {runAgora} from '../helpers/cli.js'
import {openWorld} from '../helpers/world.js'
import type {World} from '../helpers/world.js'

const git = (cwd: string, ...args: string[]) => execFileSync('git', args, {cwd, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe']}).trim()

describe('agora hook PreToolUse (the lease gate)', function () {
  this.timeout(60_000)
  let world: World
  let repo: string
  let workspace: string
  const gate = (payload: Record<string, unknown>, fields = ['file_path', 'notebook_path']) =>
    runAgora(['hook', 'PreToolUse', '--as', 'bob', '--url', world.hub.url, '--home', world.home, ...fields.flatMap((f) => ['--path-field', f])],
      {input: JSON.stringify(payload), env: world.env as Record<string, string>, cwd: repo})
  const write = (file: string) => ({hook_event_name: 'PreToolUse', tool_name: 'Write', tool_input: {file_path: file, content: 'x'}, cwd: repo})

  beforeEach(async () => {
    world = await openWorld({notify: false})
    repo = realpathSync(world.root)
    mkdirSync(join(repo, 'src', 'api'), {recursive: true})
    git(repo, 'init', '-q', '-b', 'main')
    git(repo, '-c', 'user.email=a@b', '-c', 'user.name=a', 'commit', '-q', '--allow-empty', '-m', 'root')
    workspace = findWorkspace(repo)!.id
    await world.alice.call('POST', '/channels', {name: 'build', private: false})
    await world.bob.call('POST', '/channels/build/join', {})
  })
  afterEach(async () => world.close())

  it('denies a write on a path another seat holds, naming holder, expiry and where to ask', async () => {
    await world.alice.call('POST', '/channels/build/leases', {workspace, paths: ['src/api/**']})
    const run = await gate(write(join(repo, 'src', 'api', 'users.ts')))
    expect(run.code).to.equal(0)
    const out = JSON.parse(run.stdout)
    expect(out.hookSpecificOutput).to.include({hookEventName: 'PreToolUse', permissionDecision: 'deny'})
    expect(out.hookSpecificOutput.permissionDecisionReason).to.match(/^AGORA LEASE — `src\/api\/\*\*` is held by alice until \d\d:\d\d UTC; ask in #build or work elsewhere\. This write to src\/api\/users\.ts was refused/)
  })

  it('allows the holder\'s own writes, unleased paths, paths outside the repository, and calls with no path', async () => {
    await world.bob.call('POST', '/channels/build/leases', {workspace, paths: ['src/api/**']})
    for (const payload of [write(join(repo, 'src', 'api', 'users.ts')), write(join(repo, 'README.md')), write('/tmp/elsewhere.txt'),
      {tool_name: 'Read', tool_input: {pattern: 'x'}, cwd: repo}]) {
      const run = await gate(payload)
      expect(run.stdout, JSON.stringify(payload)).to.equal('')
      expect(run.code).to.equal(0)
    }
  })

  it('follows a relative path and a symlink to the leased file', async () => {
    await world.alice.call('POST', '/channels/build/leases', {workspace, paths: ['src/api/users.ts']})
    writeFileSync(join(repo, 'src', 'api', 'users.ts'), 'v1\n')
    symlinkSync(join(repo, 'src', 'api'), join(repo, 'alias'))
    expect(JSON.parse((await gate(write('src/api/users.ts'))).stdout).hookSpecificOutput.permissionDecision).to.equal('deny')
    expect(JSON.parse((await gate(write(join(repo, 'alias', 'users.ts')))).stdout).hookSpecificOutput.permissionDecision).to.equal('deny')
  })

  it('lets a write through once the lease is released', async () => {
    await world.alice.call('POST', '/channels/build/leases', {workspace, paths: ['src/api/**']})
    expect((await gate(write(join(repo, 'src', 'api', 'users.ts')))).stdout).to.not.equal('')
    await world.alice.call('POST', '/leases/release', {workspace})
    expect((await gate(write(join(repo, 'src', 'api', 'users.ts')))).stdout).to.equal('')
  })

  it('denies a codex apply_patch whose file headers name a held path, and lets a patch of unleased files through', async () => {
    await world.alice.call('POST', '/channels/build/leases', {workspace, paths: ['src/api/**']})
    const codex = (patch: string) => runAgora(['hook', 'PreToolUse', '--as', 'bob', '--url', world.hub.url, '--home', world.home, '--patch-field', 'command'],
      {input: JSON.stringify({hook_event_name: 'PreToolUse', tool_name: 'apply_patch', tool_input: {command: patch}, cwd: repo}), env: world.env as Record<string, string>, cwd: repo})
    const held = await codex('*** Begin Patch\n*** Update File: README.md\n@@\n-a\n+b\n*** Update File: src/old.ts\n*** Move to: src/api/users.ts\n*** End Patch\n')
    const out = JSON.parse(held.stdout)
    expect(out.hookSpecificOutput.permissionDecision).to.equal('deny')
    expect(out.hookSpecificOutput.permissionDecisionReason).to.match(/`src\/api\/\*\*` is held by alice .* This write to src\/api\/users\.ts was refused/)
    const free = await codex(`*** Begin Patch\n*** Add File: ${join(repo, 'docs', 'new.md')}\n+hi\n*** Delete File: README.md\n*** End Patch\n`)
    expect(free.stdout).to.equal('')
    expect(free.code).to.equal(0)
  })

  it('allows the write with a warning when the hub is unreachable', async () => {
    const run = await runAgora(['hook', 'PreToolUse', '--as', 'bob', '--url', 'http://127.0.0.1:9', '--home', world.home],
      {input: JSON.stringify(write(join(repo, 'a.ts'))), env: world.env as Record<string, string>, cwd: repo})
    expect(run.code).to.equal(0)
    expect(run.stdout).to.equal('')
    expect(run.stderr).to.match(/lease check unavailable/)
  })
})
