import {expect} from 'chai'
import {existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync} from 'node:fs'
import {tmpdir} from 'node:os'
import {join} from 'node:path'
import {WIRED_HARNESSES, wireHarness} from './wiring.js'
import {the} from '../../../test/helpers/present.js'

describe('live/wiring', () => {
  let dir: string
  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'agora-wiring-'))
  })
  afterEach(() => rmSync(dir, {recursive: true, force: true}))
  const input = () => ({stubUrl: 'http://127.0.0.1:4000', dir, agoraHome: join(dir, 'agora-home'), agentId: 'seat-1'})

  it('points the Responses CLI at the stub through CODEX_HOME/config.toml', () => {
    const wiring = wireHarness('codex', input())
    const toml = readFileSync(join(the(wiring.env, 'CODEX_HOME'), 'config.toml'), 'utf8')
    expect(toml).to.contain('model_provider = "fake"')
    expect(toml).to.contain('base_url = "http://127.0.0.1:4000/v1"')
    expect(toml).to.contain('wire_api = "responses"')
  })

  it('points the Messages CLI at the stub by env, with isolated state and the root sandbox flag', () => {
    expect(wireHarness('claude', input()).env).to.include({ANTHROPIC_BASE_URL: 'http://127.0.0.1:4000', IS_SANDBOX: '1', CLAUDE_CONFIG_DIR: join(dir, 'claude-config')})
  })

  it('puts the chat provider in the global config layer and the registries on a dead port', () => {
    const wiring = wireHarness('opencode', input())
    const config = JSON.parse(readFileSync(join(the(wiring.env, 'XDG_CONFIG_HOME'), 'opencode', 'opencode.json'), 'utf8'))
    expect(config.provider.fake.options.baseURL).to.equal('http://127.0.0.1:4000/v1')
    expect(wiring.env.npm_config_registry).to.equal('http://127.0.0.1:9/')
    expect(wiring.flags).to.deep.equal(['--model', 'fake/fake-model'])
  })

  it('marks opencode\'s plugin dependency present in the global and workspace config folders, keeping a lock that is there', () => {
    const workspace = join(dir, 'ws')
    mkdirSync(join(workspace, '.opencode'), {recursive: true})
    writeFileSync(join(workspace, '.opencode', 'package-lock.json'), '{"mine":true}')
    const wiring = wireHarness('opencode', {...input(), workspace})
    const global = join(the(wiring.env, 'XDG_CONFIG_HOME'), 'opencode')
    expect(existsSync(join(global, 'node_modules'))).to.equal(true)
    expect(JSON.parse(readFileSync(join(global, 'package-lock.json'), 'utf8')).packages[''].dependencies).to.have.property('@opencode-ai/plugin')
    expect(existsSync(join(workspace, '.opencode', 'node_modules'))).to.equal(true)
    expect(readFileSync(join(workspace, '.opencode', 'package-lock.json'), 'utf8')).to.equal('{"mine":true}')
  })

  it('writes models.json into the state dir harness-check hands that adapter', () => {
    const wiring = wireHarness('pi', input())
    const models = JSON.parse(readFileSync(join(dir, 'agora-home', 'harness-check', 'pi', 'models.json'), 'utf8'))
    expect(models.providers.fake).to.include({baseUrl: 'http://127.0.0.1:4000/v1', api: 'openai-completions'})
    expect(wiring.flags).to.deep.equal(['--provider', 'fake', '--model', 'fake-model'])
  })

  it('never sets an AGORA_* variable or touches argv beyond drive-request flags', () => {
    for (const harness of WIRED_HARNESSES) {
      const wiring = wireHarness(harness, input())
      expect(Object.keys(wiring.env).filter((k) => k.startsWith('AGORA_'))).to.deep.equal([])
      for (const flag of wiring.flags.filter((f) => f.startsWith('--'))) expect(['--model', '--provider']).to.include(flag)
    }
  })
})
