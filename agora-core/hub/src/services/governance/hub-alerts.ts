import type {Ctx} from '../kernel/index.js'
import type {NewMessage} from '../messages/index.js'
import {postSystem} from '../messages/index.js'
import {insertChannel, joinChannel} from '../channels/index.js'
import {reportingDelegates} from '../grants/index.js'

export const HUB_ALERTS = 'hub-alerts'

/** `hub-alerts` is private and ownerless (`created_by: "hub"`), created on first use. */
export async function ensureHubAlerts(ctx: Ctx): Promise<void> {
  if (!ctx.cache.channels.has(HUB_ALERTS)) await insertChannel(ctx, HUB_ALERTS, true, 'hub')
}

/** Operators and reporting delegates are members; everyone else is removed. Returns who was added. */
export async function syncHubAlerts(ctx: Ctx): Promise<string[]> {
  await ensureHubAlerts(ctx)
  const reporting = new Set(reportingDelegates(ctx))
  const want = new Set([...ctx.cache.agents.values()]
    .filter(a => a.retired_at == null && (a.operator || reporting.has(a.id))).map(a => a.id))
  const added: string[] = []
  await ctx.db.tx(async () => {
    for (const id of want) {
      if (ctx.cache.isMember(HUB_ALERTS, id)) continue
      await joinChannel(ctx, HUB_ALERTS, id, 'member', false)
      added.push(id)
    }
    for (const m of ctx.cache.membersOf(HUB_ALERTS)) {
      if (want.has(m.agent_id)) continue
      await ctx.db.run('DELETE FROM members WHERE channel = ? AND agent_id = ?', HUB_ALERTS, m.agent_id)
      ctx.cache.removeMember(HUB_ALERTS, m.agent_id)
    }
  })
  return added
}

/** A system post in hub-alerts; addressed alerts are `fyi` so they create no debt nobody can discharge. */
export async function alertHub(ctx: Ctx, body: string, extra: Partial<NewMessage> = {}): Promise<void> {
  await ensureHubAlerts(ctx)
  const to = (extra.to ?? []).filter(id => ctx.cache.isMember(HUB_ALERTS, id))
  await postSystem(ctx, HUB_ALERTS, body, {...extra, to, status: 'fyi'})
}
