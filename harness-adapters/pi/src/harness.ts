import type {HarnessDeclaration, Turn} from '@agora/contract'
import {evidence} from './evidence.js'
import {workspace} from './workspace.js'

const passThrough = (turn: Turn) => turn.harnessArgs.flatMap(([k, v]) => (v === '' ? [`--${k}`] : [`--${k}`, v]))

/** The model argv: a provider-qualified model, else a provider alone (pi has `--provider`). */
function modelArgv(turn: Turn): string[] {
  if (turn.model) return ['--model', turn.provider && !turn.model.includes('/') ? `${turn.provider}/${turn.model}` : turn.model]
  return turn.provider ? ['--provider', turn.provider] : []
}

/**
 * pi headless (`pi -p --mode json`), as pi 0.73.1 (what npm installs on Node 20) takes it. pi has no
 * MCP client, so the turn loads the bridge extension this package ships (`assets/agora-bridge.js`);
 * `--no-extensions` keeps workspace extensions from running (an explicit `-e` survives it). A fresh
 * turn learns its id from the `session` event; a resume names it with `--session <id>`. pi enforces
 * nothing at tool time: permissions are advisory.
 */
export const pi = {
  name: 'pi',
  summary: 'pi headless turns (pi -p --mode json) with the agora bridge extension',
  contract: '^1',
  binary: 'pi',
  probeArgv: ['--version'],
  supports: ['model', 'provider', 'reasoning', 'permissions', 'session', 'harness-args'],
  advisory: ['reasoning', 'permissions'],
  unmet: [],
  reasoningVocab: ['off', 'minimal', 'low', 'medium', 'high', 'xhigh'],
  permissions: {
    vocab: ['read', 'write'],
    argv: {read: ['--no-builtin-tools'], write: []},
    rationale: 'pi has no elevated mode distinct from its default, so all would be accepted and dropped.',
    default: null,
  },
  knobRequirements: [],
  // pi's built-in default provider needs a cloud key an unattended seat may not have.
  defaults: {model: null, reasoning: null, modelFitForDriving: false},
  continuity: 'resume-id',
  toolReach: 'stdio-mcp',
  identityScope: 'turn',
  evidence,
  workspace,
  buildCommand: (turn) => ({
    argv: [
      'pi', '-p', '--mode', 'json', '--no-extensions',
      '-e', `${turn.paths.pluginRoot.replace(/\/+$/, '')}/assets/agora-bridge.js`,
      ...modelArgv(turn),
      ...(turn.reasoning ? ['--thinking', turn.reasoning] : []),
      ...turn.permissionArgv,
      ...(turn.sessionId ? ['--session', turn.sessionId] : []),
      ...passThrough(turn),
      turn.prompt,
    ],
    env: {
      AGORA_MCP_COMMAND: turn.mcp.command,
      ...(turn.mcp.args.length > 0 ? {AGORA_MCP_ARGS: JSON.stringify(turn.mcp.args)} : {}),
      PI_CODING_AGENT_DIR: turn.paths.stateDir,
      PI_OFFLINE: '1',
      PI_SKIP_VERSION_CHECK: '1',
      ...turn.mcp.env,
      AGORA_API_KEY: '',
      AGORA_ADMIN_KEY: '',
    },
  }),
} satisfies HarnessDeclaration
