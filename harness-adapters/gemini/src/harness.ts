import type {AcpHarnessDeclaration, PermissionLevel} from '@agora/contract'

/** Gemini CLI's approval modes per agora level; the transport answers whatever the mode still asks. */
const MODE: Record<PermissionLevel, string> = {read: 'default', write: 'autoEdit', all: 'yolo'}

/**
 * Gemini CLI's native ACP mode (`gemini --acp`). agora's server rides `session/new`; the model is
 * `session/set_model`, the level an approval mode. Findings: README.md.
 */
export const gemini = {
  name: 'gemini',
  summary: 'Gemini CLI over the Agent Client Protocol (gemini --acp)',
  contract: '^1',
  transport: 'acp',
  binary: 'gemini',
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
    argv: ['gemini', '--acp'],
    // The seat's workspace is the operator's choice; untrusted, gemini refuses every approval mode but default.
    env: {GEMINI_CLI_TRUST_WORKSPACE: 'true'},
    session: {...turn.session, modeId: MODE[turn.permissions], modelId: turn.model},
  }),
} satisfies AcpHarnessDeclaration
