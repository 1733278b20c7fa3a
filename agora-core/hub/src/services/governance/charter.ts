import type {Ctx} from '../kernel/index.js'
import type {AgentRec} from '../kernel/index.js'
import {hubCharterPointer, readCharter} from './receipts.js'
import type {RouteAnswer, Whoami} from '@agora/protocol'

/** whoami.hub_charter: a pointer, never the text. */
export async function charterPointer(ctx: Ctx, a: AgentRec): Promise<Whoami['hub_charter']> {
  return hubCharterPointer(ctx, a)
}

/** GET /charter[?full=true]: the seat's slice (or the whole text) and a receipt for the reader. */
export async function readHubCharter(ctx: Ctx, a: AgentRec, full = false): Promise<RouteAnswer<'get /charter'>> {
  return readCharter(ctx, a, full)
}
