import type {Ctx} from '../kernel/index.js'
import type {StoredMessage} from '../messages/index.js'
import {fromArray, jsonValues, messageColumns} from '../messages/index.js'
import {authoritativeResolution, isDirectiveFor, threadStateOf} from './obligations.js'
import {activeGrant} from '../grants/index.js'
import {PREPARED} from '../../db/port.js'
import type {ThreadState} from './obligations.js'
import {perOwner} from '../../per-owner.js'

/** A thread root as the read paths (/owed, /inbox) need it: its state, the viewer's read receipts, its parent's sender. */
export interface Thread {
  m: StoredMessage
  state: ThreadState
  /** The viewer holds a read receipt on the root (false when the threads were read without receipts). */
  read: boolean
  /** Replies (by id) the viewer holds a read receipt on (none when read without receipts). */
  repliesRead: Set<string>
  /** The sender of the message the root replies to (null: no parent, or it is gone). */
  parentSender: string | null
}

const READ = (alias: string): string =>
  `CASE WHEN EXISTS (SELECT 1 FROM reads x WHERE x.message_id = ${alias}.id AND x.agent = ?) THEN 1 ELSE 0 END`

/**
 * Live (unretracted) message rows by id, per hub. A row's columns never change once written except
 * retracted_at/retracted_by (and `closed`, which StoredMessage does not carry), and only unretracted
 * rows are kept and served, so a hit is the row as stored. Bounded by count and by characters (body and
 * data), oldest first out, so a hub of long messages holds a few MB, not ROW_LIMIT × ROW_MAX_CHARS.
 */
interface RowCache {
  rows: Map<string, {m: StoredMessage; chars: number}>
  chars: number
}
const ROW_LIMIT = 10_000
const ROW_MAX_CHARS = 16_384
const CACHE_MAX_CHARS = 4_000_000

const rowCache = perOwner((_: Ctx): RowCache => ({rows: new Map(), chars: 0}))

function remember(cache: RowCache, m: StoredMessage, chars: number): void {
  while (cache.rows.size > 0 && (cache.rows.size >= ROW_LIMIT || cache.chars + chars > CACHE_MAX_CHARS)) {
    const [oldest, entry] = cache.rows.entries().next().value as [string, {chars: number}]
    cache.rows.delete(oldest)
    cache.chars -= entry.chars
  }
  cache.rows.set(m.id, {m: {...m}, chars})
  cache.chars += chars
}

/** Unretracted rows of `ids`: cached ones copied (callers memoize per object), the rest read in one query and cached. */
async function liveRows(ctx: Ctx, ids: string[]): Promise<Map<string, StoredMessage>> {
  const cache = rowCache(ctx)
  const out = new Map<string, StoredMessage>()
  const missing: string[] = []
  for (const id of ids) {
    const hit = cache.rows.get(id)
    if (hit) out.set(id, {...hit.m})
    else missing.push(id)
  }
  if (missing.length === 0) return out
  for (const r of await ctx.db.rows(`SELECT ${messageColumns()} FROM messages WHERE id IN (${jsonValues(ctx)})`, JSON.stringify(missing))) {
    const m = fromArray(r)
    out.set(m.id, m)
    const chars = m.body.length + (typeof r[12] === 'string' ? r[12].length : 0)
    if (m.retracted_at != null || chars > ROW_MAX_CHARS) continue
    remember(cache, m, chars)
  }
  return out
}

/**
 * The roots `where` selects (a condition on `messages m`) with their live replies, the viewer's read receipts and
 * each root's parent sender. ONE statement returns the ids and those flags: the roots LEFT JOINed to their live
 * replies, so the roots are found by one index walk (a UNION ALL of roots and of replies whose reply_to is among
 * them walked it twice); a root without replies is one row with a NULL reply. On PostgreSQL it is one round trip.
 * The rows themselves come from the row cache (a second query only for ids not seen before): row materialization,
 * not the index walk, was most of the cost. Roots come back ordered by (created_at, seq), replies by seq.
 */
