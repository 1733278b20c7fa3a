import type {AcpHarnessDeclaration, PermissionLevel} from '@agora/contract'

/** Claude Code's permission modes per agora level; the transport answers whatever the mode still asks. */
const MODE: Record<PermissionLevel, string> = {read: 'default', write: 'acceptEdits', all: 'acceptEdits'}

/**
 * Claude Code through Zed's ACP adapter (`claude-code-acp`). agora's server rides `session/new`;
 * the model is `session/set_model`, the level a permission mode. Findings: README.md.
 */
export const claudeAcp = {
  name: 'claude-acp',
  summary: 'Claude Code over the Agent Client Protocol (claude-code-acp)',
  contract: '^1',
  transport: 'acp',
  binary: 'claude-code-acp',
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
    argv: ['claude-code-acp'],
    env: {},
    session: {...turn.session, modeId: MODE[turn.permissions], modelId: turn.model},
  }),
} satisfies AcpHarnessDeclaration
