import type {Ctx} from './context.js'
import type {Whoami} from '@agora/protocol'

export interface PauseRow {since: number; until: number | null; reason: string; by: string}

/**
 * Every pause, from the memo (`ctx.pauseCache`) once loaded; a load during which the mirrors' generation moved
 * (a pause started or ended here, or announced by another process) is not kept, so it never outlives the drop.
 */
export async function pauses(ctx: Ctx): Promise<PauseRow[]> {
  if (ctx.pauseCache) return ctx.pauseCache
  const generation = ctx.cache.generation
  const rows = await ctx.db.all<PauseRow>('SELECT since, until, reason, "by" FROM hub_pauses ORDER BY id')
  if (ctx.cache.generation === generation) ctx.pauseCache = rows
  return rows
}

export async function currentPause(ctx: Ctx): Promise<PauseRow | undefined> {
  const list = await pauses(ctx)
  return list.findLast(p => p.until == null)
}

export async function isPaused(ctx: Ctx): Promise<boolean> {
  return await currentPause(ctx) !== undefined
}

export async function hubState(ctx: Ctx): Promise<Whoami['hub_state']> {
  const p = await currentPause(ctx)
  return p ? {state: 'paused', since: p.since, reason: p.reason, by: p.by} : {state: 'open'}
}

/** Seconds of [from, to] that fell inside a pause: obligation ages do not grow while paused. */
export async function pausedOverlap(ctx: Ctx, from: number, to: number): Promise<number> {
  return overlapOf(ctx.pauseCache ?? await pauses(ctx), from, to)
}

/** pausedOverlap over rows already in hand (synchronous: the envelope builder calls it per message). */
export function overlapOf(list: PauseRow[], from: number, to: number): number {
  let total = 0
  for (const r of list) {
    if (r.since >= to || (r.until != null && r.until <= from)) continue
    total += Math.max(0, Math.min(to, r.until ?? to) - Math.max(from, r.since))
  }
  return total
}

/** Start a pause (idempotent: an open pause is returned as is). Admin key only, checked by the route. */
export async function startPause(ctx: Ctx, reason: string, by: string): Promise<PauseRow> {
  const open = await currentPause(ctx)
  if (open) return open
  await ctx.db.run('INSERT INTO hub_pauses (since, reason, "by") VALUES (?, ?, ?)', ctx.now(), reason, by)
  ctx.pauseCache = null
  ctx.cache.touch()
  return await currentPause(ctx) as PauseRow
}

export async function endPause(ctx: Ctx): Promise<boolean> {
  const open = await currentPause(ctx)
  if (!open) return false
  await ctx.db.run('UPDATE hub_pauses SET until = ? WHERE until IS NULL', ctx.now())
  ctx.pauseCache = null
  ctx.cache.touch()
  return true
}
