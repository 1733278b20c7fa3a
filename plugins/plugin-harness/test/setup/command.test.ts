import {execFile} from 'node:child_process'
import {existsSync, mkdirSync, readFileSync, writeFileSync} from 'node:fs'
import {join, resolve} from 'node:path'
import {promisify} from 'node:util'

import {Config} from '@oclif/core'
import {expect} from 'chai'

import Setup from '../../src/commands/setup.js'
import type {SetupResult} from '../../src/setup/types.js'
import {DEAD_URL, HERE, tempDir, tree} from './helpers.js'
import {the} from '../../../../test/helpers/present.js'

const CLI_ROOT = resolve(HERE, '..', '..', '..', '..', 'bin')
const run = promisify(execFile)

describe('agora setup (command)', () => {
  let config: Config
  const saved = {...process.env}
  let home: string

  before(async () => {
    // oclif resolves plugin hooks to their TypeScript sources outside production.
    process.env.NODE_ENV = 'test'
    config = await Config.load({root: CLI_ROOT})
  })

  beforeEach(() => {
    home = tempDir('cmd-home')
    process.env.HOME = home
    delete process.env.AGORA_HOME
    delete process.env.AGORA_URL
  })

  afterEach(() => {
    process.exitCode = undefined
  })

  after(() => {
    for (const key of Object.keys(process.env)) if (!(key in saved)) delete process.env[key]
    Object.assign(process.env, saved)
  })

  it('wires a workspace through run() and returns the typed result', async () => {
    const ws = tempDir('cmd-ws')
    const result = (await Setup.run(['alice', '--harness', 'claude', '--workspace', ws, '--url', DEAD_URL, '--about', 'a seat', '--json'], config)) as SetupResult
    expect(result.status, result.issues.join('; ')).to.equal('READY')
    expect(result.agora).to.equal(join(CLI_ROOT, 'run.js'))
    expect(result.mcpCommand).to.equal(join(CLI_ROOT, 'agora-mcp.js'))
    expect(result.files.map((f) => f.path)).to.deep.equal(['.agora/seat.json', '.claude/settings.json', '.mcp.json', 'CLAUDE.md'])
    expect(JSON.parse(readFileSync(join(ws, '.mcp.json'), 'utf8')).mcpServers.agora.env).to.deep.equal({
      AGORA_URL: DEAD_URL, AGORA_AGENT_ID: 'alice', AGORA_ABOUT: 'a seat', AGORA_API_KEY: '', AGORA_ADMIN_KEY: '',
    })
    expect(result.skills).to.deep.equal([join(home, '.claude/skills/agora-channels/SKILL.md')])
  })

  it('wires every installed harness but the opt-in one with --harness all, matching the committed all tree', async () => {
    const ws = tempDir('cmd-ws')
    const result = (await Setup.run(['alice', '--harness', 'all', '--workspace', ws, '--url', DEAD_URL, '--about', 'reviews the parser', '--json'], config)) as SetupResult
    expect(result.harnesses).to.deep.equal(['abstractcode', 'claude', 'codex', 'cursor', 'opencode', 'pi'])
    expect(result.notes).to.include('note: AGENTS.md is shared by abstractcode, codex, opencode, pi; it carries one neutral contract (wire a harness alone for its own)')
    const bridge = readFileSync(join(CLI_ROOT, '..', 'harness-adapters', 'pi', 'assets', 'agora-bridge.js'))
    expect(readFileSync(join(ws, '.pi/extensions/agora.js')).equals(bridge)).to.equal(true)
    const golden = tree(join(HERE, 'golden', 'all'))
    const actual = tree(ws)
    expect(Object.keys(actual)).to.deep.equal(Object.keys(golden))
    for (const path of Object.keys(golden).filter((p) => p !== '.pi/extensions/agora.js')) {
      const text = the(actual, path).split(result.mcpCommand).join('<AGORA_MCP>').split(result.agora).join('/opt/agora/bin/agora')
      expect(text, path).to.equal(golden[path])
    }
  })

  it('re-wires the harnesses the seat record names when --harness is left at auto', async () => {
    const ws = tempDir('cmd-ws')
    await Setup.run(['alice', '--harness', 'claude,codex', '--workspace', ws, '--url', DEAD_URL, '--json'], config)
    const before = tree(ws)
    const again = (await Setup.run(['alice', '--workspace', ws, '--url', DEAD_URL, '--json'], config)) as SetupResult
    expect(again.harnesses).to.deep.equal(['claude', 'codex'])
    expect(tree(ws)).to.deep.equal(before)
  })

  for (const [label, argv, pattern] of [
    ['an unknown harness, naming the installed ones', ['alice', '--harness', 'nosuch'], /unknown harness "nosuch"; installed: .*claude/],
    ['an invalid agent id', ['Alice--B', '--harness', 'claude'], /invalid agent id/],
    ['an empty folder with --harness auto', ['alice'], /no harness is wired/],
  ] as const) {
    it(`refuses ${label} with exit 2`, async () => {
      const ws = tempDir('cmd-ws')
      const error = await Setup.run([...argv, '--workspace', ws, '--url', DEAD_URL], config).then(() => null, (e: unknown) => e as Error & {oclif?: {exit: number}})
      expect(error?.message).to.match(pattern)
      expect(error?.oclif?.exit).to.equal(2)
      expect(tree(ws)).to.deep.equal({})
    })
  }

  it('refuses a --workspace folder that does not exist, creating nothing', async () => {
    const missing = join(tempDir('cmd-ws'), 'nope')
    const error = await Setup.run(['alice', '--harness', 'claude', '--workspace', missing], config).then(() => null, (e: unknown) => e as Error & {oclif?: {exit: number}})
    expect(error?.message).to.include('does not exist')
    expect(error?.oclif?.exit).to.equal(2)
    expect(existsSync(missing)).to.equal(false)
  })

  it('refuses corrupt config with exit 2 and writes nothing', async () => {
    const ws = tempDir('cmd-ws')
    mkdirSync(join(ws, '.claude'))
    writeFileSync(join(ws, '.claude', 'settings.json'), '{not json')
    const error = await Setup.run(['alice', '--harness', 'claude', '--workspace', ws, '--url', DEAD_URL], config).then(() => null, (e: unknown) => e as Error & {oclif?: {exit: number}})
    expect(error?.message).to.include('.claude/settings.json is not valid JSON')
    expect(error?.oclif?.exit).to.equal(2)
    expect(Object.keys(tree(ws))).to.deep.equal(['.claude/settings.json'])
  })

  it('runs as a real CLI child process in the current folder, READY with exit 0, and idempotent', async () => {
    const ws = tempDir('cli-ws')
    const env = {...saved, HOME: home, NODE_ENV: '', AGORA_HOME: '', AGORA_URL: ''}
    delete (env as Record<string, string | undefined>).AGORA_HOME
    delete (env as Record<string, string | undefined>).AGORA_URL
    const argv = [join(CLI_ROOT, 'run.js'), 'setup', 'bob', '--harness', 'codex', '--url', DEAD_URL]
    const first = await run(process.execPath, argv, {cwd: ws, env})
    expect(first.stdout).to.match(/status: READY\n/)
    expect(first.stdout).to.include('created   .codex/config.toml')
    const before = tree(ws)
    const second = await run(process.execPath, [...argv, '--json'], {cwd: ws, env})
    const result = JSON.parse(second.stdout) as SetupResult
    expect(result.status).to.equal('READY')
    expect(result.workspace).to.equal(ws)
    expect(result.files.every((f) => f.action === 'unchanged')).to.equal(true)
    expect(tree(ws)).to.deep.equal(before)
  })

  it('exits 2 from the CLI with a JSON error for corrupt config, and with NEEDS ACTION when channels cannot be joined', async () => {
    const ws = tempDir('cli-ws')
    const env: Record<string, string | undefined> = {...saved, HOME: home, NODE_ENV: ''}
    delete env.AGORA_HOME
    delete env.AGORA_URL
    const cli = (args: string[]) => run(process.execPath, [join(CLI_ROOT, 'run.js'), 'setup', 'bob', ...args, '--url', DEAD_URL, '--json'], {cwd: ws, env})
      .then(() => ({code: 0, stdout: ''}), (e: {code: number; stdout: string}) => e)
    writeFileSync(join(ws, 'opencode.json'), '{"mcp": [')
    const refused = await cli(['--harness', 'opencode'])
    expect(refused.code).to.equal(2)
    expect(JSON.parse(refused.stdout).error.message).to.include('opencode.json is not valid JSON')
    writeFileSync(join(ws, 'opencode.json'), '{}')
    const pending = await cli(['--harness', 'opencode', '--channels', 'design'])
    expect(pending.code).to.equal(2)
    expect(JSON.parse(pending.stdout)).to.include({status: 'NEEDS ACTION'})
  })
})
