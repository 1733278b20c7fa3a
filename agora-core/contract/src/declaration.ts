import type {
  ContractItem,
  Continuity,
  IdentityScope,
  Knob,
  Lane,
  PermissionLevel,
  ToolReach,
  TurnKind,
  Transport,
  TurnStage,
} from './vocabulary.js'
import type {EvidenceSpec} from './evidence-spec.js'
import type {WorkspaceFootprint} from './workspace-spec.js'

/** The non-secret identity block every turn's MCP server receives. Never a key. */
export interface SeatBinding {
  /** The seat id the turn acts as. */
  agentId: string
  /** The hub URL, without a trailing slash. */
  url: string
  /** The resolved AGORA_HOME whose keys.json the MCP server reads. */
  home: string
  /** The seat's self-description, passed as AGORA_ABOUT. */
  about: string
}

/** How the turn launches agora's stdio MCP server. `env` is the bearer-free binding block. */
export interface McpLaunch {
  command: string
  args: string[]
  env: Record<string, string>
}

/**
 * Everything a harness needs to arrange one turn. Core validates every knob against the
 * declaration first and resolves defaults, so `buildCommand` only arranges strings.
 */
export interface Turn {
  prompt: string
  kind: TurnKind
  lane: Lane
  /** The session to resume, or null for a fresh one. */
  sessionId: string | null
  model: string | null
  provider: string | null
  reasoning: string | null
  /** The resolved level (operator's, else the harness default, else write). */
  permissions: PermissionLevel
  /** The declaration's argv for that level, resolved by core. */
  permissionArgv: string[]
  /**
   * The session calls with no knob applied, resolved by core for a session transport: the workspace
   * as cwd, agora's stdio MCP server (the bearer-free binding env), the permission level, and the
   * session to resume. A plugin adds its knobs (`modelId`, `modeId`, `configOptions`) on top.
   */
  session: SessionSetup
  /** `--harness-arg K=V` pairs in operator order; only non-empty when the harness declares `harness-args`. */
  harnessArgs: Array<[string, string]>
  seat: SeatBinding
  mcp: McpLaunch
  /** Absolute path of the workspace (the launch folder); the turn's cwd. */
  workspace: string
  paths: {
    /** Root of the harness plugin's own package, for files it ships (a bridge extension, say). */
    pluginRoot: string
    /** A directory under AGORA_HOME private to this seat and harness, for state the harness keeps. */
    stateDir: string
    /**
     * Absolute path of agora's packaged agora-channels SKILL.md, when the caller has it; a harness
     * that loads the skill per turn (rather than from the workspace) points its CLI at it.
     */
    skill?: string
  }
  /** The caller's bound on this turn in seconds, for a harness whose CLI takes its own timeout. */
  timeoutSeconds?: number
}

/** A file the turn needs on disk before it starts; core writes it (0600) or, in conformance, inspects it. */
export interface TurnFile {
  /** Absolute path. */
  path: string
  content: string
}

/** An MCP server as a session request carries it (ACP's `McpServerStdio`): env as name/value pairs. */
export interface SessionMcpServer {
  name: string
  command: string
  args: string[]
  env: Array<{name: string; value: string}>
}

/**
 * The session calls a non-argv transport makes before and around the prompt, as data: `session/new`
 * (or `session/load` / `session/resume` for `resumeSessionId` when the agent advertises it) with
 * `mcpServers`, then each knob as its own call. `permissions` is the level the transport answers
 * the agent's permission requests from.
 */
export interface SessionSetup {
  /** Absolute; the session's working folder. */
  cwd: string
  mcpServers: SessionMcpServer[]
  permissions: PermissionLevel
  /** The session to continue, or null for a fresh one. */
  resumeSessionId: string | null
  /** `session/set_mode` with this mode id, when set. */
  modeId: string | null
  /** `session/set_model` with this model id, when set. */
  modelId: string | null
  /** `session/set_config_option` calls, in order (a reasoning effort, say). */
  configOptions: Array<{configId: string; value: string}>
}

/** An Orca Harness Protocol v1 worker: where it listens and the agent profile each run names. */
export interface OrcaWorker {
  /** Base URL, e.g. `http://127.0.0.1:7099` (no trailing slash). */
  url: string
  /** The envelope's `profile`: `runtime` is `custom` for a bring-your-own worker. */
  profile: OrcaProfile
}

export interface OrcaProfile {
  name: string
  runtime: string
  model?: string
  systemPrompt?: string
  tools?: string[]
  template?: {name: string; version?: string}
}

