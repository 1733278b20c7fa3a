import type {HubDebt} from '@agora/protocol'
import type {Ctx} from '../kernel/index.js'
import {FleetOwed} from '../sweeps/index.js'
import {debtAge} from '../obligations/index.js'
import {slaMinutes} from '../store/index.js'

/** Rows served at most; past it `truncated` is true (the oldest debts come first). */
export const HUB_DEBTS_CAP = 5000

export type {HubDebt}

/**
 * Every open obligation across the hub, one row per seat that owes: each live seat's `/owed`
 * `to_answer`, computed by the sweeps' one fleet-wide pass (the same rules, read once), so the
 * operator's list and each seat's `/owed` cannot disagree.
 */
export async function hubDebts(ctx: Ctx): Promise<{debts: HubDebt[]; truncated: boolean; computed_at: number}> {
  const now = ctx.now()
  const fleet = new FleetOwed(ctx, now)
  const seats = [...ctx.cache.agents.values()].filter(a => a.retired_at == null && a.deleted_at == null).map(a => a.id).sort()
  const debts: HubDebt[] = []
  for (const seat of seats) {
    for (const r of await fleet.toAnswer(seat)) {
      debts.push({debtor: seat, creditor: r.sender, channel: r.channel, id: r.id, seq: r.seq, title: r.title, kind: r.kind,
        created_at: r.created_at, age_s: await debtAge(ctx, r.created_at, now), sla_minutes: await slaMinutes(ctx, r.channel), escalated: r.escalated})
    }
  }
  debts.sort((a, b) => a.created_at - b.created_at || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0) || (a.debtor < b.debtor ? -1 : 1))
  return {debts: debts.slice(0, HUB_DEBTS_CAP), truncated: debts.length > HUB_DEBTS_CAP, computed_at: now}
}
