import type {Ctx} from '../kernel/index.js'
import type {AgentRec} from '../kernel/index.js'
import type {RouteAnswer} from '@agora/protocol'

export const ACTIVITY_HOURS_MAX = 720
const TOP = 50

interface Row {channel: string; sender: string; kind: string; urgency: string; critical: number; status: string; n: number; last_at: number}

/** Message counts per (channel, sender, kind, …) since a time, over the given channels (all when null). */
async function counts(ctx: Ctx, since: number, channels: string[] | null): Promise<Row[]> {
  if (channels && channels.length === 0) return []
  const scope = channels ? ` AND channel IN (${channels.map(() => '?').join(', ')})` : ''
  return ctx.db.all<Row>(`SELECT channel, sender, kind, urgency, critical, status, COUNT(*) AS n, MAX(created_at) AS last_at
    FROM messages WHERE created_at >= ? AND retracted_at IS NULL${scope}
    GROUP BY channel, sender, kind, urgency, critical, status`, since, ...(channels ?? []))
}

const byCountThenName = <T extends {messages: number}>(key: keyof T) => (a: T, b: T): number =>
  b.messages - a.messages || String(a[key]).localeCompare(String(b[key]))

/**
 * GET /stats/activity: who said how much where, over the caller's own rooms only (a room the
 * seat is not in is never counted, not even as a number). Seat posts only; system and fs rows are not activity.
 */
export async function activityStats(ctx: Ctx, seat: AgentRec, hours: number): Promise<RouteAnswer<'get /stats/activity'>> {
  const until = ctx.now()
  const since = until - hours * 3600
  const rows = (await counts(ctx, since, ctx.cache.channelsOf(seat.id))).filter(r => r.kind === 'message')
  const channels = new Map<string, {channel: string; messages: number; senders: Set<string>; last_at: number}>()
  const seats = new Map<string, {agent_id: string; messages: number}>()
  for (const r of rows) {
    const c = channels.get(r.channel) ?? {channel: r.channel, messages: 0, senders: new Set<string>(), last_at: 0}
    c.messages += Number(r.n)
    c.senders.add(r.sender)
    c.last_at = Math.max(c.last_at, r.last_at)
    channels.set(r.channel, c)
    const s = seats.get(r.sender) ?? {agent_id: r.sender, messages: 0}
    s.messages += Number(r.n)
    seats.set(r.sender, s)
  }
  return {
    since, until, hours,
    total: rows.reduce((n, r) => n + Number(r.n), 0),
    channels: [...channels.values()].map(c => ({channel: c.channel, messages: c.messages, senders: c.senders.size, last_at: c.last_at}))
      .sort(byCountThenName('channel')).slice(0, TOP),
    seats: [...seats.values()].sort(byCountThenName('agent_id')).slice(0, TOP),
  }
}

/**
 * GET /admin/noise: where the hub's traffic comes from, hub-wide, for operators: each sender's share
 * of seat posts with its interrupts, criticals and opens (the costly kinds), and each room's system share.
 */
export async function noiseReport(ctx: Ctx, hours: number): Promise<RouteAnswer<'get /admin/noise'>> {
  const until = ctx.now()
  const since = until - hours * 3600
  const rows = await counts(ctx, since, null)
  const seatRows = rows.filter(r => r.kind === 'message')
  const total = seatRows.reduce((n, r) => n + Number(r.n), 0)
  const senders = new Map<string, {agent_id: string; messages: number; interrupts: number; criticals: number; opens: number}>()
  const channels = new Map<string, {channel: string; messages: number; system: number}>()
  for (const r of rows) {
    const n = Number(r.n)
    const c = channels.get(r.channel) ?? {channel: r.channel, messages: 0, system: 0}
    if (r.kind === 'message') c.messages += n
    else c.system += n
    channels.set(r.channel, c)
    if (r.kind !== 'message') continue
    const s = senders.get(r.sender) ?? {agent_id: r.sender, messages: 0, interrupts: 0, criticals: 0, opens: 0}
    s.messages += n
    if (r.urgency === 'interrupt') s.interrupts += n
    if (r.critical) s.criticals += n
    if (r.status === 'open' || r.status === 'blocked') s.opens += n
    senders.set(r.sender, s)
  }
  const share = (n: number): number => (total ? Math.round((n / total) * 1000) / 1000 : 0)
  return {
    since, until, hours, total,
    senders: [...senders.values()].sort(byCountThenName('agent_id')).slice(0, TOP).map(s => ({...s, share: share(s.messages)})),
    channels: [...channels.values()].sort((a, b) => (b.messages + b.system) - (a.messages + a.system) || a.channel.localeCompare(b.channel))
      .slice(0, TOP).map(c => ({...c, share: share(c.messages)})),
  }
}
