import type {HarnessDeclaration, Turn} from '@agora/contract'
import {evidence} from './evidence.js'
import {workspace} from './workspace.js'

const passThrough = (turn: Turn) => turn.harnessArgs.flatMap(([k, v]) => (v === '' ? [`--${k}`] : [`--${k}`, v]))
/** A TOML inline table of strings; JSON string quoting is valid TOML basic-string quoting. */
const tomlTable = (env: Record<string, string>) => `{${Object.entries(env).map(([k, v]) => `${k}=${JSON.stringify(v)}`).join(', ')}}`

/**
 * Codex headless (`codex exec --json`). The binding rides codex's highest-precedence per-run
 * config layer (`-c`), so a driven seat never depends on project trust or the global registry;
 * `required=true` fails the turn when the server cannot start. Findings: README.md.
 */
export const codex = {
  name: 'codex',
  summary: 'OpenAI Codex headless turns (codex exec --json)',
  contract: '^1',
  binary: 'codex',
  probeArgv: ['--version'],
  supports: ['model', 'reasoning', 'permissions', 'session', 'harness-args'],
  advisory: [],
  unmet: [],
  reasoningVocab: ['none', 'low', 'medium', 'high', 'xhigh'],
  permissions: {
    vocab: ['write'],
    // Structural, not data: `-s workspace-write` is accepted by a fresh `exec` only; a resumed thread keeps its sandbox.
    argv: {write: []},
    rationale: 'codex stays write-only: dropping the OS sandbox would let shell network bypass MCP.',
    default: null,
  },
  knobRequirements: [],
  // An ambient `model` in $CODEX_HOME/config.toml made every wake 400, so agora pins its own.
  defaults: {model: 'gpt-5.4', reasoning: 'medium', modelFitForDriving: true},
  continuity: 'resume-id',
  toolReach: 'stdio-mcp',
  identityScope: 'turn',
  evidence,
  workspace,
  buildCommand: (turn) => ({
    argv: [
      'codex', 'exec', ...(turn.sessionId ? ['resume'] : []), '--json', '--skip-git-repo-check',
      '-c', 'sandbox_workspace_write.network_access=false',
      '-c', `mcp_servers.agora.command=${JSON.stringify(turn.mcp.command)}`,
      '-c', `mcp_servers.agora.args=${JSON.stringify(turn.mcp.args)}`,
      '-c', 'mcp_servers.agora.enabled=true',
      '-c', 'mcp_servers.agora.required=true',
      '-c', 'mcp_servers.agora.default_tools_approval_mode="approve"',
      '-c', `mcp_servers.agora.env=${tomlTable(turn.mcp.env)}`,
      ...(turn.model ? ['-m', turn.model] : []),
      ...(turn.reasoning ? ['-c', `model_reasoning_effort=${JSON.stringify(turn.reasoning)}`] : []),
      ...(turn.sessionId ? [] : ['-s', 'workspace-write']),
      ...passThrough(turn),
      ...(turn.sessionId ? [turn.sessionId] : []),
      turn.prompt,
    ],
    env: {},
  }),
} satisfies HarnessDeclaration
