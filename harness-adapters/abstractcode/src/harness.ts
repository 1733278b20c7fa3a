import type {HarnessDeclaration, Turn} from '@agora/contract'
import {evidence} from './evidence.js'
import {workspace} from './workspace.js'

const passThrough = (turn: Turn) => turn.harnessArgs.flatMap(([k, v]) => (v === '' ? [`--${k}`] : [`--${k}`, v]))
/** The session token of a state-file harness: memory is the lane file, not an id. */
const STATE_FILE_SESSION = 'state-file'
const stateFile = (turn: Turn) => `${turn.paths.stateDir.replace(/\/+$/, '')}/${turn.lane}.state.json`

/** The sidecar AbstractCode reads beside its state file: agora's MCP binding plus the seat's provider/model. */
function sidecar(turn: Turn): string {
  const config: Record<string, unknown> = {
    mcp_servers: {agora: {transport: 'stdio', command: [turn.mcp.command, ...turn.mcp.args], env: turn.mcp.env}},
  }
  if (turn.provider) config.provider = turn.provider
  if (turn.model) config.model = turn.model
  return `${JSON.stringify(config, null, 2)}\n`
}

/**
 * AbstractCode headless (`abstractcode exec --json`). Memory is a per-lane state file; the MCP
 * binding is its `.config.json` sidecar, returned in `files` for core to write (0600) before the
 * turn. Every MCP tool needs approval below full-auto and headless approval is a denial, so
 * `all` is the whole vocabulary and the default.
 */
export const abstractcode = {
  name: 'abstractcode',
  summary: 'AbstractCode headless turns (abstractcode exec --json), per-lane state file',
  contract: '^1',
  binary: 'abstractcode',
  probeArgv: ['--help'],
  supports: ['model', 'provider', 'reasoning', 'permissions', 'session', 'harness-args'],
  advisory: ['reasoning'],
  unmet: ['lease-hook'],
  reasoningVocab: ['auto', 'none', 'minimal', 'low', 'medium', 'high', 'xhigh'],
  permissions: {
    vocab: ['all'],
    argv: {all: ['--permission-mode', 'full-auto']},
    rationale: 'AbstractCode gates every MCP tool below full-auto and a headless run answers approval with denial, so all is the only level a driven seat works at.',
    default: 'all',
  },
  knobRequirements: [],
  // Its built-in default is a small local model chosen for cheap interactive use.
  defaults: {model: null, reasoning: null, modelFitForDriving: false},
  continuity: 'state-file',
  toolReach: 'stdio-mcp',
  identityScope: 'turn',
  evidence,
  workspace,
  buildCommand: (turn) => ({
    argv: [
      'abstractcode', 'exec', '--json', '--state-file', stateFile(turn),
      ...turn.permissionArgv,
      '--skill', 'agora-channels',
      ...(turn.provider ? ['--provider', turn.provider] : []),
      ...(turn.model ? ['--model', turn.model] : []),
      ...(turn.reasoning ? ['--reasoning', turn.reasoning] : []),
      ...passThrough(turn),
      turn.prompt,
    ],
    env: {},
    files: [{path: stateFile(turn).replace(/\.json$/, '.config.json'), content: sidecar(turn)}],
    // A fresh session is a fresh state file: the sidecar (binding, provider, model) stays.
    discard: turn.sessionId ? [] : [stateFile(turn)],
    sessionId: STATE_FILE_SESSION,
  }),
} satisfies HarnessDeclaration
