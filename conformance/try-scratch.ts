import {mkdirSync, writeFileSync, mkdtempSync} from 'node:fs'
import {join} from 'node:path'
import {tmpdir} from 'node:os'
import {startModelStub} from '@agora/model-stub'
import {acpTransport} from '@agora/transport'

const which = process.argv[2]
const stub = await startModelStub()
const dir = mkdtempSync(join(tmpdir(), 'acpx-'))
const home = join(dir, 'home'); mkdirSync(home)
const bin = `${process.env.HOME}/.cache/agora-clis/node_modules/.bin`
let env: Record<string, string> = {PATH: `${bin}:${process.env.PATH}`, HOME: home}
if (which === 'codex-acp') {
  const codexHome = join(dir, 'codex-home'); mkdirSync(codexHome)
  writeFileSync(join(codexHome, 'config.toml'), ['model_provider = "fake"', 'model = "fake-model"', '', '[model_providers.fake]', 'name = "fake"', `base_url = "${stub.url}/v1"`, 'wire_api = "responses"', 'env_key = "FAKE_API_KEY"', ''].join('\n'))
  env = {...env, CODEX_HOME: codexHome, FAKE_API_KEY: 'sk-fake'}
} else {
  env = {...env, ANTHROPIC_BASE_URL: stub.url, ANTHROPIC_API_KEY: 'sk-fake', CLAUDE_CONFIG_DIR: join(dir, 'claude-config'), CLAUDE_CODE_DISABLE_NONESSENTIAL_TRAFFIC: '1', DISABLE_AUTOUPDATER: '1', IS_SANDBOX: '1'}
}
const t = acpTransport({initializeTimeoutMs: 30000, cancelGraceMs: 3000, exitGraceMs: 2000})
const probe = await t.probe({argv: [which], env, cwd: dir, timeoutMs: 20000})
console.log('PROBE', JSON.stringify(probe))
const run = await t.runTurn({argv: [which], env, cwd: dir, timeoutMs: 60000, prompt: 'say hi', session: {cwd: dir, mcpServers: [], permissions: 'write', resumeSessionId: null, modeId: null, modelId: process.argv[3] ?? null, configOptions: []}})
console.log(run.stdout.slice(0, 6000))
console.log('STDERR', run.stderr.slice(-3000))
console.log('RC', run.exitCode, run.timedOut, run.durationMs, 'requests', stub.requests.length)
await stub.close()
