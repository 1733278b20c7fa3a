import {ContractRefusal, armRefusal, resolvePermissions} from './arm.js'
import type {DriveRequest} from './arm.js'
import type {HarnessDeclaration, McpLaunch, SeatBinding, Turn} from './declaration.js'
import type {Lane, TurnKind} from './vocabulary.js'

/** One turn as the caller knows it: the operator's request plus who, where and what. */
export interface TurnInput extends DriveRequest {
  prompt: string
  kind: TurnKind
  lane: Lane
  sessionId: string | null
  seat: SeatBinding
  mcp: McpLaunch
  workspace: string
  paths: Turn['paths']
  timeoutSeconds?: number
}

/**
 * THE non-secret env block of agora's MCP server. The explicit empty keys override stale
 * credentials in a framework's own config; the server treats empty as absent and reads the
 * 0600 key cache under AGORA_HOME.
 */
export function mcpBindingEnv(seat: SeatBinding, extra: {downloadDir?: string} = {}): Record<string, string> {
  const env: Record<string, string> = {
    AGORA_API_KEY: '',
    AGORA_ADMIN_KEY: '',
    AGORA_URL: seat.url.replace(/\/+$/, ''),
    AGORA_AGENT_ID: seat.agentId,
    AGORA_HOME: seat.home,
    AGORA_ABOUT: seat.about,
  }
  if (extra.downloadDir) env.AGORA_DOWNLOAD_DIR = extra.downloadDir
  return env
}

/**
 * Validate the request against the declaration and resolve every default, so `buildCommand`
 * only arranges strings. Throws a ContractRefusal carrying the arm-time refusal text.
 */
export function prepareTurn(decl: HarnessDeclaration, input: TurnInput, all: HarnessDeclaration[] = [decl]): Turn {
  const refusal = armRefusal(decl, input, all)
  if (refusal) throw new ContractRefusal(refusal)
  const permissions = resolvePermissions(decl, input.permissions)
  const sessionId = input.sessionId || null
  return {
    prompt: input.prompt,
    kind: input.kind,
    lane: input.lane,
    sessionId,
    model: input.model || decl.defaults.model,
    provider: input.provider || null,
    reasoning: input.reasoning || decl.defaults.reasoning,
    permissions,
    permissionArgv: [...(decl.permissions.argv[permissions] ?? [])],
    session: {
      cwd: input.workspace,
      mcpServers: [{name: 'agora', command: input.mcp.command, args: [...input.mcp.args], env: Object.entries(input.mcp.env).map(([name, value]) => ({name, value}))}],
      permissions,
      resumeSessionId: sessionId,
      modeId: null,
      modelId: null,
      configOptions: [],
    },
    harnessArgs: (input.harnessArgs ?? []).map(([k, v]) => [k, v] as [string, string]),
    seat: {...input.seat},
    mcp: {command: input.mcp.command, args: [...input.mcp.args], env: {...input.mcp.env}},
    workspace: input.workspace,
    paths: {...input.paths},
    ...(input.timeoutSeconds === undefined ? {} : {timeoutSeconds: input.timeoutSeconds}),
  }
}

/** The sample seat and turn used by `agora harness show` and the contract suite. */
export function sampleTurnInput(overrides: Partial<TurnInput> = {}): TurnInput {
  const seat: SeatBinding = overrides.seat ?? {agentId: 'sample-seat', url: 'http://127.0.0.1:8765', home: '/home/agora/.agora', about: 'a sample seat'}
  return {
    prompt: '<prompt>',
    kind: 'boot',
    lane: 'reception',
    sessionId: null,
    mcp: {command: '/usr/local/bin/agora-mcp', args: [], env: mcpBindingEnv(seat)},
    workspace: '/home/agora/workspace',
    paths: {pluginRoot: '/usr/local/lib/agora/harness', stateDir: `${seat.home}/harness-state/${seat.agentId}`, skill: '/usr/local/lib/agora/skill/SKILL.md'},
    ...overrides,
    seat,
  }
}
