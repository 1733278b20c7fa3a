import type {WorkspaceFootprint} from '@agora/contract'

/** One harness to wire: its footprint data and the package root its `source` files are read from. */
export interface SetupHarness {
  name: string
  workspace: WorkspaceFootprint
  pluginRoot: string
}

export interface SetupInput {
  /** Absolute workspace path (the folder setup runs in; parents are never searched). */
  workspace: string
  seatId: string
  /** Hub URL without a trailing slash. */
  url: string
  about: string
  /** Resolved AGORA_HOME, and whether it is the default `~/.agora`. */
  home: string
  homeIsDefault: boolean
  /** The user's home directory; skills go under it. */
  userHome: string
  /** Absolute agora CLI path written into hooks. */
  agora: string
  /** The agora-mcp command written into MCP bindings. */
  mcpCommand: string
  harnesses: SetupHarness[]
  hooks: boolean
  channels: string[]
  /** plugin-harness's assets folder (rule template, skill). */
  assetsDir: string
  env: NodeJS.ProcessEnv
}

export type FileAction = 'created' | 'updated' | 'unchanged' | 'deleted'

export interface FileChange {
  /** Relative to the workspace. */
  path: string
  action: FileAction
}

export interface SetupResult {
  agentId: string
  url: string
  workspace: string
  harnesses: string[]
  hooks: boolean
  agora: string
  mcpCommand: string
  files: FileChange[]
  /** Absolute paths of installed skill files. */
  skills: string[]
  mission: 'mirrored' | 'none' | 'skipped'
  channels: {joined: string[]; failed: string[]}
  notes: string[]
  /** Why the seat is not ready; empty when READY. */
  issues: string[]
  status: 'READY' | 'NEEDS ACTION'
}
