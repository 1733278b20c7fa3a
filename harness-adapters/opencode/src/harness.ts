import type {HarnessDeclaration, PermissionLevel, Turn} from '@agora/contract'
import {evidence} from './evidence.js'
import {workspace} from './workspace.js'

const passThrough = (turn: Turn) => turn.harnessArgs.flatMap(([k, v]) => (v === '' ? [`--${k}`] : [`--${k}`, v]))

/** agora's levels as opencode `permission` blocks, pinned at every level (never inherited from opencode's default). */
const PERMISSION: Record<PermissionLevel, Record<string, string>> = {
  read: {bash: 'deny', edit: 'deny', write: 'deny', webfetch: 'deny', websearch: 'deny', external_directory: 'deny', 'agora*': 'allow'},
  write: {bash: 'allow', edit: 'allow', write: 'allow', webfetch: 'deny', websearch: 'deny', external_directory: 'deny', 'agora*': 'allow'},
  all: {'*': 'allow', external_directory: 'allow', 'agora*': 'allow'},
}

/** [provider, bare model]: a `provider/model` form names both; a separate --provider wins. */
function providerAndModel(turn: Turn): [string | null, string | null] {
  const model = turn.model
  if (!model || !model.includes('/')) return [turn.provider, model]
  const [qualifier, ...rest] = model.split('/')
  return [turn.provider ?? qualifier ?? null, rest.join('/')]
}

/** The per-run config layer (`OPENCODE_CONFIG_CONTENT`), deep-merged by opencode over global and project config. */
function runConfig(turn: Turn): Record<string, unknown> {
  const config: Record<string, unknown> = {
    mcp: {agora: {type: 'local', command: [turn.mcp.command, ...turn.mcp.args], enabled: true, timeout: 30000, environment: turn.mcp.env}},
    permission: PERMISSION[turn.permissions],
  }
  const [provider, model] = providerAndModel(turn)
  if (turn.reasoning && provider && model) {
    config.provider = {[provider]: {models: {[model]: {options: {reasoningEffort: turn.reasoning}}}}}
  }
  return config
}

/**
 * opencode headless (`opencode run --format json`). `--dir` is mandatory (it ignores process
 * cwd); the binding, permission block and effort ride its per-run config env var; per-workspace
 * XDG roots keep seats off one global SQLite store. Dated findings: README.md.
 */
export const opencode = {
  name: 'opencode',
  summary: 'opencode headless turns (opencode run --format json), per-run config in env',
  contract: '^1',
  binary: 'opencode',
  probeArgv: ['--version'],
  supports: ['model', 'provider', 'reasoning', 'permissions', 'session', 'harness-args'],
  advisory: ['reasoning'],
  unmet: [],
  reasoningVocab: ['none', 'minimal', 'low', 'medium', 'high', 'xhigh'],
  permissions: {vocab: ['read', 'write', 'all'], argv: {}, rationale: '', default: null},
  knobRequirements: [
    {knob: 'provider', requires: ['model'], reason: 'opencode expresses the provider inside the model (`-m provider/model`); pass --model too.'},
    {
      knob: 'reasoning',
      requires: ['model', 'provider'],
      reason: "opencode takes effort only through the model's own config entry (`provider.<p>.models.<m>.options.reasoningEffort`); pass --model and --provider too.",
    },
  ],
  // An unflagged model resolves from the operator's global config (a free tier silenced eight seats).
  defaults: {model: null, reasoning: null, modelFitForDriving: false},
  continuity: 'resume-id',
  toolReach: 'stdio-mcp',
  identityScope: 'turn',
  evidence,
  workspace,
  buildCommand: (turn) => {
    const [provider, model] = providerAndModel(turn)
    const root = `${turn.workspace.replace(/\/+$/, '')}/.agora/opencode`
    return {
      argv: [
        'opencode', 'run', '--dir', turn.workspace,
        '--title', `agora:${turn.seat.agentId}:${turn.sessionId ? 'resume' : 'turn'}`,
        '--format', 'json',
        ...(turn.model ? ['-m', turn.model.includes('/') || !provider ? turn.model : `${provider}/${model}`] : []),
        ...(turn.sessionId ? ['--session', turn.sessionId] : []),
        ...passThrough(turn),
        turn.prompt,
      ],
      env: {
        OPENCODE_CONFIG_CONTENT: JSON.stringify(runConfig(turn)),
        XDG_DATA_HOME: `${root}/data`,
        XDG_CACHE_HOME: `${root}/cache`,
        XDG_STATE_HOME: `${root}/state`,
      },
    }
  },
} satisfies HarnessDeclaration
