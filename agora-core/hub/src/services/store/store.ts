import {PATH_MAX, STORE_VALUE_CAP} from '../../limits.js'
import {codePointLength, nfcIdentifier} from '../kernel/index.js'
import {isDeepStrictEqual} from 'node:util'
import {allNumbersFinite, parseJsonLossless, stringifyWire, toPlain} from '@agora/protocol'
import type {Ctx} from '../kernel/index.js'
import {fail, sanitize} from '../kernel/index.js'
import type {RouteAnswer, StoreEntry} from '@agora/protocol'

export interface StoreRow {
  channel: string
  key: string
  value_json: string | null
  version: number
  updated_by: string
  updated_at: number
}

export {STORE_VALUE_CAP}

export async function getRow(ctx: Ctx, channel: string, key: string): Promise<StoreRow | undefined> {
  return await ctx.db.get<StoreRow>('SELECT * FROM store WHERE channel = ? AND key = ?', channel, key)
}

export function parseValue(row: StoreRow): unknown {
  return row.value_json == null ? null : parseJsonLossless(row.value_json)
}

export function entry(row: StoreRow): StoreEntry {
  return {channel: row.channel, key: row.key, value: parseValue(row), version: row.version,
    updated_by: row.updated_by, updated_at: row.updated_at}
}

/**
 * `channel:meta` as plain JS values ({} when unset). Kept in `ctx.metaCache` unless the mirrors' generation moved
 * while the row was read: a change (here or, by NOTIFY, in another process) drops the entry and bumps it, so a
 * read from before that change never lands after the drop.
 */
export async function channelMeta(ctx: Ctx, channel: string): Promise<Record<string, unknown>> {
  const cached = ctx.metaCache.get(channel)
  if (cached) return cached
  const generation = ctx.cache.generation
  const row = await getRow(ctx, channel, 'channel:meta')
  const v = row ? toPlain(parseValue(row)) : null
  const meta = v && typeof v === 'object' && !Array.isArray(v) ? (v as Record<string, unknown>) : {}
  if (ctx.cache.generation === generation) ctx.metaCache.set(channel, meta)
  return meta
}

export async function slaMinutes(ctx: Ctx, channel: string): Promise<number> {
  return slaOf(ctx.metaCache.get(channel) ?? await channelMeta(ctx, channel))
}

/** The response SLA in minutes from a channel's meta (60 unless set). */
export function slaOf(meta: Record<string, unknown>): number {
  const v = meta.response_sla_minutes
  return typeof v === 'number' && v > 0 ? v : 60
}

const META_ENUMS: Record<string, string[]> = {
  language: ['plain', 'terse', 'structured'],
  state: ['open', 'closed'],
  traffic_policy: ['collaboration', 'noticeboard'],
}
const META_BOOLS = ['authorship_required', 'norms_required', 'rulings_required']
const META_FIELDS = new Set(['purpose', 'norms', 'expected_traffic', 'response_sla_minutes', 'gated_acts',
  ...Object.keys(META_ENUMS), ...META_BOOLS])

/** Validate a `channel:meta` write; keeps an existing traffic_policy the write omitted. */
export function normalizeMeta(value: unknown, previous: Record<string, unknown>): Record<string, unknown> {
  if (!value || typeof value !== 'object' || Array.isArray(value)) fail(400, 'channel:meta must be a JSON object of room settings')
  const out: Record<string, unknown> = {...(value as Record<string, unknown>)}
  for (const [k, v] of Object.entries(out)) {
    if (!META_FIELDS.has(k)) fail(400, `channel:meta has no field '${k}'; allowed: ${[...META_FIELDS].sort().join(', ')}`)
    if (k === 'purpose' || k === 'norms') {
      if (typeof v !== 'string') fail(400, `channel:meta.${k} must be a string`)
      const s = sanitize(v)
      if (s.length > 500) fail(400, `channel:meta.${k} is ${s.length} characters; the limit is 500`)
      out[k] = s
    } else if (META_ENUMS[k] && !META_ENUMS[k].includes(v as string)) {
      fail(400, `channel:meta.${k} must be one of ${META_ENUMS[k].join(', ')}`)
    } else if (META_BOOLS.includes(k) && typeof v !== 'boolean') {
      fail(400, `channel:meta.${k} must be true or false`)
    } else if (k === 'gated_acts') {
      const allowed = ['fs_remove', 'decision', 'phase_complete']
      if (!Array.isArray(v) || !v.every(x => allowed.includes(x as string))) {
        fail(400, `channel:meta.gated_acts must be a list drawn from ${allowed.join(', ')}`)
      }
    }
  }
  if (!('traffic_policy' in out) && 'traffic_policy' in previous) out.traffic_policy = previous.traffic_policy
  return out
}

export interface PutInput {
  channel: string
  key: string
  value: unknown
  expectVersion?: number
  actor: string
  operator: boolean
  channelAdmin: boolean
  /** Set only by the lease service: `lease:` rows are written through /leases, never by hand. */
  leaseWrite?: boolean
}

