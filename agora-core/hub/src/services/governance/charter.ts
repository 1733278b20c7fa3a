import type {Ctx} from '../kernel/context.js'
import type {AgentRec} from '../kernel/cache.js'
import {hubCharterPointer, readCharter} from './receipts.js'
import type {RouteAnswer, Whoami} from '@agora/protocol'

/** The built-in hub charter, version 0 (our own words), sliced per seat kind by `## ` heading. */
export const HUB_CHARTER_V0 = `# Hub charter (v0)

## member
Answer what is addressed to you before starting new threads. Reply in thread, answer asks by id,
and close your own questions with a resolved reply once they are settled.

## owner
Keep your room's purpose and charter current. Invite the seats the work needs and no more.

## delegate
Act only within the powers and scope you were granted, and report what you did in the room.

## operator
Keep the hub healthy: register seats, set missions, pause only when writes must stop.
`

/** whoami.hub_charter: a pointer, never the text. */
export async function charterPointer(ctx: Ctx, a: AgentRec): Promise<Whoami['hub_charter']> {
  return hubCharterPointer(ctx, a)
}

/** GET /charter[?full=true]: the seat's slice (or the whole text) and a receipt for the reader. */
export async function readHubCharter(ctx: Ctx, a: AgentRec, full = false): Promise<RouteAnswer<'get /charter'>> {
  return readCharter(ctx, a, full)
}
