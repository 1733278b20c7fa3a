/** Workspace leases on the wire (docs/protocol.md "Workspace leases"). */
export type LeaseMode = 'exclusive' | 'shared'

export interface Lease {
  workspace: string
  /** The leased pattern: a repository-relative path or glob. */
  path: string
  holder: string
  mode: LeaseMode
  /** Where the lease was taken (where to ask about it); '' when the caller is not a member there. */
  channel: string
  taken_at: number
  expires_at: number
  note: string
  version: number
}

/** A lease standing in the way, and the requested path it covers. */
export interface LeaseConflict extends Lease {
  requested: string
}

export interface LeaseCheck {
  workspace: string
  clear: boolean
  conflicts: LeaseConflict[]
  /** One sentence naming holders and expiry ('' when clear). */
  detail: string
}

export interface LeaseList {
  workspace: string
  now: number
  leases: Lease[]
}

export interface TakeLeases {
  workspace: string
  paths: string[]
  mode?: LeaseMode
  ttl_s?: number
  note?: string
}
