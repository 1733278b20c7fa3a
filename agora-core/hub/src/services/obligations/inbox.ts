import type {Ctx} from '../kernel/index.js'
import type {StoredMessage} from '../messages/index.js'
import {fromArray, messageColumns, readSet, selectMessages, sendersOf} from '../messages/index.js'
import {stringifyWire} from '@agora/protocol'
import {buildEnvelope} from './envelopes.js'
import {addresseesOf, isLiveAddressee, namesViewer, repliedBy} from './debts.js'
import {directiveThreads, openThreads} from './threads.js'
import {inheritsFromOperator, isObligation} from './obligations.js'
import type {ThreadState} from './obligations.js'
import {mapInOrder} from '../kernel/index.js'
import {keepWindow, keptWindow, windowStamps} from './windows.js'
import {PREPARED} from '../../db/port.js'
import type {Reused} from './windows.js'
import {memoAnswer} from './answer-memo.js'
import type {Horizon} from './answer-memo.js'

export const INBOX_WINDOW = 100

/** `read` and `parentSender`, when set, were read with the row (threads.ts), so render looks neither up again. */
interface Picked {m: StoredMessage; pinned: boolean; debt: boolean; state?: ThreadState; read?: boolean; parentSender?: string | null}

/** One channel's cursor window; the cursor is read in the same statement (params: channel, viewer, channel, viewer). */
const WINDOW = `FROM messages WHERE channel = ? AND seq > COALESCE((SELECT last_seq FROM cursors WHERE agent = ? AND channel = ?), 0)
  AND sender != ? ORDER BY seq LIMIT ${INBOX_WINDOW}`
/** Channels per light-window statement: bounds the statement texts (one per count) the prepared cache holds. */
const WINDOWS_PER_STATEMENT = 32

/**
 * The light columns (the ones that decide reuse) of every channel's cursor window, in one statement per
 * 32 channels (a UNION ALL of per-channel windows, each with its cursor read inline), grouped by channel.
 */
async function lightWindows(ctx: Ctx, viewer: string, channels: string[]): Promise<Map<string, unknown[][]>> {
  const out = new Map<string, unknown[][]>(channels.map(c => [c, []]))
  for (let at = 0; at < channels.length; at += WINDOWS_PER_STATEMENT) {
    const part = channels.slice(at, at + WINDOWS_PER_STATEMENT)
    const sql = PREPARED + part.map((_, i) => `SELECT * FROM (SELECT channel, id, sender, status, retracted_at, critical, created_at, seq ${WINDOW}) AS w${i}`).join(' UNION ALL ')
    for (const r of await ctx.db.rows(sql, ...part.flatMap(c => [c, viewer, c, viewer]))) out.get(r[0] as string)?.push(r.slice(1))
  }
  for (const rows of out.values()) rows.sort((a, b) => (a[6] as number) - (b[6] as number))
  return out
}

/**
 * The cursor window of one channel. For the text form, the light rows (lightWindows) decide reuse;
 * when every row's serialized envelope is at hand, bodies and data are never read.
 */
async function windowOf(ctx: Ctx, viewer: string, channel: string, light: unknown[][] | undefined): Promise<Array<Picked | Reused>> {
  if (light) {
    const reused: Reused[] = []
    for (const [id, sender, status, retractedAt, critical, createdAt, seq] of light) {
      if ((status === 'open' || status === 'blocked') && retractedAt == null) break
      const text = texts.get(keyOf(ctx, viewer, id as string, retractedAt as number | null, sender as string))
      if (text === undefined) break
      reused.push({id: id as string, sender: sender as string, critical: !!critical, created_at: createdAt as number, seq: seq as number, text})
    }
    if (reused.length === light.length) return reused
  }
  return (await selectMessages(ctx, WINDOW, channel, viewer, channel, viewer)).map(m => ({m, pinned: false, debt: false}))
}