/** The store key as the hub keeps it (NFC), or a 400 that says what to change. */
export function storeKey(raw: string): string {
  const key = nfcIdentifier(raw, `store key '${raw.slice(0, 100)}'`, "use a key like 'plan' or 'claim:task-1'")
  const length = codePointLength(key)
  if (length < 1 || length > PATH_MAX) fail(400, `store key is ${length} characters; it must be 1-${PATH_MAX} (PATH_MAX)`)
  return key
}

/** CAS write (docs/protocol.md#store-and-fs): absent = version 0; identical value = heartbeat (version and author kept). */
export async function putValue(ctx: Ctx, input: PutInput): Promise<StoreEntry> {
  const {channel, actor} = input
  const key = storeKey(input.key)
  if (key.startsWith('fs/')) fail(403, `store keys under 'fs/' belong to the file API; use PUT /channels/${channel}/fs/{path}`)
  if (key.startsWith('channel:') && !input.channelAdmin) {
    fail(403, `'channel:' keys are channel-admin settings; ask the owner of '${channel}' or an operator`)
  }
  if (key.startsWith('lease:') && !input.leaseWrite) fail(403, `'lease:' keys are workspace leases; take, renew and release them with POST /channels/${channel}/leases (agora lease take|renew|release)`)
  const current = await getRow(ctx, channel, key)
  let value = toPlain(input.value) === undefined ? null : input.value
  if (key === 'channel:meta') value = normalizeMeta(toPlain(value), current ? (toPlain(parseValue(current)) as Record<string, unknown>) ?? {} : {})
  if (key.startsWith('claim:')) value = checkClaim(value, current ? parseValue(current) : null, actor, input.operator)
  if (!allNumbersFinite(value)) fail(400, 'store values must be strict JSON: NaN and Infinity (or numbers that overflow) are not allowed')
  const text = stringifyWire(value)
  if (Buffer.byteLength(text) > STORE_VALUE_CAP) fail(413, `store value is ${Buffer.byteLength(text)} bytes; the cap is 262144, store a smaller value or use the file API`)
  const currentVersion = current?.version ?? 0
  if (input.expectVersion !== undefined && input.expectVersion !== currentVersion) {
    fail(409, `store version conflict: current version is ${currentVersion}; re-read the key and retry with expect_version=${currentVersion}`)
  }
  const now = ctx.now()
  if (key === 'channel:meta') ctx.metaCache.delete(channel)
  if (current && isDeepStrictEqual(toPlain(parseValue(current)), toPlain(parseJsonLossless(text)))) {
    await ctx.db.run('UPDATE store SET updated_at = ? WHERE channel = ? AND key = ?', now, channel, key)
    return entry({...current, updated_at: now})
  }
  const version = currentVersion + 1
  await ctx.db.run(`INSERT INTO store (channel, key, value_json, version, updated_by, updated_at) VALUES (?, ?, ?, ?, ?, ?)
    ON CONFLICT (channel, key) DO UPDATE SET value_json = excluded.value_json, version = excluded.version,
    updated_by = excluded.updated_by, updated_at = excluded.updated_at`, channel, key, text, version, actor, now)
  // Dropped again once committed, and the generation bumped: a read of the old row meanwhile is not kept (channelMeta).
  if (key === 'channel:meta') ctx.db.defer(() => { ctx.metaCache.delete(channel); ctx.cache.touch() })
  return entry({channel, key, value_json: text, version, updated_by: actor, updated_at: now})
}

/** `claim:<task>`: the owner must be the writer or the unchanged current owner (operators exempt). */
function checkClaim(value: unknown, current: unknown, actor: string, operator: boolean): unknown {
  if (!value || typeof value !== 'object' || Array.isArray(value)) return value
  const v = {...(value as Record<string, unknown>)}
  const cur = current && typeof current === 'object' ? (current as Record<string, unknown>) : {}
  if (!('owner' in v) && typeof cur.owner === 'string') v.owner = cur.owner
  if (operator) return v
  if ('owner' in v && v.owner !== actor && v.owner !== cur.owner) {
    fail(403, `a claim's owner must be you or stay the current owner; set owner to '${actor}' to take it`)
  }
  const cadence = toPlain(v.cadence_minutes)
  if (cadence !== undefined) {
    if (typeof cadence !== 'number' || cadence < 0) fail(400, 'claim cadence_minutes must be a number >= 0')
    if (cur.owner !== undefined && cur.owner !== actor && toPlain(cur.cadence_minutes) !== cadence) {
      fail(403, `only the claim owner '${String(cur.owner)}' may change cadence_minutes`)
    }
  }
  return v
}

export async function listStore(ctx: Ctx, channel: string): Promise<RouteAnswer<'get /channels/{c}/store'>> {
  return await ctx.db.all(`SELECT key, version, updated_by, updated_at FROM store WHERE channel = ? AND key NOT LIKE 'fs/%' ORDER BY key`, channel)
}
