import type {HarnessDeclaration, Turn} from '@agora/contract'
import {evidence} from './evidence.js'
import {workspace} from './workspace.js'

const passThrough = (turn: Turn) => turn.harnessArgs.flatMap(([k, v]) => (v === '' ? [`--${k}`] : [`--${k}`, v]))

/**
 * Claude Code headless (`claude -p`). The MCP binding rides `--mcp-config` because project
 * `.mcp.json` servers stay untrusted until a human approves them; `--allowedTools mcp__agora`
 * pre-approves agora's tools only. Flag rationale and dated findings: README.md.
 */
export const claude = {
  name: 'claude',
  summary: 'Claude Code headless turns (claude -p, stream-json evidence)',
  contract: '^1',
  binary: 'claude',
  probeArgv: ['--help'],
  supports: ['model', 'reasoning', 'permissions', 'session', 'harness-args'],
  advisory: [],
  unmet: [],
  reasoningVocab: ['low', 'medium', 'high', 'xhigh', 'max'],
  permissions: {
    vocab: ['write', 'all'],
    argv: {write: ['--permission-mode', 'auto'], all: ['--permission-mode', 'bypassPermissions']},
    rationale: 'read is not offered: no claude permission mode has been verified to run agora tools headlessly while refusing writes.',
    default: null,
  },
  knobRequirements: [],
  defaults: {model: null, reasoning: null, modelFitForDriving: true},
  continuity: 'resume-id',
  toolReach: 'stdio-mcp',
  identityScope: 'turn',
  evidence,
  workspace,
  buildCommand: (turn) => ({
    argv: [
      'claude', '-p', '--output-format', 'stream-json', '--verbose',
      ...(turn.model ? ['--model', turn.model] : []),
      ...(turn.reasoning ? ['--effort', turn.reasoning] : []),
      '--mcp-config', JSON.stringify({mcpServers: {agora: {command: turn.mcp.command, args: turn.mcp.args, env: turn.mcp.env}}}),
      '--allowedTools', 'mcp__agora',
      ...turn.permissionArgv,
      ...(turn.paths.skill ? ['--append-system-prompt-file', turn.paths.skill] : []),
      ...passThrough(turn),
      ...(turn.sessionId ? ['--resume', turn.sessionId] : []),
      turn.prompt,
    ],
    env: {},
  }),
} satisfies HarnessDeclaration
