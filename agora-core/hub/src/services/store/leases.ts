import type {Lease, LeaseMode} from '@agora/protocol'
import {createHash} from 'node:crypto'
import {parseJsonLossless, toPlain} from '@agora/protocol'
import type {Ctx} from '../kernel/index.js'
import {fail, sanitize} from '../kernel/index.js'
import {normalizePattern, normalizeWorkspace, overlaps} from './lease-paths.js'
import {buildLeaseIndex, exclusiveHolders} from './lease-index.js'
import type {LeaseIndex} from './lease-index.js'
import {putValue} from './store.js'
import {mapInOrder} from '../kernel/index.js'
import {perOwner} from '../../per-owner.js'

/**
 * Workspace leases are `lease:` store rows (one per workspace, pattern and holder), written through
 * the CAS store so the ledger, mirror and backup carry them. The row lives in the channel it was
 * taken in (where to ask about it); conflicts are hub-wide because the repository is shared, not the room.
 */
export const LEASE_PREFIX = 'lease:'
export const TTL_DEFAULT_S = 1800
export const TTL_MIN_S = 10
export const TTL_MAX_S = 86400
const PATHS_MAX = 200

export type {Lease, LeaseMode} from '@agora/protocol'

interface LeaseRowRaw { channel: string; key: string; value_json: string | null; version: number }

const short = (text: string): string => createHash('sha256').update(text).digest('hex').slice(0, 16)
const workspacePrefix = (workspace: string): string => `${LEASE_PREFIX}${short(workspace)}:`
const leaseKey = (workspace: string, path: string, holder: string): string => `${workspacePrefix(workspace)}${short(path.toLowerCase())}:${holder}`

/**
 * The hook path reads a workspace's rows on every tool call, so they are kept parsed per workspace.
 * Every lease write goes through `write`/`remove` here and bumps the generation; Node runs one
 * request at a time, so a cached list is never older than the last write (a rolled-back write only
 * costs a reload).
 */
interface Cached { generation: number; rows: Lease[]; sorted?: Lease[]; index?: LeaseIndex }
const cacheOf = perOwner((_: Ctx): {generation: number; byWorkspace: Map<string, Cached>} => ({generation: 0, byWorkspace: new Map()}))
const invalidate = (ctx: Ctx): void => { cacheOf(ctx).generation++ }

async function remove(ctx: Ctx, channel: string, key: string): Promise<void> {
  invalidate(ctx)
  await ctx.db.run('DELETE FROM store WHERE channel = ? AND key = ?', channel, key)
}

/** Every lease row of a workspace, expired ones included (callers decide). */
async function rows(ctx: Ctx, workspace: string): Promise<Lease[]> {
  return (await cachedRows(ctx, workspace)).rows
}

async function cachedRows(ctx: Ctx, workspace: string): Promise<Cached> {
  const c = cacheOf(ctx)
  const hit = c.byWorkspace.get(workspace)
  if (hit && hit.generation === c.generation) return hit
  const fresh: Cached = {generation: c.generation, rows: await readRows(ctx, workspace)}
  if (c.byWorkspace.size > 1000) c.byWorkspace.clear()
  c.byWorkspace.set(workspace, fresh)
  return fresh
}

/** `localeCompare` without arguments is this collator's compare; one collator spares ICU a set-up per comparison. */
const collator = new Intl.Collator()
const byPathHolder = (a: Lease, b: Lease): number => collator.compare(a.path, b.path) || collator.compare(a.holder, b.holder)

async function readRows(ctx: Ctx, workspace: string): Promise<Lease[]> {
  const prefix = workspacePrefix(workspace)
  const raw = await ctx.db.all<LeaseRowRaw>(`SELECT channel, key, value_json, version FROM store WHERE key >= ? AND key < ?`, prefix, `${prefix}\uffff`)
  return raw.flatMap((r) => {
    const v = r.value_json == null ? null : toPlain(parseJsonLossless(r.value_json)) as Partial<Lease> | null
    if (!v || v.workspace !== workspace) return []
    return [{workspace, path: String(v.path), holder: String(v.holder), mode: v.mode === 'shared' ? 'shared' : 'exclusive',
      channel: r.channel, taken_at: Number(v.taken_at), expires_at: Number(v.expires_at), note: String(v.note ?? ''), version: r.version}]
  })
}

