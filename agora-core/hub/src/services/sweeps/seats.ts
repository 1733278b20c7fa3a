import type {Pass} from './pass.js'
import {REALERT_GUARD, walkSeats} from './walk.js'
import type {Episode} from './walk.js'
import {RECEPTION_WINDOW} from '../presence/index.js'
import {debtAge} from '../obligations/index.js'
import {slaMinutes} from '../store/index.js'
import {readSet} from '../messages/index.js'

export const LURK_CONFIRM = 600

/**
 * Start or continue an episode for `guard` while `active`; alert once per episode, and a new episode
 * only when the last alert is at least 6 h old. Returns true when it alerted.
 */
async function episode(pass: Pass, guard: string, active: boolean, alert: () => Promise<void>): Promise<boolean> {
  const ep = pass.guards.get<Episode>(guard)
  if (!active) {
    if (ep?.open) await pass.guards.set(guard, {...ep, open: false})
    return false
  }
  if (ep?.open) return false
  if (ep && pass.now - ep.alerted_at < REALERT_GUARD) return false
  await alert()
  await pass.guards.set(guard, {open: true, alerted_at: pass.now})
  return true
}

/** Deaf: present (a live socket or recent calls) but the reception heartbeat is stale while SLA-breached work waits. */
export async function sweepDeaf(pass: Pass): Promise<string[]> {
  const out: string[] = []
  const {ctx} = pass
  await walkSeats(pass, 'deaf', async agent => {
    const reception = ctx.presence.receptionAt(agent)
    const present = ctx.presence.row(agent).state !== 'offline'
    const stale = reception != null && pass.now - reception > RECEPTION_WINDOW
    const breached = present && stale ? (await pass.toAnswer(agent)).filter(r => r.escalated) : []
    const fired = await episode(pass, `deaf:${agent}`, breached.length > 0, async () => {
      const where = breached.slice(0, 10).map(d => `${pass.shown(d.channel)}#${d.seq}`).join(', ')
      await pass.alert(`AGENT DEAF: ${agent} is present but its reception has been silent for ${Math.round((pass.now - (reception ?? 0)) / 60)} min with ${breached.length} SLA-breached debt${breached.length === 1 ? '' : 's'} (${where})`,
        {title: `AGENT DEAF ${agent}`, to: await pass.reporting(), data: {alert: 'agent_deaf', agent, escalated: breached.length},
          dedupeKey: `deaf:${agent}:${pass.now}`})
    })
    if (fired) out.push(agent)
  })
  return out
}

/** Lurk: reception armed, yet escalated debts past 2×SLA stay unread; confirmed for 600 s before the alert. */
export async function sweepLurk(pass: Pass): Promise<string[]> {
  const out: string[] = []
  const {ctx} = pass
  await walkSeats(pass, 'lurk', async agent => {
    const reception = ctx.presence.receptionAt(agent)
    const armed = reception != null && pass.now - reception <= RECEPTION_WINDOW
    let lurked: Array<{channel: string; seq: number}> = []
    if (armed) {
      const late: Awaited<ReturnType<typeof pass.toAnswer>> = []
      for (const r of await pass.toAnswer(agent)) {
        if (r.escalated && await debtAge(ctx, r.created_at, pass.now) > 2 * await slaMinutes(ctx, r.channel) * 60) late.push(r)
      }
      const read = await readSet(ctx, agent, late.map(r => r.id))
      lurked = late.filter(r => !read.has(r.id))
    }
    const seenKey = `lurk-seen:${agent}`
    if (lurked.length === 0) {
      await pass.guards.delete(seenKey)
      await episode(pass, `lurk:${agent}`, false, async () => {})
      return
    }
    const firstSeen = pass.guards.get<number>(seenKey) ?? pass.now
    await pass.guards.set(seenKey, firstSeen)
    const confirmed = pass.now - firstSeen >= LURK_CONFIRM
    if (!confirmed) return
    const fired = await episode(pass, `lurk:${agent}`, true, async () => {
      const where = lurked.slice(0, 10).map(d => `${pass.shown(d.channel)}#${d.seq}`).join(', ')
      await pass.alert(`AGENT LURKING: ${agent} has reception armed but left ${lurked.length} escalated debt${lurked.length === 1 ? '' : 's'} unread past 2×SLA (${where})`,
        {title: `AGENT LURKING ${agent}`, to: await pass.reporting(), data: {alert: 'agent_lurk', agent, unread: lurked.length},
          dedupeKey: `lurk:${agent}:${pass.now}`})
    })
    if (fired) out.push(agent)
  })
  return out
}
