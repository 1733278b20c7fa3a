import type {Ctx} from './context.js'
import type {AgentRec} from './cache.js'
import {recordCharterReceipt} from './fs.js'

/** The built-in hub charter, version 0 (our own words), served whole (`sliced:false`). */
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

export function viewOf(ctx: Ctx, a: AgentRec): string[] {
  if (a.operator) return ['member', 'owner', 'delegate', 'operator']
  const owns = [...ctx.cache.channels.values()].some(c => c.created_by === a.id && c.archived_at == null)
  return owns ? ['member', 'owner'] : ['member']
}

export function hubReceipt(ctx: Ctx, agent: string): number | null {
  return ctx.q.get<{version: number}>("SELECT version FROM charter_receipts WHERE agent = ? AND scope = 'hub'", agent)?.version ?? null
}

/** whoami.hub_charter: a pointer, never the text. */
export function charterPointer(ctx: Ctx, a: AgentRec): Record<string, unknown> {
  const receipt = hubReceipt(ctx, a.id)
  return {version: 0, your_receipt: receipt, current: receipt !== null && receipt >= 0, view: viewOf(ctx, a),
    view_current: true, read_with: 'read_charter() / GET /charter'}
}

/** GET /charter: the whole v0 text (unsliced) and a receipt for the reader. */
export function readHubCharter(ctx: Ctx, a: AgentRec): Record<string, unknown> {
  recordCharterReceipt(ctx, a.id, 'hub', 0)
  return {version: 0, text: HUB_CHARTER_V0, sliced: false, view: viewOf(ctx, a), your_receipt: 0, current: true}
}
