import type {Power} from '@agora/protocol'
import type {Ctx} from '../kernel/index.js'
import type {GrantRow} from '../kernel/index.js'

// The read side of delegations: who holds which power now (or at a past hub time), from the
// in-memory mirror. Channels, obligations and work ask these questions; governance/delegations.ts
// writes the grants. Kept apart so a reader never loads the writer (which posts hub alerts).

/** One active grant as served by GET /delegations and whoami.delegations (docs/protocol.md#governance). */
export interface Grant {
  agent_id: string
  powers: Power[]
  granted_at: number
  expires_at: number
  note: string
  scope: string
}


export function toGrant(r: GrantRow): Grant {
  return {agent_id: r.agent_id, powers: JSON.parse(r.powers) as Power[], granted_at: r.granted_at, expires_at: r.expires_at, note: r.note, scope: r.scope}
}

/** The seat's live grant: not revoked and not expired by the hub clock (read from the in-memory mirror). */
export function activeGrant(ctx: Ctx, agent: string): Grant | null {
  // A context without a grant mirror (the pure closure-engine unit tests) has no grants.
  const rows = ctx.cache.grants?.get(agent)
  if (!rows) return null
  const now = ctx.now()
  const r = latest(rows.filter(g => g.revoked_at == null && g.expires_at > now))
  return r ? toGrant(r) : null
}

/** The row granted last (the later row on a tie), as `ORDER BY granted_at DESC LIMIT 1` picks it. */
function latest(rows: GrantRow[]): GrantRow | undefined {
  let best: GrantRow | undefined
  for (const g of rows) if (!best || g.granted_at >= best.granted_at) best = g
  return best
}

export function activeGrants(ctx: Ctx): Grant[] {
  const out: Grant[] = []
  for (const agent of [...(ctx.cache.grants?.keys() ?? [])].sort()) {
    const g = activeGrant(ctx, agent)
    if (g) out.push(g)
  }
  return out
}

/** Does `agent` hold one of `powers` scoped to `channel` (or `*`)? */
export function holdsChannelPower(ctx: Ctx, agent: string, channel: string, powers: readonly Power[]): boolean {
  const g = activeGrant(ctx, agent)
  return !!g && (g.scope === channel || g.scope === '*') && g.powers.some(p => powers.includes(p))
}

export function reportingDelegates(ctx: Ctx): string[] {
  return activeGrants(ctx).filter(g => g.powers.includes('reporting')).map(g => g.agent_id)
}

/** A `reporting` grant reaches a channel when it is hub-wide (""), `*`, or scoped to that channel. */
function reaches(g: Grant, channel: string): boolean {
  return g.powers.includes('reporting') && (g.scope === '' || g.scope === '*' || g.scope === channel)
}

/** Does `agent` hold an active `reporting` grant reaching `channel` now (docs/protocol.md#discharge-and-closure)? */
export function reportsIn(ctx: Ctx, agent: string, channel: string): boolean {
  const g = activeGrant(ctx, agent)
  return !!g && reaches(g, channel)
}

/**
 * Did `agent` hold a `reporting` grant reaching `channel` at hub time `at`? A completion report is
 * judged by the grant in force when it was posted, so a later expiry or revocation never reopens
 * the thread it settled.
 */
export function reportedIn(ctx: Ctx, agent: string, channel: string, at: number): boolean {
  const rows = ctx.cache.grants?.get(agent)
  if (!rows) return false
  const r = latest(rows.filter(g => g.granted_at <= at && g.expires_at > at && (g.revoked_at == null || g.revoked_at > at)))
  return !!r && reaches(toGrant(r), channel)
}

export function isReportingDelegate(ctx: Ctx, agent: string): boolean {
  return !!activeGrant(ctx, agent)?.powers.includes('reporting')
}

/** A `moderation` grant covers hub scope when hub-wide or `*`, and a channel when scoped to it (or `*`/hub-wide). */
export function moderates(ctx: Ctx, agent: string, scope: string): boolean {
  const g = activeGrant(ctx, agent)
  if (!g || !g.powers.includes('moderation')) return false
  return g.scope === '' || g.scope === '*' || g.scope === scope
}
