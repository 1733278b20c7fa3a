/** Workspace leases on the wire (docs/protocol.md "Workspace leases"): the records are @agora/protocol's. */
import type {LeaseMode} from '@agora/protocol'

export type {Lease, LeaseCheck, LeaseConflict, LeaseList, LeaseMode} from '@agora/protocol'

export interface TakeLeases {
  workspace: string
  paths: string[]
  mode?: LeaseMode
  ttl_s?: number
  note?: string
}
