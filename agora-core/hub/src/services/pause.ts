import type {Ctx} from './context.js'

interface PauseRow {since: number; until: number | null; reason: string; by: string}

function pauses(ctx: Ctx): PauseRow[] {
  ctx.pauseCache ??= ctx.q.all<PauseRow>('SELECT since, until, reason, by FROM hub_pauses ORDER BY id')
  return ctx.pauseCache
}

export function currentPause(ctx: Ctx): PauseRow | undefined {
  const list = pauses(ctx)
  for (let i = list.length - 1; i >= 0; i--) if (list[i].until == null) return list[i]
  return undefined
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
  let total = 0
  for (const r of pauses(ctx)) {
    if (r.since >= to || (r.until != null && r.until <= from)) continue
    total += Math.max(0, Math.min(to, r.until ?? to) - Math.max(from, r.since))
  }
  return total
}

/** Start a pause (idempotent: an open pause is returned as is). Admin key only, checked by the route. */
export function startPause(ctx: Ctx, reason: string, by: string): PauseRow {
  const open = currentPause(ctx)
  if (open) return open
  ctx.q.run('INSERT INTO hub_pauses (since, reason, by) VALUES (?, ?, ?)', ctx.now(), reason, by)
  ctx.pauseCache = null
  return currentPause(ctx) as PauseRow
}

export function endPause(ctx: Ctx): boolean {
  const open = currentPause(ctx)
  if (!open) return false
  ctx.q.run('UPDATE hub_pauses SET until = ? WHERE until IS NULL', ctx.now())
  ctx.pauseCache = null
  return true
}
