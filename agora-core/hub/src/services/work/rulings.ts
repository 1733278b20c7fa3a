import {toPlain} from '@agora/protocol'
import type {Ctx} from '../kernel/index.js'
import {fail} from '../kernel/index.js'
import {parseValue} from '../store/index.js'
import type {StoreRow} from '../store/index.js'
import type {RouteAnswer} from '@agora/protocol'

export const RULING_ACK_KEYS_MAX = 100

export interface Ruling {key: string; text: string; value: unknown; version: number; updated_by: string; updated_at: number}

function rulingText(value: unknown): string {
  const v = toPlain(value)
  if (typeof v === 'string') return v
  const text = v && typeof v === 'object' ? (v as Record<string, unknown>).text : undefined
  return typeof text === 'string' ? text : ''
}

/** The room's `ruling:` rows: standing constraints an operator set, oldest key first. */
export async function rulings(ctx: Ctx, channel: string): Promise<Ruling[]> {
  const rows = await ctx.db.all<StoreRow>("SELECT * FROM store WHERE channel = ? AND key >= 'ruling:' AND key < 'ruling;' ORDER BY key", channel)
  return rows.map(r => {
    const value = toPlain(parseValue(r))
    return {key: r.key, text: rulingText(value), value, version: r.version, updated_by: r.updated_by, updated_at: r.updated_at}
  })
}

/** Ruling keys the seat has not acknowledged at their current version (a changed ruling needs a new ack). */
export async function unacknowledged(ctx: Ctx, channel: string, agent: string, list?: Ruling[]): Promise<string[]> {
  const all = list ?? await rulings(ctx, channel)
  if (all.length === 0) return []
  const acks = new Map((await ctx.db.all<{key: string; version: number}>('SELECT key, version FROM ruling_acks WHERE channel = ? AND agent_id = ?', channel, agent))
    .map(a => [a.key, a.version]))
  return all.filter(r => (acks.get(r.key) ?? 0) < r.version).map(r => r.key)
}

/** POST /channels/{c}/ruling-acks: acknowledge rulings at their current version; every key must be a ruling here. */
export async function ackRulings(ctx: Ctx, channel: string, agent: string, keys: unknown): Promise<RouteAnswer<'post /channels/{c}/ruling-acks'>> {
  if (!Array.isArray(keys) || keys.length === 0 || keys.length > RULING_ACK_KEYS_MAX || !keys.every(k => typeof k === 'string')) {
    fail(400, `keys must be a list of 1-${RULING_ACK_KEYS_MAX} ruling keys, e.g. {"keys":["ruling:no-force-push"]}; list them with GET /channels/${channel}/digest`)
  }
  const all = await rulings(ctx, channel)
  const byKey = new Map(all.map(r => [r.key, r]))
  const wanted = [...new Set(keys as string[])]
  const unknown = wanted.find(k => !byKey.has(k))
  if (unknown !== undefined) fail(404, `no ruling '${unknown.slice(0, 100)}' in '${channel}'; the standing ones are ${all.map(r => r.key).join(', ') || 'none'}`)
  const now = ctx.now()
  await ctx.db.tx(async () => {
    for (const k of wanted) {
      await ctx.db.run(`INSERT INTO ruling_acks (channel, key, agent_id, version, acked_at) VALUES (?, ?, ?, ?, ?)
        ON CONFLICT (channel, key, agent_id) DO UPDATE SET version = excluded.version, acked_at = excluded.acked_at`,
      channel, k, agent, (byKey.get(k) as Ruling).version, now)
    }
  })
  return {channel, acked: wanted.map(k => ({key: k, version: (byKey.get(k) as Ruling).version})),
    unacknowledged_rulings: await unacknowledged(ctx, channel, agent, all)}
}
