import {existsSync, mkdirSync, writeFileSync} from 'node:fs'
import {join} from 'node:path'

/**
 * TEST-ONLY wiring that points a real agent CLI at the scripted model stub, through that CLI's own
 * config surface (env vars and config files it reads). It never changes the turn's argv: that comes
 * from the adapter. When a CLI needs the model named on its command line, the wiring asks for it
 * through harness-check's drive-request flags (`--model`), which the adapter renders itself.
 * Nothing in product code points a harness at the stub.
 */
export interface LiveWiring {
  /** Added to the environment `agora harness-check --live` runs in (the turn inherits it). */
  env: Record<string, string>
  /** Extra harness-check flags (drive-request knobs), e.g. ['--model', 'fake/fake-model']. */
  flags: string[]
}

export interface WiringInput {
  /** The stub's base URL, without /v1. */
  stubUrl: string
  /** A private temp dir for this harness's state. */
  dir: string
  /** AGORA_HOME of the seat (some adapters put the CLI's agent dir under it). */
  agoraHome: string
  agentId: string
  /** The seat's workspace, when the wiring must prepare a folder the CLI reads there. */
  workspace?: string
}

/** Harnesses whose real CLI the wiring can point at the stub. */
export const WIRED_HARNESSES = ['codex', 'claude', 'opencode', 'pi', 'codex-acp', 'claude-acp', 'gemini'] as const
export type WiredHarness = (typeof WIRED_HARNESSES)[number]

/** A registry nobody listens on: a CLI that tries to fetch packages fails fast instead of leaving the box. */
const NO_REGISTRY = 'http://127.0.0.1:9/'

/**
 * opencode installs `@opencode-ai/plugin` into every config folder (the global one and a workspace's
 * `.opencode/`) unless `node_modules/` exists and package-lock.json already lists it; against an unreachable
 * registry that attempt held each turn ~75 s (measured 92 s vs 18 s for one turn). agora's plugin imports
 * nothing from it, so the hermetic turn marks it as present instead of letting opencode fetch it.
 */
function settleOpencodeDeps(dir: string): void {
  mkdirSync(join(dir, 'node_modules'), {recursive: true})
  if (!existsSync(join(dir, 'package-lock.json'))) {
    writeFileSync(join(dir, 'package-lock.json'), JSON.stringify({lockfileVersion: 3, packages: {'': {dependencies: {'@opencode-ai/plugin': '*'}}}}))
  }
}

export function wireHarness(harness: WiredHarness, input: WiringInput): LiveWiring {
  const home = join(input.dir, 'home')
  mkdirSync(home, {recursive: true})
  switch (harness) {
    case 'codex':
    case 'codex-acp': {
      // CODEX_HOME must exist; its config.toml is codex's own provider surface (wire_api responses).
      const codexHome = join(input.dir, 'codex-home')
      mkdirSync(codexHome, {recursive: true})
      writeFileSync(join(codexHome, 'config.toml'), [
        'model_provider = "fake"',
        '',
        '[model_providers.fake]',
        'name = "fake"',
        `base_url = "${input.stubUrl}/v1"`,
        'wire_api = "responses"',
        'env_key = "FAKE_API_KEY"',
        '',
      ].join('\n'))
      return {env: {HOME: home, CODEX_HOME: codexHome, FAKE_API_KEY: 'sk-fake'}, flags: []}
    }
    case 'claude':
    case 'claude-acp':
      // Messages API at the stub; state isolated; bypass mode is refused as root without IS_SANDBOX.
      return {
        env: {
          HOME: home,
          ANTHROPIC_BASE_URL: input.stubUrl,
          ANTHROPIC_API_KEY: 'sk-fake',
          CLAUDE_CONFIG_DIR: join(input.dir, 'claude-config'),
          CLAUDE_CODE_DISABLE_NONESSENTIAL_TRAFFIC: '1',
          DISABLE_AUTOUPDATER: '1',
          IS_SANDBOX: '1',
        },
        flags: [],
      }
    case 'opencode': {
      // The provider lives in opencode's GLOBAL config (XDG_CONFIG_HOME): the adapter owns the per-run layer.
      const configHome = join(input.dir, 'xdg-config')
      mkdirSync(join(configHome, 'opencode'), {recursive: true})
      writeFileSync(join(configHome, 'opencode', 'opencode.json'), JSON.stringify({
        $schema: 'https://opencode.ai/config.json',
        provider: {
          fake: {
            npm: '@ai-sdk/openai-compatible',
            options: {baseURL: `${input.stubUrl}/v1`, apiKey: 'sk-fake'},
            models: {'fake-model': {tool_call: true}},
          },
        },
        model: 'fake/fake-model',
      }, null, 2))
      settleOpencodeDeps(join(configHome, 'opencode'))
      if (input.workspace) settleOpencodeDeps(join(input.workspace, '.opencode'))
      return {
        env: {
          HOME: home,
          XDG_CONFIG_HOME: configHome,
          OPENCODE_DISABLE_MODELS_FETCH: '1',
          OPENCODE_DISABLE_AUTOUPDATE: '1',
          OPENCODE_DISABLE_DEFAULT_PLUGINS: '1',
          OPENCODE_DISABLE_LSP_DOWNLOAD: '1',
          npm_config_registry: NO_REGISTRY,
          NPM_CONFIG_REGISTRY: NO_REGISTRY,
          BUN_CONFIG_REGISTRY: NO_REGISTRY,
        },
        flags: ['--model', 'fake/fake-model'],
      }
    }
    case 'gemini':
      // GOOGLE_GEMINI_BASE_URL is gemini-cli's own override of the Gemini API endpoint; the key is the api-key auth.
      // A named model skips the 'auto' router, whose JSON classifier call the stub does not script.
      return {env: {HOME: home, GEMINI_API_KEY: 'sk-fake', GOOGLE_GEMINI_BASE_URL: input.stubUrl, GEMINI_CLI_NO_RELAUNCH: 'true'}, flags: ['--model', 'gemini-2.5-pro']}
    case 'pi': {
      // The adapter points the agent dir at the turn's state dir (harness-check's: <home>/harness-check/<name>);
      // models.json there is the CLI's own provider surface.
      const agentDir = join(input.agoraHome, 'harness-check', 'pi')
      mkdirSync(agentDir, {recursive: true})
      writeFileSync(join(agentDir, 'models.json'), JSON.stringify({
        providers: {fake: {baseUrl: `${input.stubUrl}/v1`, api: 'openai-completions', apiKey: 'sk-fake', models: [{id: 'fake-model'}]}},
      }, null, 2))
      return {env: {HOME: home, PI_OFFLINE: '1', PI_TELEMETRY: '0'}, flags: ['--provider', 'fake', '--model', 'fake-model']}
    }
  }
}
