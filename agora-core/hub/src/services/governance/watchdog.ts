import type {Ctx} from '../context.js'
import {activeHubBlock} from '../agents.js'
import {isDm} from '../channels.js'
import {isPaused} from '../pause.js'
import {computeOwed} from '../owed.js'
import {reportingDelegates} from './delegations.js'
import {alertHub, syncHubAlerts} from './hub-alerts.js'

export const DARK_SWEEP_SECONDS = 300
export const REALERT_GUARD = 6 * 3600

interface Episode {alerted_at: number; open: boolean}

function episodeKey(agent: string): string {
  return `dark_watchdog:${agent}`
}

async function readEpisode(ctx: Ctx, agent: string): Promise<Episode | null> {
  const r = await ctx.db.get<{value: string}>('SELECT value FROM meta WHERE key = ?', episodeKey(agent))
  return r ? (JSON.parse(r.value) as Episode) : null
}

async function writeEpisode(ctx: Ctx, agent: string, e: Episode): Promise<void> {
  await ctx.db.run('INSERT INTO meta (key, value) VALUES (?, ?) ON CONFLICT (key) DO UPDATE SET value = excluded.value',
    episodeKey(agent), JSON.stringify(e))
}

/** A channel name as it may appear in an alert: private rooms and DMs are redacted. */
function shown(ctx: Ctx, channel: string): string {
  if (isDm(channel)) return '(dm)'
  return ctx.cache.channels.get(channel)?.private === false ? channel : '(private)'
}

/**
 * The dark watchdog: one AGENT DARK alert per episode for an offline, unblocked seat holding escalated
 * debts. The episode record lives in `meta` so a restart neither repeats nor forgets it; a new episode
 * alerts only when the last alert is at least 6 h old. Returns the seats alerted.
 */
export async function sweepDark(ctx: Ctx): Promise<string[]> {
  if (await isPaused(ctx)) return []
  const alerted: string[] = []
  await ctx.db.tx(async () => {
    await syncHubAlerts(ctx)
    const now = ctx.now()
    for (const a of ctx.cache.agents.values()) {
      if (a.retired_at != null) continue
      const episode = await readEpisode(ctx, a.id)
      const offline = ctx.presence.row(a.id).state === 'offline' && !await activeHubBlock(ctx, a.id)
      const debts = offline ? ((await computeOwed(ctx, a.id)).to_answer as Array<{channel: string; seq: number; escalated: boolean}>).filter(d => d.escalated) : []
      if (debts.length === 0) {
        if (episode?.open) await writeEpisode(ctx, a.id, {...episode, open: false})
        continue
      }
      if (episode?.open) continue
      if (episode && now - episode.alerted_at < REALERT_GUARD) continue
      const where = debts.slice(0, 10).map(d => `${shown(ctx, d.channel)}#${d.seq}`).join(', ')
      await alertHub(ctx, `AGENT DARK: ${a.id} is offline with ${debts.length} escalated debt${debts.length === 1 ? '' : 's'} (${where})`, {
        title: `AGENT DARK ${a.id}`, to: reportingDelegates(ctx),
        data: {alert: 'agent_dark', agent: a.id, escalated: debts.length},
      })
      await writeEpisode(ctx, a.id, {alerted_at: now, open: true})
      alerted.push(a.id)
    }
  })
  return alerted
}