export async function threadsWhere(ctx: Ctx, viewer: string, reads: boolean, where: string, ...params: unknown[]): Promise<Thread[]> {
  // Without receipts (/owed's to_answer ignores reads on purpose) two index probes per row are not made.
  const keys = await ctx.db.rows(`${PREPARED}SELECT m.id, (SELECT p.sender FROM messages p WHERE p.id = m.reply_to), ${reads ? READ('m') : '0'}, r.id,
    ${reads ? READ('r') : '0'} FROM messages m LEFT JOIN messages r ON r.reply_to = m.id AND r.retracted_at IS NULL WHERE ${where}`,
  ...(reads ? [viewer, viewer] : []), ...params)
  const ids: string[] = []
  const seen = new Set<string>()
  for (const [rootId, , , replyId] of keys) {
    if (!seen.has(rootId as string)) { seen.add(rootId as string); ids.push(rootId as string) }
    if (replyId != null) ids.push(replyId as string)
  }
  const rows = await liveRows(ctx, ids)
  const roots: Array<{m: StoredMessage; read: boolean; parentSender: string | null}> = []
  const replies = new Map<string, StoredMessage[]>()
  const read = new Set<string>()
  for (const [rootId, parentSender, rootRead, replyId, replyRead] of keys) {
    const m = rows.get(rootId as string)
    if (!m) continue // deleted between the two reads
    if (!replies.has(m.id)) {
      replies.set(m.id, [])
      roots.push({m, read: !!Number(rootRead), parentSender: (parentSender as string | null) ?? null})
    }
    const r = replyId == null ? undefined : rows.get(replyId as string)
    if (!r) continue
    replies.get(m.id)!.push(r)
    if (Number(replyRead)) read.add(r.id)
  }
  roots.sort((a, b) => a.m.created_at - b.m.created_at || a.m.seq - b.m.seq)
  return roots.map(({m, read: rootRead, parentSender}) => {
    const list = (replies.get(m.id) ?? []).sort((a, b) => a.seq - b.seq)
    return {m, state: threadStateOf(ctx, m, list), read: rootRead, repliesRead: new Set(list.filter(x => read.has(x.id)).map(x => x.id)), parentSender}
  })
}

const MY_CHANNELS = 'SELECT channel FROM members WHERE agent_id = ?'

/** Unclosed open/blocked roots in the viewer's channels, not sent by the viewer (debts.ts openObligations), as threads. */
export function openThreads(ctx: Ctx, viewer: string, reads = true): Promise<Thread[]> {
  return threadsWhere(ctx, viewer, reads, `m.status IN ('open','blocked')
    AND m.retracted_at IS NULL AND m.closed = 0 AND m.channel IN (${MY_CHANNELS}) AND m.sender != ?`, viewer, viewer)
}

/** The viewer's own open/blocked roots (debts.ts ownObligations), as threads. */
export function ownThreads(ctx: Ctx, viewer: string): Promise<Thread[]> {
  return threadsWhere(ctx, viewer, true, `m.sender = ? AND m.status IN ('open','blocked')
    AND m.retracted_at IS NULL AND m.channel IN (${MY_CHANNELS})`, viewer, viewer)
}

/** Replies and fyis addressed to the viewer (message_to, not cleared) in the viewer's channels: directive candidates, as threads. */
export function addressedThreads(ctx: Ctx, viewer: string, reads = true): Promise<Thread[]> {
  return threadsWhere(ctx, viewer, reads, `m.id IN (SELECT t.message_id FROM message_to t WHERE t.agent_id = ? AND t.cleared = 0)
    AND m.kind = 'message' AND m.status IN ('reply','fyi') AND m.sender != ? AND m.retracted_at IS NULL
    AND m.channel IN (${MY_CHANNELS})`, viewer, viewer, viewer)
}

/** Operator replies and fyis a reporting delegate inherits (debts.ts inheritedDirectives), as threads; none for anyone else. */
function inheritedThreads(ctx: Ctx, viewer: string, reads: boolean): Promise<Thread[]> {
  const g = activeGrant(ctx, viewer)
  if (!g || !g.powers.includes('reporting')) return Promise.resolve([])
  const scoped = g.scope !== '' && g.scope !== '*'
  return threadsWhere(ctx, viewer, reads, `m.kind = 'message' AND m.status IN ('reply','fyi') AND m.sender != ?
    AND m.retracted_at IS NULL AND m.sender IN (SELECT id FROM agents WHERE operator = 1)
    AND m.channel IN (${MY_CHANNELS})${scoped ? ' AND m.channel = ?' : ''}`, viewer, viewer, ...(scoped ? [g.scope] : []))
}

/**
 * The directive debts the viewer owes (debts.ts directiveDebts, the same rule), as threads: one statement
 * for the addressed rows, their parents' senders, read receipts and replies (two for a reporting delegate).
 */
export async function directiveThreads(ctx: Ctx, viewer: string, reads = true): Promise<Thread[]> {
  const byId = new Map((await addressedThreads(ctx, viewer, reads)).map(t => [t.m.id, t]))
  for (const t of await inheritedThreads(ctx, viewer, reads)) if (!byId.has(t.m.id)) byId.set(t.m.id, t)
  return [...byId.values()].sort((a, b) => a.m.created_at - b.m.created_at || a.m.seq - b.m.seq)
    .filter(t => isDirectiveFor(ctx, t.m, viewer, t.m.reply_to ? t.parentSender : null) &&
      !t.state.replies.some(r => r.sender === viewer) && !authoritativeResolution(ctx, t.m, t.state.replies))
}