/** Inbox selection (docs/protocol.md#inbox): cursor window + unread criticals + pinned obligations + directive debts. */
async function selectInbox(ctx: Ctx, viewer: string, asText: boolean): Promise<Array<Picked | Reused>> {
  const picked = new Map<string, Picked | Reused>()
  const channels = ctx.cache.channelsOf(viewer)
  // For the text form, a window kept from an earlier call whose stamp still matches is reused without reading
  // its rows (windows.ts); only the other windows read their light rows.
  const stamps = asText ? await windowStamps(ctx, viewer, [...channels], WINDOW) : undefined
  const kept = new Map<string, Reused[]>()
  for (const channel of channels) {
    const rows = stamps ? keptWindow(ctx, viewer, channel, stamps.get(channel)) : undefined
    if (rows) kept.set(channel, rows)
  }
  const light = asText ? await lightWindows(ctx, viewer, channels.filter(c => !kept.has(c))) : undefined
  for (const channel of channels) {
    let rows: Array<Picked | Reused> | undefined = kept.get(channel)
    if (!rows) {
      rows = await windowOf(ctx, viewer, channel, light?.get(channel))
      const stamp = stamps?.get(channel)
      if (stamp && rows.every(isReused)) keepWindow(ctx, viewer, channel, stamp, rows as Reused[])
    }
    for (const p of rows) picked.set(isReused(p) ? p.id : p.m.id, p)
  }
  const criticals = (await ctx.db.rows(`${PREPARED}SELECT ${messageColumns('m')} FROM messages m WHERE m.critical = 1 AND m.retracted_at IS NULL
    AND m.sender != ? AND m.channel IN (SELECT channel FROM members WHERE agent_id = ?)
    AND NOT EXISTS (SELECT 1 FROM reads r WHERE r.message_id = m.id AND r.agent = ?)`, viewer, viewer, viewer)).map(fromArray)
  for (const m of criticals) if (!picked.has(m.id)) picked.set(m.id, {m, pinned: false, debt: false})
  // Whether an addressee is live, asked once per (channel, seat) per call: many obligations name the same seats.
  const live = new Map<string, Promise<boolean>>()
  const liveAddressee = (channel: string, agent: string): Promise<boolean> => {
    const key = `${channel}\u0000${agent}`
    let hit = live.get(key)
    if (!hit) live.set(key, hit = isLiveAddressee(ctx, channel, agent))
    return hit
  }
  for (const {m, state, read, parentSender} of await openThreads(ctx, viewer)) {
    if (!await pinsObligation(ctx, m, state, viewer, read, liveAddressee)) continue
    picked.set(m.id, {m, pinned: true, debt: false, state, read, parentSender})
  }
  for (const {m, read, parentSender} of await directiveThreads(ctx, viewer)) picked.set(m.id, {m, pinned: true, debt: true, read, parentSender})
  return [...picked.values()]
}

function isReused(p: Picked | Reused): p is Reused {
  return 'text' in p
}

/** A plain (not pinned, not an obligation) envelope depends only on the row, the viewer and the sender's role. */
function isStable(p: Picked): boolean {
  return !p.pinned && !p.debt && !isObligation(p.m)
}

const TEXT_LIMIT = 20_000
/** Stable envelopes as UTF-8 bytes: a response copies them, never re-encodes them. */
const texts = new Map<string, Buffer>()

function keyOf(ctx: Ctx, viewer: string, id: string, retractedAt: number | null, sender: string): string {
  return `${viewer}\u0000${id}\u0000${retractedAt ?? ''}\u0000${ctx.cache.isOperator(sender) ? 1 : 0}`
}

function stableKey(ctx: Ctx, m: StoredMessage, viewer: string): string {
  return keyOf(ctx, viewer, m.id, m.retracted_at, m.sender)
}

/** Envelope fields that are a function of the stored row alone (body and data only through whether they are inlined). */
const ROW_FIELDS = new Set(['id', 'channel', 'seq', 'sender', 'kind', 'urgency', 'critical', 'downgraded', 'to', 'reply_to',
  'created_at', 'body_bytes', 'attachments', 'signature', 'body', 'data'])
/** Pinned and obligation envelopes move with thread state, reads and time: their bytes, with the fields that moved them. */
const pinnedTexts = new Map<string, {fingerprint: string; bytes: Buffer}>()

/** Every field that is not a function of the row, in order, plus whether body and data are inlined. */
function fingerprintOf(env: Record<string, unknown>): string {
  let fp = env.body === null ? '0' : '1'
  fp += env.data === null ? '0' : '1'
  for (const k in env) {
    if (ROW_FIELDS.has(k)) continue
    const v = env[k]
    fp += '\u0001' + (Array.isArray(v) ? v.join('\u0002') : String(v))
  }
  return fp
}

/** A pinned envelope's bytes, reused while its fingerprint holds (serializing ~300 of them was ~20% of an /inbox). */
function pinnedText(viewer: string, env: Record<string, unknown>): Buffer {
  const key = `${viewer}\u0000${env.id as string}`
  const fingerprint = fingerprintOf(env)
  const hit = pinnedTexts.get(key)
  if (hit && hit.fingerprint === fingerprint) return hit.bytes
  const bytes = Buffer.from(stringifyWire(env))
  if (!hit && pinnedTexts.size >= TEXT_LIMIT) pinnedTexts.delete(pinnedTexts.keys().next().value as string)
  pinnedTexts.set(key, {fingerprint, bytes})
  return bytes
}

type Rendered = {sort: [number, number, number, number]; env?: Record<string, unknown>; text?: string | Buffer}

