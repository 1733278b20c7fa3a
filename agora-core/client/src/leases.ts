/** Workspace leases on the wire (docs/protocol.md "Workspace leases"): the records are @agora/protocol's. */
import type {RequestBody} from '@agora/protocol'

export type {Lease, LeaseCheck, LeaseConflict, LeaseList, LeaseMode} from '@agora/protocol'

export type TakeLeases = RequestBody<'leaseTake'>
