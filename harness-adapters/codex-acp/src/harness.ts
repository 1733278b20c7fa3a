import type {AcpHarnessDeclaration, PermissionLevel} from '@agora/contract'

/** codex-acp's approval presets per agora level (its `mode` config option). */
const PRESET: Record<PermissionLevel, string> = {read: 'read-only', write: 'auto', all: 'full-access'}

/**
 * Codex through Zed's ACP adapter (`codex-acp`). agora's server rides `session/new`; the level and
 * the model are codex-acp's `mode` and `model` config options. Findings: README.md.
 */
export const codexAcp = {
  name: 'codex-acp',
  summary: 'OpenAI Codex over the Agent Client Protocol (codex-acp)',
  contract: '^1',
  transport: 'acp',
  binary: 'codex-acp',
  supports: ['model', 'permissions', 'session'],
  advisory: [],
  unmet: [],
  reasoningVocab: [],
  permissions: {vocab: ['read', 'write', 'all'], argv: {}, rationale: '', default: null},
  knobRequirements: [],
  defaults: {model: null, reasoning: null, modelFitForDriving: true},
  continuity: 'resume-id',
  toolReach: 'stdio-mcp',
  identityScope: 'turn',
  buildCommand: (turn) => ({
    argv: ['codex-acp'],
    env: {},
    session: {
      ...turn.session,
      configOptions: [{configId: 'mode', value: PRESET[turn.permissions]}, ...(turn.model ? [{configId: 'model', value: turn.model}] : [])],
    },
  }),
} satisfies AcpHarnessDeclaration
