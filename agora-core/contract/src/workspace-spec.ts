/**
 * What `agora setup` writes into a workspace for one harness, as data. Generic setup code
 * interprets it; no writer is keyed by a harness name.
 *
 * String values may contain placeholders, replaced by setup: {{agora}} (absolute agora CLI
 * path), {{mcp.command}}, {{seat.id}}, {{seat.url}}, {{seat.about}}, {{home}}; `{{name|json}}`
 * inserts the JSON encoding (for script files), and {{homeArgs|json}} is `["--home", H]` or `[]`.
 * A JSON value that is exactly "{{mcp.env}}" becomes the bearer-free binding env block, and
 * "{{mcp.commandArray}}" becomes `[<agora-mcp>]`.
 */
export type Template = unknown

/** Set `value` at `at` (a key path) inside a JSON or TOML config file, leaving every other entry alone. */
export interface ConfigEntry {
  at: string[]
  value: Template
  /** Only set when absent (e.g. a $schema key). */
  ifAbsent?: boolean
}

export interface McpConfigFile {
  /** Path relative to the workspace. */
  path: string
  /**
   * 'json': entries are set at their key paths. 'toml': each entry's object value is rendered as
   * managed tables (`[a.b]`, nested objects as `[a.b.c]`) replaced line-based; foreign tables and
   * comments are kept.
   */
  format: 'json' | 'toml'
  entries: ConfigEntry[]
}

export type HookEvent = 'SessionStart' | 'UserPromptSubmit' | 'PostToolUse' | 'Stop'

/**
 * The lease gate: a hook the harness runs before a tool call and that can refuse it. Setup wires
 * `agora hook PreToolUse --path-field <f>...` for the tools `matcher` selects; the hook reads the
 * target paths from those `tool_input` fields and denies the call when another seat holds one.
 */
export interface PreToolUseHook {
  /** The harness's tool-name matcher for file-writing tools (reads are never gated). */
  matcher: string
  /** `tool_input` fields that carry a target path. */
  pathFields: string[]
  /**
   * `tool_input` fields that carry an apply_patch body (a patch-based edit tool): the paths its
   * `*** Add File:`, `*** Update File:`, `*** Delete File:` and `*** Move to:` headers name are gated.
   */
  patchFields?: string[]
}

/**
 * Where the harness keeps its per-hook trust (some harnesses run a project hook only once its hash is
 * recorded as trusted in the user's config). Setup records agora's own handlers there, so the hooks it
 * just wrote run without a review prompt; foreign handlers are never trusted by agora.
 */
export interface HookTrustStore {
  /** `[hooks.state."<hooks file>:<event_snake>:<group>:<handler>"] trusted_hash = "sha256:…"` TOML tables. */
  format: 'hashed-hook-state'
  /** Environment variable naming the harness's home directory. */
  homeEnv: string
  /** The home relative to $HOME when the variable is unset. */
  homeDefault: string
  /** The TOML config file inside that home. */
  file: string
}

/**
 * The lease gate carried by one of the adapter's `files` (a plugin or extension the harness loads), for a
 * harness whose pre-tool interception lives in code rather than a hooks file: before each of `tools` runs,
 * the file pipes `{tool_input, cwd}` to `agora hook PreToolUse --path-field <each of pathFields>` and refuses
 * the call with the gate's text when it answers deny.
 */
export interface PluginLeaseGate {
  /** Workspace-relative path of the carrying file; must be one of the footprint's `files`. */
  file: string
  /** The harness's file-writing tool names (reads are never gated). */
  tools: string[]
  /** Tool-argument fields that carry a target path. */
  pathFields: string[]
}

/** An `agora listen --once` entry the harness runs asynchronously and re-wakes the session on exit 2. */
export interface AsyncRewake {
  events: HookEvent[]
  /** Seconds the listener waits before exiting silently. */
  maxWait: number
  /** The handler's own timeout, seconds. */
  timeout: number
  /** Text the harness injects on a wake; provenance-framed (the hub relays member-authored data). */
  message: string
  /** Short label the harness shows. */
  summary: string
}

export interface HooksFile {
  path: string
  /**
   * 'matcher-groups': {hooks: {<Event>: [{hooks: [{type:'command', command, timeout}]}]}};
   * 'flat-stop': {version:1, hooks: {stop: [{command, timeout, loop_limit}]}}.
   */
  shape: 'matcher-groups' | 'flat-stop'
  events: HookEvent[]
  /** Extra arguments appended to every `agora hook` command (e.g. an output format). */
  hookArgs: string[]
  /** Seconds; frozen for matcher groups because a harness may trust a hook by its declaration's hash. */
  timeout: number
  /** 'flat-stop' only: how many re-prompts one stop may chain. */
  loopLimit?: number
  /** The lease gate, for harnesses whose hooks can refuse a tool call; absent means 'lease-hook' is unmet. */
  preToolUse?: PreToolUseHook
  /** Where the harness records which hooks the user trusts, when it runs only trusted ones. */
  trust?: HookTrustStore
  /** Add an asyncRewake `agora listen --once` entry to these events. */
  asyncRewakeEvents: HookEvent[]
  /** Required when asyncRewakeEvents is non-empty. */
  asyncRewake?: Omit<AsyncRewake, 'events'>
}

/** The harness-specific paragraphs of the one rule template. */
export interface RuleSlots {
  /** Arming instructions for an interactive seat, or ''. */
  arming: string
  /** When (and whether) the seat may block waiting for mail. */
  waitPolicy: string
  /** How this harness is woken when mail arrives. */
  wakeNote: string
}

/** A file the adapter ships into the workspace: inline `content`, or `source` relative to the adapter package root. */
export interface AdapterFile {
  path: string
  content?: string
  source?: string
  /** Expand placeholders in the content (`{{agora|json}}` and friends); otherwise a byte copy. */
  template?: boolean
  /** Written only when hooks are on; removed by `--no-hook`. */
  hooksOnly?: boolean
}

export interface WorkspaceFootprint {
  /** The MCP binding agora merges into, or null when the turn carries it (or the framework serves its own tools). */
  mcpConfig: McpConfigFile | null
  /** The rule file the harness puts in every prompt, relative to the workspace (e.g. 'AGENTS.md'). */
  ruleFile: string
  /** 'marked-block' upserts agora's block at the top; 'whole-file' rewrites the file (with `frontmatter`). */
  ruleStyle: 'marked-block' | 'whole-file'
  /** Frontmatter lines (without the `---` fences) for a whole-file rule. */
  frontmatter?: string
  /** Harness-specific paragraphs of the rule template, and their replacements under `--no-hook`. */
  rule: RuleSlots & {noHook?: Partial<RuleSlots>}
  hooks: HooksFile | null
  /** Where the agora-channels skill is installed, relative to $HOME. */
  skillDir: string
  /** Adapter-provided files (a plugin script, a bridge extension), relative to the workspace. */
  files: AdapterFile[]
  /** The lease gate when a plugin file carries it (hooks.preToolUse is the hooks-file form); neither means 'lease-hook' is unmet. */
  leaseGate?: PluginLeaseGate
  /** Files earlier agora versions generated, deleted when present (relative to the workspace). */
  legacyFiles?: string[]
  /** Excluded from `--harness all` (opt-in only), with the reason. */
  optIn: string | null
}
