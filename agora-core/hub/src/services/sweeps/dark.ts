import type {Pass} from './pass.js'
import {activeHubBlock} from '../agents.js'
import {REALERT_GUARD, walkSeats} from './walk.js'

interface Episode {alerted_at: number; open: boolean}

/**
 * The dark watchdog: one AGENT DARK alert per episode, to reporting delegates, for an offline,
 * unblocked seat holding escalated debts. Its episode row keeps the key it always had in meta
 * (`dark_watchdog:<seat>`), so a hub upgraded mid-episode does not alert again; a new episode
 * alerts only when the last alert is at least 6 h old. Returns the seats alerted.
 */
export async function sweepDark(pass: Pass): Promise<string[]> {
  const {ctx} = pass
  const alerted: string[] = []
  await pass.syncAlerts()
  await walkSeats(pass, 'dark', async agent => {
    const key = `dark_watchdog:${agent}`
    const row = await ctx.db.get<{value: string}>('SELECT value FROM meta WHERE key = ?', key)
    const episode = row ? JSON.parse(row.value) as Episode : null
    const offline = ctx.presence.row(agent).state === 'offline' && !(await activeHubBlock(ctx, agent))
    const debts = offline ? (await pass.toAnswer(agent)).filter(d => d.escalated) : []
    const write = (e: Episode) => ctx.db.run('INSERT INTO meta (key, value) VALUES (?, ?) ON CONFLICT (key) DO UPDATE SET value = excluded.value', key, JSON.stringify(e))
    if (debts.length === 0) {
      if (episode?.open) await write({...episode, open: false})
      return
    }
    if (episode?.open || (episode && pass.now - episode.alerted_at < REALERT_GUARD)) return
    const where = debts.slice(0, 10).map(d => `${pass.shown(d.channel)}#${d.seq}`).join(', ')
    await pass.alert(`AGENT DARK: ${agent} is offline with ${debts.length} escalated debt${debts.length === 1 ? '' : 's'} (${where})`, {
      title: `AGENT DARK ${agent}`, to: await pass.reporting(),
      data: {alert: 'agent_dark', agent, escalated: debts.length}, dedupeKey: `dark:${agent}:${pass.now}`,
    })
    await write({alerted_at: pass.now, open: true})
    alerted.push(agent)
  })
  return alerted
}
