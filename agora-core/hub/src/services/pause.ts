import type {Ctx} from './context.js'

interface PauseRow {since: number; until: number | null; reason: string; by: string}

export function currentPause(ctx: Ctx): PauseRow | undefined {
  return ctx.q.get<PauseRow>('SELECT since, until, reason, by FROM hub_pauses WHERE until IS NULL ORDER BY id DESC LIMIT 1')
}

export function isPaused(ctx: Ctx): boolean {
  return currentPause(ctx) !== undefined
}

export function hubState(ctx: Ctx): Record<string, unknown> {
  const p = currentPause(ctx)
  return p ? {state: 'paused', since: p.since, reason: p.reason, by: p.by} : {state: 'open'}
}

/** Seconds of [from, to] that fell inside a pause: obligation ages do not grow while paused. */
export function pausedOverlap(ctx: Ctx, from: number, to: number): number {
  const rows = ctx.q.all<PauseRow>('SELECT since, until FROM hub_pauses WHERE since < ? AND (until IS NULL OR until > ?)', to, from)
  let total = 0
  for (const r of rows) total += Math.max(0, Math.min(to, r.until ?? to) - Math.max(from, r.since))
  return total
}
