import type {Ctx} from '../kernel/index.js'
import {selectMessages} from '../messages/index.js'
import {withStates, addresseesOf} from '../obligations/index.js'
import {debtAge} from '../obligations/index.js'
import {slaMinutes} from '../store/index.js'
import {liveRows} from './rows.js'
import type {RouteAnswer} from '@agora/protocol'

/**
 * GET /channels/{c}/supervise: a delegate's radar for one room, computed on read.
 * - idle_seats: live members who hold no live row and are named by no open thread;
 * - dark_seats: offline members named by an escalated open thread;
 * - stuck_rows: live claim/phase rows that are stale or wait on other seats (needs_from);
 * - unowned: open threads nobody is addressed by and nobody but the asker has answered;
 * - escalated: open threads past the room's SLA, with who they wait on.
 */
export async function superviseChannel(ctx: Ctx, channel: string): Promise<RouteAnswer<'get /channels/{c}/supervise'>> {
  const now = ctx.now()
  const rows = await liveRows(ctx, [channel], now)
  const roots = await withStates(ctx, await selectMessages(ctx, `FROM messages WHERE channel = ? AND status IN ('open','blocked')
    AND retracted_at IS NULL AND closed = 0 ORDER BY seq`, channel))
  const sla = await slaMinutes(ctx, channel) * 60
  const open = roots.filter(({state}) => !state.closed)
  const escalated: Array<{id: string; seq: number; title: string; sender: string; waiting_on: string[]; age_s: number}> = []
  for (const {m, state} of open) {
    const age = await debtAge(ctx, m.created_at, now)
    if (age <= sla) continue
    const named = [...addresseesOf(m, state)].filter(id => !state.replies.some(r => r.sender === id)).sort()
    escalated.push({id: m.id, seq: m.seq, title: m.title, sender: m.sender, waiting_on: named, age_s: Math.round(age)})
  }
  const namedOpen = new Set(open.flatMap(({m, state}) => [...addresseesOf(m, state)]))
  const members = ctx.cache.membersOf(channel).map(m => m.agent_id).filter(id => ctx.cache.agents.get(id)?.retired_at == null).sort()
  const state = (id: string) => ctx.presence.row(id).state
  const waitingOnEscalated = new Set(escalated.flatMap(e => e.waiting_on))
  return {
    channel,
    idle_seats: members.filter(id => state(id) !== 'offline' && !rows.some(r => r.holder === id) && !namedOpen.has(id)),
    dark_seats: members.filter(id => state(id) === 'offline' && waitingOnEscalated.has(id)),
    stuck_rows: rows.filter(r => r.stale || r.needs_from.length > 0)
      .map(r => ({key: r.key, holder: r.holder, status: r.status, idle_s: r.idle_s, stale: r.stale, needs_from: r.needs_from})),
    unowned: open.filter(({m, state}) => addresseesOf(m, state).size === 0 && !ctx.cache.isOperator(m.sender)
      && !state.replies.some(r => r.sender !== m.sender)).map(({m}) => ({id: m.id, seq: m.seq, title: m.title, sender: m.sender})),
    escalated,
    computed_at: now,
  }
}

/** GET /supervise: the radar of every room the caller is in (DMs left out), one entry per room. */
export async function superviseAll(ctx: Ctx, viewer: string): Promise<RouteAnswer<'get /supervise'>> {
  const rooms = ctx.cache.channelsOf(viewer).filter(c => !c.startsWith('dm:') && c !== 'hub-alerts').sort()
  const channels = []
  for (const c of rooms) channels.push(await superviseChannel(ctx, c))
  return {channels, computed_at: ctx.now()}
}
