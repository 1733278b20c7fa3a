import type {HarnessDeclaration, Turn} from '@agora/contract'
import {workspace} from './workspace.js'

const passThrough = (turn: Turn) => turn.harnessArgs.flatMap(([k, v]) => (v === '' ? [`--${k}`] : [`--${k}`, v]))
/** A caller-chosen session: the seat's own, so continuity survives a driver restart. */
const session = (turn: Turn) => turn.sessionId ?? `agora-${turn.seat.agentId}`
/** The reference's reception timeout, used when the caller names none. */
const DEFAULT_TIMEOUT_SECONDS = 3600

/**
 * AbstractCode-TUI headless `exec`. Its tools run on the framework's own server (tool reach
 * external) under that server's configured identity (process scope: one seat per server
 * process). It prints prose only, so evidence is unmet. The prompt is the second argv element.
 */
export const abstractcodeTui = {
  name: 'abstractcode-tui',
  summary: "AbstractCode-TUI headless exec; tools on the framework's own server (one seat per server process)",
  contract: '^1',
  binary: 'abstractcode-tui',
  probeArgv: ['--version'],
  supports: ['model', 'provider', 'reasoning', 'permissions', 'session', 'harness-args'],
  advisory: ['reasoning'],
  unmet: ['evidence', 'lease-hook'],
  reasoningVocab: ['none', 'minimal', 'low', 'medium', 'high', 'xhigh', 'auto', 'on'],
  permissions: {
    vocab: ['read', 'write', 'all'],
    argv: {read: ['--permissions', 'read'], write: ['--permissions', 'write'], all: ['--permissions', 'all']},
    rationale: '',
    // The only level verified with a live hub turn (2026-07-30); enforced by its own server's policy.
    default: 'all',
  },
  knobRequirements: [],
  defaults: {model: null, reasoning: null, modelFitForDriving: false},
  continuity: 'resume-id',
  toolReach: 'external',
  identityScope: 'process',
  evidence: null,
  workspace,
  buildCommand: (turn) => ({
    argv: [
      'abstractcode-tui', 'exec', turn.prompt,
      '--workspace', turn.workspace, '--workspace-mode', 'workspace_only',
      ...turn.permissionArgv,
      '--timeout', String(Math.floor(turn.timeoutSeconds ?? DEFAULT_TIMEOUT_SECONDS)),
      ...(turn.model ? ['--model', turn.model] : []),
      ...(turn.provider ? ['--provider', turn.provider] : []),
      ...(turn.reasoning ? ['--reasoning', turn.reasoning] : []),
      '--session', session(turn),
      ...passThrough(turn),
    ],
    env: {},
    sessionId: session(turn),
  }),
} satisfies HarnessDeclaration