export async function liveLeases(ctx: Ctx, workspace: string): Promise<Lease[]> {
  const now = ctx.now()
  // Sorted once per cached read (the sort is stable, so sorting before the expiry filter gives the same list).
  const c = await cachedRows(ctx, normalizeWorkspace(workspace))
  c.sorted ??= [...c.rows].sort(byPathHolder)
  return c.sorted.filter((l) => l.expires_at > now)
}

/**
 * The hook path (POST /leases/check): other seats' live exclusive leases covering these written files,
 * what `conflictsFor(…, 'exclusive', true)` keeps of them, answered from the compiled index of the cached
 * rows: no SQL and no pass over the workspace's other leases while no lease write happened.
 */
export async function exclusiveConflicts(ctx: Ctx, workspace: string, files: string[], holder: string): Promise<Conflict[]> {
  const c = await cachedRows(ctx, workspace)
  c.index ??= buildLeaseIndex((c.sorted ??= [...c.rows].sort(byPathHolder)))
  const now = ctx.now()
  const out: Conflict[] = []
  for (const path of files) for (const lease of exclusiveHolders(c.index, path, holder, now)) out.push({path, lease})
  return out
}

/** Expired rows are released here, inside the write that notices them. */
async function dropExpired(ctx: Ctx, workspace: string): Promise<void> {
  const now = ctx.now()
  for (const l of await rows(ctx, workspace)) {
    if (l.expires_at <= now) await remove(ctx, l.channel, leaseKey(workspace, l.path, l.holder))
  }
}

export function parsePaths(raw: unknown, required: boolean): string[] | null {
  if (raw === undefined || raw === null) {
    if (required) fail(400, "paths is required: a list of repository-relative paths or globs such as ['src/api/**']")
    return null
  }
  if (!Array.isArray(raw) || raw.length === 0) fail(400, "paths must be a non-empty list of repository-relative paths or globs such as ['src/api/**']")
  if (raw.length > PATHS_MAX) fail(400, `paths lists ${raw.length} entries; the limit is ${PATHS_MAX}, lease a parent directory or a glob instead`)
  return [...new Set(raw.map((p) => normalizePattern(p)))]
}

export function parseTtl(raw: unknown): number {
  if (raw === undefined || raw === null) return TTL_DEFAULT_S
  if (typeof raw !== 'number' || !Number.isFinite(raw) || raw < TTL_MIN_S || raw > TTL_MAX_S) {
    fail(400, `ttl_s must be a number of seconds from ${TTL_MIN_S} to ${TTL_MAX_S}; renew with a heartbeat rather than asking for more`)
  }
  return raw
}

export interface Conflict { path: string; lease: Lease }

/** The other seats' leases that stand in the way of `holder` taking (or writing) these paths. */
export async function conflictsFor(ctx: Ctx, workspace: string, paths: string[], holder: string, mode: LeaseMode, pathsAreFiles = false): Promise<Conflict[]> {
  const live = (await liveLeases(ctx, workspace)).filter((l) => l.holder !== holder && (mode === 'exclusive' || l.mode === 'exclusive'))
  return paths.flatMap((path) => live.filter((l) => overlaps(l.path, path, pathsAreFiles)).map((lease) => ({path, lease})))
}

const clock = (s: number): string => new Date(s * 1000).toISOString().slice(11, 16)

/** "`src/api/**` is held by bob until 14:32 UTC (exclusive, #build)", one per conflict. */
export function conflictSentence(conflicts: Conflict[], canSee: (channel: string) => boolean): string {
  const parts = conflicts.slice(0, 5).map(({path, lease}) => {
    const where = canSee(lease.channel) ? `#${lease.channel}` : 'a channel you are not in'
    const on = path === lease.path ? `\`${lease.path}\`` : `\`${path}\` (under \`${lease.path}\`)`
    return `${on} is held ${lease.mode === 'shared' ? 'shared ' : ''}by ${lease.holder} until ${clock(lease.expires_at)} UTC (${where})`
  })
  if (conflicts.length > 5) parts.push(`${conflicts.length - 5} more`)
  return parts.join('; ')
}

export interface TakeInput {
  channel: string
  workspace: unknown
  paths: unknown
  mode: unknown
  ttl_s: unknown
  note: unknown
  holder: string
  operator: boolean
}

