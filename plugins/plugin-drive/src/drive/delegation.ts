import type {HubPort} from '../hub-port.js'

/**
 * Does this seat itself hold an active delegation? whoami.delegations lists every active grant on
 * the hub (docs/protocol.md#governance), so the seat's own grant is the one whose agent_id is the seat.
 */
export function holdsDelegation(delegations: unknown[] | undefined, me: string): boolean {
  return (delegations ?? []).some((grant) => !!grant && typeof grant === 'object' && (grant as {agent_id?: unknown}).agent_id === me)
}

export async function isDelegate(hub: HubPort, me: string): Promise<boolean> {
  return holdsDelegation((await hub.whoami()).delegations, me)
}
