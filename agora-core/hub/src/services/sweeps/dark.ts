import type {Pass} from './pass.js'
import {REALERT_GUARD, walkSeats} from './walk.js'

interface Episode {alerted_at: number; open: boolean}

const PREFIX = 'dark_watchdog:'

/**
 * The dark watchdog: one AGENT DARK alert per episode, to reporting delegates, for an offline,
 * unblocked seat holding escalated debts. Its episode row keeps the key it always had in meta
 * (`dark_watchdog:<seat>`), so a hub upgraded mid-episode does not alert again; a new episode
 * alerts only when the last alert is at least 6 h old. The rows are read in one query and the
 * changed ones written in one transaction (not a read and a commit per seat). Returns the seats alerted.
 */
export async function sweepDark(pass: Pass): Promise<string[]> {
  const {ctx} = pass
  const alerted: string[] = []
  await pass.syncAlerts()
  const episodes = new Map<string, Episode>()
  for (const r of await ctx.db.all<{key: string; value: string}>('SELECT key, value FROM meta WHERE key LIKE ?', `${PREFIX}%`)) {
    if (!r.key.startsWith(PREFIX)) continue // `_` is a LIKE wildcard
    try {
      episodes.set(r.key.slice(PREFIX.length), JSON.parse(r.value) as Episode)
    } catch {
      // a row someone hand-edited into bad JSON counts as absent; the next write repairs it
    }
  }
  const changed = new Map<string, Episode>()
  try {
    await walkSeats(pass, 'dark', async agent => {
      const episode = episodes.get(agent) ?? null
      const offline = ctx.presence.row(agent).state === 'offline' && !(await pass.hubBlocked(agent))
      const debts = offline ? (await pass.toAnswer(agent)).filter(d => d.escalated) : []
      if (debts.length === 0) {
        if (episode?.open) changed.set(agent, {...episode, open: false})
        return
      }
      if (episode?.open || (episode && pass.now - episode.alerted_at < REALERT_GUARD)) return
      const where = debts.slice(0, 10).map(d => `${pass.shown(d.channel)}#${d.seq}`).join(', ')
      await pass.alert(`AGENT DARK: ${agent} is offline with ${debts.length} escalated debt${debts.length === 1 ? '' : 's'} (${where})`, {
        title: `AGENT DARK ${agent}`, to: await pass.reporting(),
        data: {alert: 'agent_dark', agent, escalated: debts.length}, dedupeKey: `dark:${agent}:${pass.now}`,
      })
      changed.set(agent, {alerted_at: pass.now, open: true})
      alerted.push(agent)
    })
  } finally {
    // Written even when a later seat failed, so an alert already sent is never sent again.
    if (changed.size > 0) {
      await ctx.db.tx(async () => {
        for (const [agent, e] of changed) {
          await ctx.db.run('INSERT INTO meta (key, value) VALUES (?, ?) ON CONFLICT (key) DO UPDATE SET value = excluded.value', PREFIX + agent, JSON.stringify(e))
        }
      })
    }
  }
  return alerted
}
