import type {Ctx} from '../context.js'
import type {NewMessage} from '../messages.js'
import {postSystem} from '../messages.js'
import {insertChannel, joinChannel} from '../channels.js'
import {reportingDelegates} from './delegations.js'

export const HUB_ALERTS = 'hub-alerts'

/** `hub-alerts` is private and ownerless (`created_by: "hub"`), created on first use. */
export function ensureHubAlerts(ctx: Ctx): void {
  if (!ctx.cache.channels.has(HUB_ALERTS)) insertChannel(ctx, HUB_ALERTS, true, 'hub')
}

/** Operators and reporting delegates are members; everyone else is removed. Returns who was added. */
export function syncHubAlerts(ctx: Ctx): string[] {
  ensureHubAlerts(ctx)
  const reporting = new Set(reportingDelegates(ctx))
  const want = new Set([...ctx.cache.agents.values()]
    .filter(a => a.retired_at == null && (a.operator || reporting.has(a.id))).map(a => a.id))
  const added: string[] = []
  ctx.q.tx(() => {
    for (const id of want) {
      if (ctx.cache.isMember(HUB_ALERTS, id)) continue
      joinChannel(ctx, HUB_ALERTS, id, 'member', false)
      added.push(id)
    }
    for (const m of ctx.cache.membersOf(HUB_ALERTS)) {
      if (want.has(m.agent_id)) continue
      ctx.q.run('DELETE FROM members WHERE channel = ? AND agent_id = ?', HUB_ALERTS, m.agent_id)
      ctx.cache.removeMember(HUB_ALERTS, m.agent_id)
    }
  })
  return added
}

/** A system post in hub-alerts; addressed alerts are `fyi` so they create no debt nobody can discharge. */
export function alertHub(ctx: Ctx, body: string, extra: Partial<NewMessage> = {}): void {
  ensureHubAlerts(ctx)
  const to = (extra.to ?? []).filter(id => ctx.cache.isMember(HUB_ALERTS, id))
  postSystem(ctx, HUB_ALERTS, body, {...extra, to, status: 'fyi'})
}
