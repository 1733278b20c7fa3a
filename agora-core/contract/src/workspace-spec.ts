/**
 * What `agora setup` writes into a workspace for one harness, as data. Generic setup code
 * interprets it; no writer is keyed by a harness name.
 *
 * Values may contain placeholders, replaced by setup: {{agora}} (absolute agora CLI path),
 * {{mcp.command}}, {{seat.id}}, {{seat.url}}, {{home}}, and, as a whole JSON value,
 * "{{mcp.env}}" (the bearer-free binding env block) or "{{mcp.commandArray}}".
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
  format: 'json' | 'toml'
  entries: ConfigEntry[]
}

export type HookEvent = 'SessionStart' | 'UserPromptSubmit' | 'PostToolUse' | 'Stop'

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
  /** Add an asyncRewake `agora listen --once` entry to these events. */
  asyncRewakeEvents: HookEvent[]
}

export interface WorkspaceFootprint {
  /** The MCP binding agora merges into, or null when the turn carries it (or the framework serves its own tools). */
  mcpConfig: McpConfigFile | null
  /** The rule file, relative to the workspace (e.g. 'AGENTS.md'). */
  ruleFile: string
  /** 'marked-block' upserts agora's block at the top; 'whole-file' rewrites the file (with `frontmatter`). */
  ruleStyle: 'marked-block' | 'whole-file'
  frontmatter?: string
  /** Harness-specific paragraphs of the rule template. */
  rule: {arming: string; waitPolicy: string; wakeNote: string}
  hooks: HooksFile | null
  /** Where the agora-channels skill is installed, relative to $HOME. */
  skillDir: string
  /** Adapter-provided files (a plugin script, a bridge extension), relative to the workspace; `hooksOnly` skips them under --no-hook. */
  files: Array<{path: string; content: string; hooksOnly?: boolean}>
  /** Excluded from `--harness all` (opt-in only), with the reason. */
  optIn: string | null
}
