import type {HarnessDeclaration, Turn} from '@agora/contract'
import {workspace} from './workspace.js'

const passThrough = (turn: Turn) => turn.harnessArgs.flatMap(([k, v]) => (v === '' ? [`--${k}`] : [`--${k}`, v]))

/**
 * Cursor headless agent (`cursor-agent -p`). The MCP binding and seat id are not in argv: the
 * turn reads the `.cursor/mcp.json` that `agora setup` wrote (`--approve-mcps` auto-approves it).
 * Evidence is unmet: its JSON envelope carries no tool record, so turns are judged by exit code.
 */
export const cursor = {
  name: 'cursor',
  summary: 'Cursor headless agent (cursor-agent -p); binding from the workspace .cursor/mcp.json',
  contract: '^1',
  binary: 'cursor-agent',
  probeArgv: ['--help'],
  supports: ['model', 'permissions', 'session', 'harness-args'],
  advisory: [],
  unmet: ['evidence', 'lease-hook'],
  reasoningVocab: [],
  permissions: {
    vocab: ['write', 'all'],
    argv: {write: ['--sandbox', 'enabled'], all: ['--force']},
    rationale: 'read is not offered: cursor-agent has no headless read-only mode agora could pin.',
    default: null,
  },
  knobRequirements: [],
  defaults: {model: null, reasoning: null, modelFitForDriving: true},
  continuity: 'resume-id',
  toolReach: 'stdio-mcp',
  identityScope: 'turn',
  evidence: null,
  workspace,
  buildCommand: (turn) => ({
    argv: [
      'cursor-agent', '-p', '--output-format', 'json', '--trust', '--approve-mcps',
      ...(turn.model ? ['--model', turn.model] : []),
      ...turn.permissionArgv,
      ...passThrough(turn),
      ...(turn.sessionId ? ['--resume', turn.sessionId] : []),
      turn.prompt,
    ],
    env: {},
  }),
} satisfies HarnessDeclaration
