/**
 * The contract's vocabularies. Every word a harness declaration may use is listed here once,
 * as a const array (for runtime checks and the JSON schema) and a string-literal union (for the
 * compiler), so a typo such as 'evidnce' fails to compile and fails C0 at runtime.
 */

/** The semver of the harness contract itself; a declaration's `contract` range must satisfy it. */
export const CONTRACT_VERSION = '1.0.0'

/** Operator knobs a harness may declare it can express. `harness-args` is `--harness-arg K=V` pass-through. */
export const KNOBS = ['model', 'provider', 'reasoning', 'permissions', 'session', 'harness-args'] as const
export type Knob = (typeof KNOBS)[number]

/**
 * Contract items, in the contract's own words; `unmet` lists the ones a harness cannot provide.
 * `lease-hook`: a pre-tool hook that can refuse a file write on a path another seat leased.
 */
export const CONTRACT_ITEMS = ['single-turn', 'tool-reach', 'identity', 'evidence', 'continuity', 'model', 'sandbox', 'lease-hook'] as const
export type ContractItem = (typeof CONTRACT_ITEMS)[number]

/** Items with no degraded mode: a harness missing one cannot carry a driven seat. */
export const HARD_ITEMS = ['single-turn', 'tool-reach', 'identity'] as const satisfies readonly ContractItem[]
export type HardItem = (typeof HARD_ITEMS)[number]

/** agora's three execution levels; a harness declares which it can express. */
export const PERMISSION_LEVELS = ['read', 'write', 'all'] as const
export type PermissionLevel = (typeof PERMISSION_LEVELS)[number]

/** The level a driven seat gets when neither the operator nor the harness names one. */
export const DEFAULT_PERMISSION_LEVEL: PermissionLevel = 'write'

/**
 * How a turn is carried. 'argv': a process built from argv whose stdout is the evidence. 'acp': an
 * Agent Client Protocol agent driven over JSON-RPC on stdio. 'http': an Orca Harness Protocol v1
 * worker, one `POST /run` per turn whose NDJSON answer is the evidence.
 */
export const TRANSPORTS = ['argv', 'acp', 'http'] as const
export type Transport = (typeof TRANSPORTS)[number]

/** The transport of a declaration that names none: every plugin written before transports existed. */
export const DEFAULT_TRANSPORT: Transport = 'argv'

export const CONTINUITY_STYLES = ['resume-id', 'state-file', 'none'] as const
export type Continuity = (typeof CONTINUITY_STYLES)[number]

export const IDENTITY_SCOPES = ['turn', 'process'] as const
export type IdentityScope = (typeof IDENTITY_SCOPES)[number]

export const TOOL_REACHES = ['stdio-mcp', 'external'] as const
export type ToolReach = (typeof TOOL_REACHES)[number]

/** What a spawned turn is for; the caller declares it (reception boot/wake, a work chunk, a conformance check). */
export const TURN_KINDS = ['boot', 'wake', 'work', 'check'] as const
export type TurnKind = (typeof TURN_KINDS)[number]

/** Session lanes of a driven seat: reception and work never resume into each other. */
export const LANES = ['reception', 'work'] as const
export type Lane = (typeof LANES)[number]

/**
 * Where a judged turn failed. Semantic stages reached the hub (a diagnosis, no retry); config
 * stages cannot be fixed by retrying; transport stages never reached the hub (back off, hold the wake).
 */
export const SEMANTIC_STAGES = ['reception', 'mcp-use', 'mcp-call', 'tool'] as const
export const CONFIG_STAGES = ['harness-config'] as const
export const TRANSPORT_STAGES = ['harness', 'infrastructure', 'mcp-init'] as const
export type TurnStage =
  | (typeof SEMANTIC_STAGES)[number]
  | (typeof CONFIG_STAGES)[number]
  | (typeof TRANSPORT_STAGES)[number]
