import type {Pass} from './pass.js'

export const FLEET_MIN_ELIGIBLE = 3
export const FLEET_LIVE_FRACTION = 0.5
export const FLEET_CONFIRM = 300
export const FLEET_SIGNAL_WINDOW = 6 * 3600

interface FleetGuard {last_live: Record<string, number>; below_since: number | null; alerted: boolean}

/**
 * Fleet liveness: seats observed live within 6 h are eligible; with at least 3 of them, a live fraction
 * below 0.5 held for 300 s raises one FLEET DARK alert per episode. Returns ['fleet'] when it alerted.
 */
export async function sweepFleet(pass: Pass): Promise<string[]> {
  const {ctx} = pass
  const g = pass.guards.get<FleetGuard>('fleet') ?? {last_live: {}, below_since: null, alerted: false}
  const lastLive: Record<string, number> = {}
  const live: string[] = []
  const eligible: string[] = []
  for (const agent of pass.seats()) {
    if (await pass.hubBlocked(agent)) continue
    const isLive = ctx.presence.row(agent).state !== 'offline'
    const seen = isLive ? pass.now : g.last_live[agent]
    if (seen === undefined || pass.now - seen > FLEET_SIGNAL_WINDOW) continue
    lastLive[agent] = seen
    eligible.push(agent)
    if (isLive) live.push(agent)
  }
  const below = eligible.length >= FLEET_MIN_ELIGIBLE && live.length / eligible.length < FLEET_LIVE_FRACTION
  const next: FleetGuard = {last_live: lastLive, below_since: below ? (g.below_since ?? pass.now) : null, alerted: below && g.alerted}
  let fired = false
  if (below && !next.alerted && pass.now - (next.below_since as number) >= FLEET_CONFIRM) {
    const dark = eligible.filter(a => !live.includes(a))
    await pass.alert(`FLEET DARK: ${live.length} of ${eligible.length} recently live seats are live (${dark.slice(0, 20).join(', ')} dark) for ${Math.round((pass.now - (next.below_since as number)) / 60)} min`,
      {title: 'FLEET DARK', to: await pass.reporting(), data: {alert: 'fleet_dark', live: live.length, eligible: eligible.length},
        dedupeKey: `fleet:${next.below_since}`})
    next.alerted = true
    fired = true
  }
  await pass.guards.set('fleet', next)
  return fired ? ['fleet'] : []
}