/**
 * One `POST /run` as data (transport `http`): the worker, the stable Orca `sessionId`, the profile
 * and skills. The transport adds `subtask` (a fresh turn id and the prompt) and agora's HTTP MCP
 * endpoint with a turn token in `mcpServers`; agora's stdio launch in `session.mcpServers` is
 * what it starts with `--http` to serve that endpoint.
 */
export interface HttpRun {
  url: string
  sessionId: string
  profile: OrcaProfile
  skills: Array<{name: string; body: string}>
  /** Where the worker's `/state` bundle is kept between turns (continuity), or null for none. */
  stateFile: string | null
}

/** What `buildCommand` returns: the argv (argv[0] is the binary), extra env, and files to write first. */
export interface BuiltCommand {
  argv: string[]
  env: Record<string, string>
  files?: TurnFile[]
  /**
   * Absolute paths core removes before the turn: state a fresh session must not inherit (a
   * state-file harness given no session id discards its lane state, which is how it rotates).
   */
  discard?: string[]
  /**
   * The session this command runs in when the harness, not its stream, names it (a caller-chosen
   * id, or a state-file token); the driver adopts it like a stream-reported id when the verdict has none.
   */
  sessionId?: string
  /** The session calls, for a declaration whose transport is not argv (argv then only launches the agent). */
  session?: SessionSetup
  /** The run envelope's parts, for transport `http`. */
  http?: HttpRun
}

/** The verdict on one finished turn, from the evidence stream or, without one, the exit code. */
export interface TurnVerdict {
  ok: boolean
  stage: TurnStage | null
  reason: string | null
  detail: string
  /** Bare agora tool names that completed successfully, in order (prefixes normalised away). */
  tools: string[]
  /** Session id found in the stream, if any. */
  sessionId: string | null
  /** Operator-facing notices (a refused tool call narrated by the harness as a user refusal, say). */
  notices: string[]
}

export interface PermissionDeclaration {
  /** The levels this harness can express. */
  vocab: PermissionLevel[]
  /** Pure-data rendering of each level; a level may render as no argv when buildCommand expresses it otherwise. */
  argv: Partial<Record<PermissionLevel, string[]>>
  /** One sentence appended to a refusal, required whenever vocab is narrower than agora's. */
  rationale: string
  /** The level used when the operator names none; null means agora's default (write). */
  default: PermissionLevel | null
}

/** A refusal of a knob combination, as data: when `knob` is set, every knob in `requires` must be set too. */
export interface KnobRequirement {
  knob: Knob
  requires: Knob[]
  reason: string
}

/** A harness, declared. Everything but `buildCommand` is data; `buildCommand` is pure. */
export interface HarnessDeclaration {
  /** The registry name and CLI value (`agora drive --harness <name>`). */
  name: string
  /** One line for listings. */
  summary: string
  /** Semver range of the agora harness contract this declaration targets, e.g. '^1'. */
  contract: string
  /** How a turn is carried; absent means 'argv'. */
  transport?: Transport
  /** The Orca worker a transport-`http` harness drives (its `binary` is then the worker's URL). */
  worker?: OrcaWorker
  /** The executable looked up on PATH. */
  binary: string
  /** Arguments that prove a run terminates without an LLM call (C2; an ACP agent's probe is its `initialize`). */
  probeArgv: string[]
  supports: Knob[]
  /** Knobs forwarded but not guaranteed by the framework; printed once at arm time. */
  advisory: Knob[]
  /** Contract items this harness cannot provide, in the contract's words. */
  unmet: ContractItem[]
  /** Legal reasoning values for this harness; non-empty iff 'reasoning' is supported. */
  reasoningVocab: string[]
  permissions: PermissionDeclaration
  /** Knob combinations refused at arm time. */
  knobRequirements: KnobRequirement[]
  defaults: {
    /** A model agora pins when the operator names none, or null to let the framework pick. */
    model: string | null
    reasoning: string | null
    /** False when the framework's own default model is unfit to drive a seat (arm-time warning). */
    modelFitForDriving: boolean
  }
  continuity: Continuity
  toolReach: ToolReach
  identityScope: IdentityScope
  /** The machine-readable turn stream as data, or null ('evidence' must then be in unmet). */
  evidence: EvidenceSpec | null
  /** What `agora setup` writes into a workspace for this harness. */
  workspace: WorkspaceFootprint
  /** Arrange one turn. Pure: same turn in, same command out; no fs, env, clock or spawn. */
  buildCommand(turn: Turn): BuiltCommand
}

/**
 * Identity function whose only job is the type check: an excess key, a wrong vocabulary word or a
 * missing field is a compile error. C0 re-checks the same rules at runtime against the JSON schema.
 */
export function defineHarness<const T extends HarnessDeclaration>(declaration: T): T {
  return declaration
}
