import {parseJsonLossless, toPlain} from '@agora/protocol'
import type {Pass} from './pass.js'
import {debtAge} from '../obligations/index.js'
import {slaMinutes} from '../store/index.js'

/** A row whose status (first word) is one of these is finished or parked: no cadence pings, no steward pings. */
export const TERMINAL = new Set(['done', 'shipped', 'delivered', 'complete', 'completed', 'closed', 'landed', 'merged', 'released',
  'resolved', 'parked', 'paused', 'blocked', 'on-hold', 'onhold', 'hold', 'deferred', 'cancelled', 'canceled', 'abandoned'])
/** A phase with no cadence_minutes counts as stale after a day without a write. */
export const PHASE_STALE_DEFAULT_MINUTES = 24 * 60

interface WorkRow {channel: string; key: string; value: Record<string, unknown>; version: number; updated_at: number}

export function statusWord(v: Record<string, unknown>): string {
  const s = typeof v.status === 'string' ? v.status : typeof v.state === 'string' ? v.state : ''
  return s.trim().split(/\s+/)[0]?.toLowerCase() ?? ''
}

export function isTerminal(v: Record<string, unknown>): boolean {
  return v.done === true || TERMINAL.has(statusWord(v))
}

/** Parked words: the row is not moving on purpose, but it is not finished (the board still shows it). */
export const PARKED = new Set(['parked', 'paused', 'blocked', 'on-hold', 'onhold', 'hold', 'deferred'])

/** Finished: terminal and not merely parked. */
export function isFinished(v: Record<string, unknown>): boolean {
  return v.done === true || (TERMINAL.has(statusWord(v)) && !PARKED.has(statusWord(v)))
}

/** Seats a claim says it waits on: `needs_from` as one seat id or a list of them. */
export function needsFrom(v: Record<string, unknown>): string[] {
  const n = v.needs_from
  if (typeof n === 'string') return [n]
  return Array.isArray(n) ? n.filter((x): x is string => typeof x === 'string') : []
}

async function workRows(pass: Pass): Promise<WorkRow[]> {
  const rows = await pass.ctx.db.all<{channel: string; key: string; value_json: string | null; version: number; updated_at: number}>(
    "SELECT channel, key, value_json, version, updated_at FROM store WHERE key LIKE 'claim:%' OR key LIKE 'phase:%'")
  const out: WorkRow[] = []
  for (const r of rows) {
    if (r.value_json == null) continue
    const v = toPlain(parseJsonLossless(r.value_json))
    if (v && typeof v === 'object' && !Array.isArray(v)) out.push({...r, value: v as Record<string, unknown>})
  }
  return out
}

/**
 * Work-row hygiene in one scan of claim:/phase: rows. Each ring is an `fyi` system post in the row's
 * own channel, addressed to the seat that must act, at most once per row version (guard in meta):
 * - claim-due: a live claim with cadence_minutes > 0 and no write for longer than that;
 * - resume: a claim's `waiting_on {channel,key,at_version}` target has moved past at_version;
 * - blocker: a claim names seats in `needs_from` and has waited a full SLA: "YOU ARE THE BLOCKER";
 * - steward: a live phase unwritten past its cadence (default a day) pings its steward.
 */
export async function sweepWorkRows(pass: Pass): Promise<string[]> {
  const {ctx} = pass
  const out: string[] = []
  for (const row of await workRows(pass)) {
    if (pass.outOfTime()) break
    const {channel, key, value: v, version} = row
    const idle = await debtAge(ctx, row.updated_at, pass.now)
    const where = `${channel}/${key}`
    const once = async (kind: string, stamp: unknown, ring: () => Promise<boolean>): Promise<void> => {
      const guard = `${kind}:${where}`
      if (JSON.stringify(pass.guards.get(guard)) === JSON.stringify(stamp)) return
      if (await ring()) out.push(`${kind}:${where}`)
      await pass.guards.set(guard, stamp)
    }
    const owner = typeof v.owner === 'string' ? v.owner : null
    const cadence = typeof v.cadence_minutes === 'number' ? v.cadence_minutes : 0
    if (key.startsWith('claim:') && owner) {
      if (cadence > 0 && !isTerminal(v) && idle > cadence * 60) {
        await once('claim-due', version, () => pass.ring(channel, `CLAIM DUE: ${key} has had no receipt for ${Math.round(idle / 60)} min (cadence ${cadence} min); write a one-line receipt or park it`,
          {title: `CLAIM DUE ${key}`, to: [owner], data: {ring: 'claim_due', key, version}, dedupeKey: `claim-due:${key}:${version}`}))
      }
      const w = v.waiting_on as Record<string, unknown> | undefined
      if (w && typeof w === 'object' && typeof w.channel === 'string' && typeof w.key === 'string' && typeof w.at_version === 'number'
        && ctx.cache.isMember(w.channel, owner)) {
        const target = await ctx.db.get<{version: number}>('SELECT version FROM store WHERE channel = ? AND key = ?', w.channel, w.key)
        if (target && target.version > w.at_version) {
          await once('resume', [version, target.version], () => pass.ring(channel, `RESUME: ${key} waits on ${w.channel}/${w.key}, which moved from v${w.at_version} to v${target.version}`,
            {title: `RESUME ${key}`, to: [owner], data: {ring: 'resume', key, waiting_on: {channel: w.channel, key: w.key, version: target.version}},
              dedupeKey: `resume:${key}:${version}:${target.version}`}))
        }
      }
      const blockers = needsFrom(v).filter(s => s !== owner)
      if (blockers.length > 0 && !isFinished(v) && idle > await slaMinutes(ctx, channel) * 60) {
        await once('blocker', version, () => pass.ring(channel, `YOU ARE THE BLOCKER: ${owner}'s ${key} waits on you${typeof v.needs === 'string' ? ` (needs: ${v.needs.slice(0, 200)})` : ''}; answer in the room or say when`,
          {title: `YOU ARE THE BLOCKER ${key}`, to: blockers, data: {ring: 'blocker', key, owner}, dedupeKey: `blocker:${key}:${version}`}))
      }
    }
    const steward = typeof v.steward === 'string' ? v.steward : null
    if (key.startsWith('phase:') && steward && !isTerminal(v) && idle > (cadence > 0 ? cadence : PHASE_STALE_DEFAULT_MINUTES) * 60) {
      await once('steward', version, () => pass.ring(channel, `PHASE STALE: ${key} has not moved for ${Math.round(idle / 60)} min; as its steward, write where it stands or hand it on`,
        {title: `PHASE STALE ${key}`, to: [steward], data: {ring: 'steward', key, version}, dedupeKey: `steward:${key}:${version}`}))
    }
  }
  return out
}
