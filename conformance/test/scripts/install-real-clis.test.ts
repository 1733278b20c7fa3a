import {expect} from 'chai'
import {execFile} from 'node:child_process'
import {chmodSync, mkdirSync, mkdtempSync, rmSync, writeFileSync} from 'node:fs'
import {tmpdir} from 'node:os'
import {join} from 'node:path'
import {fileURLToPath} from 'node:url'

const SCRIPT = fileURLToPath(new URL('../../scripts/install-real-clis.sh', import.meta.url))

function runScript(env: Record<string, string>): Promise<{code: number; stdout: string; stderr: string}> {
  return new Promise((resolve) => {
    execFile('bash', [SCRIPT], {env: {...process.env, ...env}, timeout: 60_000}, (error, stdout, stderr) =>
      resolve({code: error ? (typeof error.code === 'number' ? error.code : 1) : 0, stdout, stderr}))
  })
}

/** The pinned ACP agents: package, version, binary. */
const ACP_AGENTS: Array<[string, string, string]> = [
  ['@zed-industries/claude-code-acp', '0.16.2', 'claude-code-acp'],
  ['@zed-industries/codex-acp', '0.16.0', 'codex-acp'],
  ['@google/gemini-cli', '0.61.0', 'gemini'],
]

/** The pinned argv CLIs: package, version, binary. */
const CLIS: Array<[string, string, string]> = [
  ['@openai/codex', '0.171.0', 'codex'],
  ['opencode-ai', '1.18.33', 'opencode'],
  ['@mariozechner/pi-coding-agent', '0.73.1', 'pi'],
  ['@anthropic-ai/claude-code', '2.1.197', 'claude'],
]

/** An installed-looking argv CLI: its package.json at `version` and a bin that answers --version. */
function fakeCli(cache: string, pkg: string, version: string, name: string): void {
  mkdirSync(join(cache, 'node_modules', pkg), {recursive: true})
  writeFileSync(join(cache, 'node_modules', pkg, 'package.json'), JSON.stringify({name: pkg, version}))
  mkdirSync(join(cache, 'node_modules', '.bin'), {recursive: true})
  writeFileSync(join(cache, 'node_modules', '.bin', name), `#!/bin/sh\necho "${name} ${version}"\n`)
  chmodSync(join(cache, 'node_modules', '.bin', name), 0o755)
}

/** An installed-looking ACP agent: its package.json at `version` and an executable bin. */
function fakeAcpAgent(cache: string, pkg: string, version: string, name: string): void {
  mkdirSync(join(cache, 'node_modules', pkg), {recursive: true})
  writeFileSync(join(cache, 'node_modules', pkg, 'package.json'), JSON.stringify({name: pkg, version}))
  mkdirSync(join(cache, 'node_modules', '.bin'), {recursive: true})
  writeFileSync(join(cache, 'node_modules', '.bin', name), '#!/bin/sh\nexit 0\n')
  chmodSync(join(cache, 'node_modules', '.bin', name), 0o755)
}

describe('scripts/install-real-clis', function () {
  this.timeout(60_000)
  let cache: string
  beforeEach(() => {
    cache = mkdtempSync(join(tmpdir(), 'agora-cli-cache-'))
  })
  afterEach(() => rmSync(cache, {recursive: true, force: true}))

  it('skips every CLI already in the cache, installs nothing and prints only the bin dir', async () => {
    const bin = join(cache, 'node_modules', '.bin')
    mkdirSync(bin, {recursive: true})
    for (const [pkg, version, name] of CLIS) fakeCli(cache, pkg, version, name)
    for (const [pkg, version, name] of ACP_AGENTS) fakeAcpAgent(cache, pkg, version, name)
    // Offline with an empty npm cache, any install attempt would fail: a pass proves nothing was installed.
    const result = await runScript({AGORA_CLI_CACHE: cache, npm_config_offline: 'true', npm_config_cache: join(cache, 'npm-cache')})
    expect(result.code, result.stderr).to.equal(0)
    expect(result.stdout).to.equal(`${bin}\n`)
    for (const name of ['codex', 'opencode', 'pi', 'claude', 'claude-code-acp', 'codex-acp', 'gemini']) expect(result.stderr).to.contain(`${name} present, skipped`)
    expect(result.stderr).to.contain('claude-code-acp 0.16.2 (ACP)')
    expect(result.stderr).to.not.contain('installing')
  })

  it('installs only what is missing, and fails when a CLI still does not run', async () => {
    const bin = join(cache, 'node_modules', '.bin')
    mkdirSync(bin, {recursive: true})
    fakeCli(cache, '@openai/codex', '0.171.0', 'codex')
    // Offline with an empty npm cache: the install attempt must fail, never reach a registry.
    const result = await runScript({AGORA_CLI_CACHE: cache, npm_config_offline: 'true', npm_config_cache: join(cache, 'npm-cache')})
    expect(result.stderr).to.contain('codex present, skipped')
    expect(result.stderr).to.match(/installing opencode-ai@1\.18\.33 @mariozechner\/pi-coding-agent@0\.73\.1 @anthropic-ai\/claude-code@2\.1\.197/)
    expect(result.code).to.not.equal(0)
  })

  it('reinstalls an argv CLI whose installed version is not the pinned one, though it runs', async () => {
    for (const [pkg, version, name] of CLIS) fakeCli(cache, pkg, name === 'pi' ? '0.70.0' : version, name)
    for (const [pkg, version, name] of ACP_AGENTS) fakeAcpAgent(cache, pkg, version, name)
    const result = await runScript({AGORA_CLI_CACHE: cache, npm_config_offline: 'true', npm_config_cache: join(cache, 'npm-cache')})
    expect(result.stderr).to.contain('codex present, skipped')
    expect(result.stderr).to.contain('installing @mariozechner/pi-coding-agent@0.73.1 into')
    expect(result.code).to.not.equal(0)
  })

  it('reinstalls an ACP agent whose installed version is not the pinned one', async () => {
    const bin = join(cache, 'node_modules', '.bin')
    mkdirSync(bin, {recursive: true})
    for (const [pkg, version, name] of CLIS) fakeCli(cache, pkg, version, name)
    fakeAcpAgent(cache, '@zed-industries/claude-code-acp', '0.16.2', 'claude-code-acp')
    fakeAcpAgent(cache, '@zed-industries/codex-acp', '0.1.0', 'codex-acp')
    fakeAcpAgent(cache, '@google/gemini-cli', '0.61.0', 'gemini')
    const result = await runScript({AGORA_CLI_CACHE: cache, npm_config_offline: 'true', npm_config_cache: join(cache, 'npm-cache')})
    expect(result.stderr).to.contain('claude-code-acp present, skipped')
    expect(result.stderr).to.contain('installing @zed-industries/codex-acp@0.16.0 into')
    expect(result.code).to.not.equal(0)
  })
})