/** Build every envelope (or reuse the serialized text of a stable one) and sort (docs/protocol.md#inbox). */
async function render(ctx: Ctx, viewer: string, picked: Array<Picked | Reused>, asText: boolean, horizon?: Horizon): Promise<Rendered[]> {
  const all = picked.filter((p): p is Picked => !isReused(p))
  const needParents = all.filter(p => p.m.reply_to && p.parentSender === undefined && !(asText && isStable(p) && texts.has(stableKey(ctx, p.m, viewer))))
  const parents = await sendersOf(ctx, needParents.map(p => p.m.reply_to as string))
  const pinnedRead = await readSet(ctx, viewer, all.filter(p => p.pinned && p.read === undefined).map(p => p.m.id))
  const out = await mapInOrder(picked, async (p): Promise<Rendered> => {
    if (isReused(p)) return {sort: [p.critical ? 1 : 0, 0, p.created_at, p.seq], text: p.text}
    const key = asText && isStable(p) ? stableKey(ctx, p.m, viewer) : null
    const cached = key ? texts.get(key) : undefined
    if (cached !== undefined) return {sort: [p.m.critical ? 1 : 0, 0, p.m.created_at, p.m.seq], text: cached}
    const env = await buildEnvelope(ctx, p.m, viewer, {pinned: p.pinned, directiveDebt: p.debt, state: p.state,
      parentSender: !p.m.reply_to ? null : p.parentSender !== undefined ? p.parentSender : (parents.get(p.m.reply_to) ?? null),
      read: p.read ?? pinnedRead.has(p.m.id), horizon})
    const sort: [number, number, number, number] = [p.m.critical ? 1 : 0, env.escalated ? 1 : 0, p.m.created_at, p.m.seq]
    if (!asText) return {sort, env}
    if (!key) return {sort, text: pinnedText(viewer, env)}
    const text = stringifyWire(env)
    if (texts.size >= TEXT_LIMIT) texts.delete(texts.keys().next().value as string)
    const bytes = Buffer.from(text)
    texts.set(key, bytes)
    return {sort, text: bytes}
  })
  out.sort((a, b) => b.sort[0] - a.sort[0] || b.sort[1] - a.sort[1] || a.sort[2] - b.sort[2] || a.sort[3] - b.sort[3])
  return out
}

/** The viewer's envelopes, sorted: critical first, then escalated, then oldest. */
export async function computeInbox(ctx: Ctx, viewer: string): Promise<Record<string, unknown>[]> {
  return (await render(ctx, viewer, await selectInbox(ctx, viewer, false), false)).map(e => e.env as Record<string, unknown>)
}

/**
 * The same list as wire JSON in one Buffer: stored envelopes are copied as bytes, the rest encoded
 * in place, so no response-sized string is ever built (it cost a UTF-8 pass and young-generation GC).
 */
export async function computeInboxJson(ctx: Ctx, viewer: string): Promise<{json: Buffer; empty: boolean}> {
  // A seat polling a quiet hub is answered from the memo (answer-memo.ts); `[]` is the only 2-byte answer.
  const json = await memoAnswer(ctx, 'inbox', viewer, async (horizon) => renderInboxJson(ctx, viewer, horizon))
  return {json, empty: json.length <= 2}
}

async function renderInboxJson(ctx: Ctx, viewer: string, horizon: Horizon): Promise<Buffer> {
  const items = await render(ctx, viewer, await selectInbox(ctx, viewer, true), true, horizon)
  let size = 1 + Math.max(items.length, 1)
  for (const {text} of items) size += typeof text === 'string' ? Buffer.byteLength(text) : (text as Buffer).length
  const out = Buffer.allocUnsafe(size)
  let at = 0
  out[at++] = 0x5b // [
  items.forEach(({text}, i) => {
    if (i > 0) out[at++] = 0x2c // ,
    at += typeof text === 'string' ? out.write(text, at) : (text as Buffer).copy(out, at)
  })
  out[at++] = 0x5d // ]
  return out
}

/** Does this unclosed open/blocked message stay pinned for the viewer? */
export async function pinsObligation(ctx: Ctx, m: StoredMessage, state: ThreadState, viewer: string, read: boolean,
  liveAddressee = (channel: string, agent: string) => isLiveAddressee(ctx, channel, agent)): Promise<boolean> {
  if (state.closed) return false
  const addressees = addresseesOf(m, state)
  // A reporting delegate stands in for an operator's addressees, so it is pinned like one.
  const isAddressee = addressees.has(viewer) || inheritsFromOperator(ctx, m, viewer)
  if (addressees.size > 0 && !isAddressee) {
    for (const a of addressees) if (await liveAddressee(m.channel, a)) return false
  }
  if (!isAddressee) return !read
  if (repliedBy(state, viewer)) return false
  return namesViewer(ctx, m, state, viewer)
}

/** Long-poll: capture the wake-up BEFORE checking, re-check at least every 5 s until the deadline. */
export async function waitInbox(ctx: Ctx, viewer: string, waitSeconds: number, closed: () => boolean): Promise<{json: Buffer; empty: boolean}> {
  const deadline = Date.now() + waitSeconds * 1000
  for (;;) {
    if (closed() || ctx.bus.closing) return {json: Buffer.from('[]'), empty: true}
    const wake = ctx.bus.nextPost()
    const result = await computeInboxJson(ctx, viewer)
    const left = deadline - Date.now()
    if (!result.empty || left <= 0 || closed()) return result
    let timer: NodeJS.Timeout | undefined
    await Promise.race([wake, new Promise(resolve => { timer = setTimeout(resolve, Math.min(left, 5000)) })])
    clearTimeout(timer)
  }
}
