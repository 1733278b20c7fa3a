import type {Ctx} from '../kernel/index.js'
import {computeOwed} from '../obligations/index.js'
import {liveRows} from './rows.js'
import {openPhases} from './phases.js'
import type {RouteAnswer} from '@agora/protocol'

/**
 * GET /board: the caller's fleet picture, computed on read: every live claim and phase row in the
 * caller's rooms (with staleness), the seats of those rooms with what each holds and owes, and the
 * caller's own obligations and held rows.
 */
export async function board(ctx: Ctx, viewer: string): Promise<RouteAnswer<'get /board'>> {
  const now = ctx.now()
  const rooms = ctx.cache.channelsOf(viewer).slice().sort()
  const rows = await liveRows(ctx, rooms, now)
  const owed = await computeOwed(ctx, viewer)
  const seatIds = new Set<string>()
  for (const c of rooms) for (const m of ctx.cache.membersOf(c)) seatIds.add(m.agent_id)
  const seats = [...seatIds].sort().filter(id => ctx.cache.agents.get(id)?.retired_at == null).map(id => {
    const held = rows.filter(r => r.holder === id)
    return {agent_id: id, state: ctx.presence.row(id).state, claims: held.filter(r => r.kind === 'claim').length,
      phases: held.filter(r => r.kind === 'phase').length, stale: held.filter(r => r.stale).length,
      blocking: rows.filter(r => r.needs_from.includes(id)).map(r => `${r.channel}/${r.key}`)}
  })
  const toAnswer = owed.to_answer as Array<{escalated: boolean}>
  return {
    agent_id: viewer,
    rows,
    mine: rows.filter(r => r.holder === viewer).map(r => `${r.channel}/${r.key}`),
    blocking_me: rows.filter(r => r.needs_from.includes(viewer)).map(r => `${r.channel}/${r.key}`),
    obligations: {to_answer: toAnswer.length, escalated: toAnswer.filter(r => r.escalated).length,
      to_consume: (owed.to_consume as unknown[]).length, to_close: (owed.to_close as unknown[]).length},
    phases: (await openPhases(ctx, rooms)).map(p => ({channel: p.channel, key: p.key, steward: p.value.steward ?? null, status: p.value.status ?? null})),
    seats,
    computed_at: now,
  }
}