/** All or nothing: any conflict refuses the whole request and writes nothing. */
export async function takeLeases(ctx: Ctx, input: TakeInput): Promise<{leases: Lease[]} | {conflicts: Conflict[]}> {
  const workspace = normalizeWorkspace(input.workspace)
  const paths = parsePaths(input.paths, true)!
  if (input.mode !== undefined && input.mode !== null && input.mode !== 'exclusive' && input.mode !== 'shared') {
    fail(400, "mode must be 'exclusive' (nobody else may hold it) or 'shared' (others may share, nobody may take it exclusively)")
  }
  const mode: LeaseMode = input.mode === 'shared' ? 'shared' : 'exclusive'
  const ttl = parseTtl(input.ttl_s)
  if (input.note !== undefined && input.note !== null && typeof input.note !== 'string') fail(400, 'note must be a short string saying what the lease is for')
  const note = sanitize(String(input.note ?? '')).slice(0, 200)
  return ctx.db.tx(async () => {
    // Conflicts count live leases only; expired rows are dropped after, so a refused take (409) deletes nothing either.
    const conflicts = await conflictsFor(ctx, workspace, paths, input.holder, mode)
    if (conflicts.length > 0) return {conflicts}
    await dropExpired(ctx, workspace)
    const now = ctx.now()
    const mine = new Map((await rows(ctx, workspace)).filter((l) => l.holder === input.holder).map((l) => [l.path.toLowerCase(), l]))
    const leases = await mapInOrder(paths, async (path) => {
      const previous = mine.get(path.toLowerCase())
      // the row stays where it was taken, so a renewal from another room does not move it
      const channel = previous?.channel ?? input.channel
      return write(ctx, channel, {workspace, path, holder: input.holder, mode, taken_at: previous?.taken_at ?? now, expires_at: now + ttl, note: note || previous?.note || ''})
    })
    return {leases}
  })
}

async function write(ctx: Ctx, channel: string, lease: Omit<Lease, 'channel' | 'version'>): Promise<Lease> {
  invalidate(ctx)
  const stored = await putValue(ctx, {channel, key: leaseKey(lease.workspace, lease.path, lease.holder), value: lease, actor: lease.holder,
    operator: false, channelAdmin: false, leaseWrite: true})
  return {...lease, channel, version: Number(stored.version)}
}

/** The caller's own live leases in a workspace, optionally narrowed to exact patterns (404 names the missing ones). */
async function ownRows(ctx: Ctx, workspace: string, paths: string[] | null, holder: string, verb: string): Promise<Lease[]> {
  const mine = (await liveLeases(ctx, workspace)).filter((l) => l.holder === holder)
  if (!paths) return mine
  const wanted = new Set(paths.map((p) => p.toLowerCase()))
  const found = mine.filter((l) => wanted.has(l.path.toLowerCase()))
  const missing = paths.filter((p) => !found.some((l) => l.path.toLowerCase() === p.toLowerCase()))
  if (missing.length > 0) {
    fail(404, `${holder} holds no live lease on ${missing.map((p) => `'${p}'`).join(', ')} in this workspace, so there is nothing to ${verb}; take it again with \`agora lease take\` (list yours with \`agora lease list --mine\`)`)
  }
  return found
}

/** Heartbeat: push the expiry of the caller's live leases out by ttl_s. An expired lease is gone, not renewable. */
export async function renewLeases(ctx: Ctx, input: {workspace: unknown; paths: unknown; ttl_s: unknown; holder: string}): Promise<Lease[]> {
  const workspace = normalizeWorkspace(input.workspace)
  const paths = parsePaths(input.paths, false)
  const ttl = parseTtl(input.ttl_s)
  return ctx.db.tx(async () => {
    const now = ctx.now()
    return mapInOrder(await ownRows(ctx, workspace, paths, input.holder, 'renew'), async (l) => write(ctx, l.channel,
      {workspace, path: l.path, holder: l.holder, mode: l.mode, taken_at: l.taken_at, expires_at: now + ttl, note: l.note}))
  })
}

/** Release the caller's leases (all of them in the workspace when paths is omitted); operators may release a named holder's. */
export async function releaseLeases(ctx: Ctx, input: {workspace: unknown; paths: unknown; holder: string; asOperator: boolean; caller: string}): Promise<Lease[]> {
  const workspace = normalizeWorkspace(input.workspace)
  const paths = parsePaths(input.paths, false)
  if (input.holder !== input.caller && !input.asOperator) fail(403, `only ${input.holder} or an operator may release ${input.holder}'s leases; ask them in the lease's channel`)
  return ctx.db.tx(async () => {
    const gone = await ownRows(ctx, workspace, paths, input.holder, 'release')
    for (const l of gone) await remove(ctx, l.channel, leaseKey(workspace, l.path, l.holder))
    await dropExpired(ctx, workspace)
    return gone
  })
}
