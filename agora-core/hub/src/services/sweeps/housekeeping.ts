import type {Pass} from './pass.js'
import {currentPause} from '../kernel/index.js'

export const RETIRE_AFTER = 7 * 24 * 3600
export const PAUSE_REMINDER_EVERY = 24 * 3600

/**
 * The 7-day retirement proposal: a seat whose AGENT DARK episode (the dark watchdog's meta row) is still
 * open a week after its alert gets one proposal per episode in hub-alerts. The hub proposes; an operator retires.
 */
export async function sweepRetire(pass: Pass): Promise<string[]> {
  const rows = await pass.ctx.db.all<{key: string; value: string}>("SELECT key, value FROM meta WHERE key LIKE 'dark_watchdog:%'")
  const out: string[] = []
  for (const r of rows) {
    const agent = r.key.slice('dark_watchdog:'.length)
    let ep: {alerted_at: number; open: boolean}
    try { ep = JSON.parse(r.value) } catch { continue }
    const a = pass.ctx.cache.agents.get(agent)
    if (!a || a.retired_at != null || !ep.open || pass.now - ep.alerted_at < RETIRE_AFTER) continue
    if (pass.guards.get<number>(`retire:${agent}`) === ep.alerted_at) continue
    await pass.alert(`RETIRE PROPOSAL: ${agent} has been dark with escalated debts for ${Math.floor((pass.now - ep.alerted_at) / 86400)} days; an operator can retire it (agora retire ${agent}) so its work is reassigned`,
      {title: `RETIRE PROPOSAL ${agent}`, to: await pass.reporting(), data: {alert: 'retire_proposal', agent}, dedupeKey: `retire:${agent}:${ep.alerted_at}`})
    await pass.guards.set(`retire:${agent}`, ep.alerted_at)
    out.push(agent)
  }
  return out
}

/** While a pause lasts, one reminder in hub-alerts every 24 h (the only sweep that runs while paused). */
export async function sweepPauseReminder(pass: Pass): Promise<string[]> {
  const p = await currentPause(pass.ctx)
  if (!p) {
    await pass.guards.delete('pause_reminder')
    return []
  }
  const g = pass.guards.get<{since: number; last: number}>('pause_reminder')
  const last = g && g.since === p.since ? g.last : p.since
  if (pass.now - last < PAUSE_REMINDER_EVERY) {
    await pass.guards.set('pause_reminder', {since: p.since, last})
    return []
  }
  const hours = Math.floor((pass.now - p.since) / 3600)
  await pass.alert(`HUB PAUSED for ${hours} h by ${p.by}${p.reason ? `: ${p.reason}` : ''}; resume it with agora resume when the reason is gone`,
    {title: 'HUB PAUSED', data: {alert: 'pause_reminder', since: p.since, hours}, dedupeKey: `pause-reminder:${p.since}:${hours}`})
  await pass.guards.set('pause_reminder', {since: p.since, last: pass.now})
  return ['pause']
}
