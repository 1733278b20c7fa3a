import {randomBytes} from 'node:crypto'
import {ulid} from 'ulid'
import {canonicalize, ledgerHash, parseJsonLossless, pyFloat, stringifyWire} from '@agora/protocol'
import type {Message} from '@agora/protocol'
import type {Ctx, DeferredToken} from '../kernel/index.js'
import {inTurn, pgAppend, SEQ_MARK, splitAtSeq} from '../../db/pg-append.js'
import {DuplicateDedupeKey} from '../../errors.js'

/**
 * A message as stored: the wire Message without `retracted` (read off `retracted_at`), plus the chain
 * hash and who retracted it; `data` is parsed losslessly from its stored text, so tokens survive.
 */
export type StoredMessage = Omit<Message, 'retracted'> & {hash: string | null; retracted_by: string | null}

export interface NewMessage {
  channel: string
  sender: string
  kind?: StoredMessage['kind']
  status?: StoredMessage['status']
  urgency?: StoredMessage['urgency']
  critical?: boolean
  downgraded?: boolean
  to?: string[]
  title?: string
  body?: string
  data?: Record<string, unknown> | null
  reply_to?: string | null
  dedupeKey?: string
  /** The post token still to take (PostgreSQL, kernel/budget-book.ts): spent with the write, or the write is refused. */
  budget?: DeferredToken
}

const SELECT = 'SELECT * FROM messages'

/** ulid's default PRNG makes one crypto call per character; draw from a pooled CSPRNG buffer instead. */
let pool = randomBytes(4096)
let poolAt = 0
function pooledRandom(): number {
  if (poolAt + 4 > pool.length) {
    pool = randomBytes(4096)
    poolAt = 0
  }
  const v = pool.readUInt32BE(poolAt)
  poolAt += 4
  return v / 0x1_0000_0000
}

export function newMessageId(): string {
  return ulid(undefined, pooledRandom)
}

const PARSED_LIMIT = 20_000
const parsed = new Map<string, Record<string, unknown>>()

/**
 * Parse stored `data` text losslessly, memoized by the exact text (so an edited row can never
 * be served from the memo). Parsed objects are shared: callers copy before changing them.
 */
export function parseData(text: string | null): Record<string, unknown> | null {
  if (text == null) return null
  let v = parsed.get(text)
  if (!v) {
    v = parseJsonLossless(text) as Record<string, unknown>
    if (parsed.size >= PARSED_LIMIT) parsed.delete(parsed.keys().next().value as string)
    parsed.set(text, v)
  }
  return v
}

const COLUMNS = ['id', 'channel', 'seq', 'sender', 'kind', 'status', 'urgency', 'critical', 'downgraded', 'to_json', 'title',
  'body', 'data_json', 'reply_to', 'created_at', 'hash', 'retracted_at', 'retracted_by']

/** The message column list, optionally qualified (`m.id, m.channel, ...`), in `fromArray` order. */
export function messageColumns(alias = ''): string {
  return COLUMNS.map(c => (alias ? `${alias}.${c}` : c)).join(', ')
}

/** Build from a raw-mode row selected with `messageColumns()`. */
export function fromArray(r: unknown[]): StoredMessage {
  return {
    id: r[0] as string, channel: r[1] as string, seq: r[2] as number, sender: r[3] as string,
    kind: r[4] as StoredMessage['kind'], status: r[5] as StoredMessage['status'], urgency: r[6] as StoredMessage['urgency'],
    critical: !!r[7], downgraded: !!r[8], to: r[9] === '[]' ? [] : (JSON.parse(r[9] as string) as string[]),
    title: r[10] as string, body: r[11] as string, data: parseData((r[12] as string | null) ?? null),
    reply_to: (r[13] as string | null) ?? null, created_at: r[14] as number, hash: (r[15] as string | null) ?? null,
    retracted_at: (r[16] as number | null) ?? null, retracted_by: (r[17] as string | null) ?? null,
  }
}

/**
 * A subquery yielding the elements of one bound JSON array of strings (`x IN (${jsonValues(ctx)})`):
 * one statement text for any list length, so the prepared-statement cache does not grow with it.
 */
export function jsonValues(ctx: Ctx): string {
  // json_each is SQLite's table-valued JSON function; PostgreSQL spells it json_array_elements_text, called
  // in FROM: a function scan is evaluated once and rescanned from memory, where the select-list form was
  // re-parsed for every outer row of a nested loop (measured: 56 ms for 100 reads × 300 ids).
  return ctx.db.dialect === 'sqlite' ? 'SELECT value FROM json_each(?)' : 'SELECT value FROM json_array_elements_text(CAST(? AS json))'
}

/** `SELECT <message columns> <tail>` in raw mode; `tail` starts at FROM. */
export async function selectMessages(ctx: Ctx, tail: string, ...params: unknown[]): Promise<StoredMessage[]> {
  const alias = /^FROM messages (m)\b/.exec(tail)?.[1] ?? ''
  return (await ctx.db.rows(`SELECT ${messageColumns(alias)} ${tail}`, ...params)).map(fromArray)
}

export function fromRow(r: Record<string, unknown>): StoredMessage {
  return {
    id: r.id as string, channel: r.channel as string, seq: r.seq as number, sender: r.sender as string,
    kind: r.kind as StoredMessage['kind'], status: r.status as StoredMessage['status'],
    urgency: r.urgency as StoredMessage['urgency'], critical: !!r.critical, downgraded: !!r.downgraded,
    to: JSON.parse(r.to_json as string) as string[], title: r.title as string, body: r.body as string,
    data: parseData((r.data_json as string | null) ?? null),
    reply_to: (r.reply_to as string | null) ?? null, created_at: r.created_at as number,
    hash: (r.hash as string | null) ?? null, retracted_at: (r.retracted_at as number | null) ?? null,
    retracted_by: (r.retracted_by as string | null) ?? null,
  }
}

/** The 15 hashed fields (docs/protocol.md#the-chain), from stored values. */
export function hashPayload(m: StoredMessage): Record<string, unknown> {
  return {
    id: m.id, channel: m.channel, seq: m.seq, sender: m.sender, kind: m.kind, status: m.status,
    urgency: m.urgency, critical: m.critical ? 1 : 0, downgraded: m.downgraded ? 1 : 0, to: m.to,
    title: m.title, body: m.body, data: m.data, reply_to: m.reply_to, created_at: pyFloat(m.created_at),
  }
}

/** The row to store, before its seq and hash are known (`seq` 0, `hash` null). */
function compose(ctx: Ctx, n: NewMessage): {m: StoredMessage; dataText: string | null} {
  const dataText = n.data == null ? null : stringifyWire(n.data)
  const m: StoredMessage = {
    id: newMessageId(), channel: n.channel, seq: 0, sender: n.sender, kind: n.kind ?? 'message',
    status: n.status ?? 'fyi', urgency: n.urgency ?? 'inbox', critical: n.critical ?? false,
    downgraded: n.downgraded ?? false, to: n.to ?? [], title: n.title ?? '', body: n.body ?? '',
    data: dataText == null ? null : (parseJsonLossless(dataText) as Record<string, unknown>),
    reply_to: n.reply_to ?? null, created_at: ctx.now(), hash: null, retracted_at: null, retracted_by: null,
  }
  return {m, dataText}
}

/** Assign the next seq and chain the hash. Call inside a transaction (the caller's or ours). */
export async function insertMessage(ctx: Ctx, n: NewMessage): Promise<StoredMessage> {
  // PostgreSQL, nothing else to write with it: one statement locks, links and commits (db/pg-append.ts).
  if (ctx.db.dialect === 'postgres' && !n.dedupeKey && !ctx.db.inTx()) {
    const m = await inTurn(ctx.db, n.channel, () => appendAlone(ctx, n))
    if (m) return m
  }
  return ctx.db.tx(async () => {
    if (n.budget && !n.budget.taken) await n.budget.take()
    const head = await ctx.db.get<{seq: number; hash: string | null}>(
      'SELECT seq, hash FROM messages WHERE channel = ? ORDER BY seq DESC LIMIT 1', n.channel)
    const {m, dataText} = compose(ctx, n)
    m.seq = (head?.seq ?? 0) + 1
    m.hash = ledgerHash(head?.hash ?? '', hashPayload(m))
    if (n.dedupeKey) {
      const dup = await ctx.db.get('SELECT message_id FROM message_dedupe WHERE channel = ? AND sender = ? AND key = ?',
        n.channel, n.sender, n.dedupeKey)
      if (dup) throw new DuplicateDedupeKey(n.channel, n.dedupeKey)
      await ctx.db.run('INSERT INTO message_dedupe (channel, sender, key, message_id) VALUES (?, ?, ?, ?)',
        n.channel, n.sender, n.dedupeKey, m.id)
    }
    await ctx.db.run(`INSERT INTO messages (id, channel, seq, sender, kind, status, urgency, critical, downgraded, to_json,
      title, body, data_json, reply_to, created_at, hash) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
    m.id, m.channel, m.seq, m.sender, m.kind, m.status, m.urgency, m.critical ? 1 : 0, m.downgraded ? 1 : 0,
    JSON.stringify(m.to), m.title, m.body, dataText, m.reply_to, m.created_at, m.hash)
    for (const a of new Set(m.to)) {
      await ctx.db.run('INSERT INTO message_to (message_id, agent_id, channel, seq) VALUES (?, ?, ?, ?) ON CONFLICT DO NOTHING',
        m.id, a, m.channel, m.seq)
    }
    return m
  }, {channel: n.channel})
}

/**
 * The PostgreSQL one-statement append: the database assigns seq and links the hash from the payload
 * split at seq. Undefined when it lost the race for the channel 8 times running (the caller then
 * takes the channel lock for a whole transaction and stamps under it).
 */
async function appendAlone(ctx: Ctx, n: NewMessage): Promise<StoredMessage | undefined> {
  const {m, dataText} = compose(ctx, n)
  for (let attempt = 0; attempt < 8; attempt++) {
    const {before, after} = splitAtSeq(canonicalize({...hashPayload(m), seq: SEQ_MARK}))
    const got = await pgAppend(ctx.db, {id: m.id, channel: m.channel, sender: m.sender, kind: m.kind, status: m.status,
      urgency: m.urgency, critical: m.critical ? 1 : 0, downgraded: m.downgraded ? 1 : 0, to_json: JSON.stringify(m.to),
      title: m.title, body: m.body, data_json: dataText, reply_to: m.reply_to, created_at: m.created_at, before, after,
      spend: n.budget && !n.budget.taken ? {agent: n.budget.agent, burst: n.budget.burst, perSecond: n.budget.perSecond, at: ctx.now()} : null})
    if ('starved' in got) throw await (n.budget as DeferredToken).refusal()
    if ('later' in got) {
      m.created_at = got.later // a post stamped after ours got the lock first: take its stamp, keep created_at in seq order
      continue
    }
    m.seq = got.seq
    m.hash = got.hash
    if (n.budget) n.budget.taken = true
    return m
  }
  return undefined
}

/** Insert and wake subscribers once the transaction has committed. */
export async function postSystem(ctx: Ctx, channel: string, body: string, extra: Partial<NewMessage> = {}): Promise<StoredMessage> {
  const m = await insertMessage(ctx, {channel, sender: 'hub', kind: 'system', status: 'fyi', body, ...extra})
  afterCommit(ctx, m)
  return m
}

/** Publish after the outermost transaction commits (immediately when there is none). */
export function afterCommit(ctx: Ctx, m: StoredMessage): void {
  ctx.db.defer(() => ctx.bus.publish(m))
}

export async function getMessage(ctx: Ctx, id: string): Promise<StoredMessage | undefined> {
  // No id holds a NUL, and PostgreSQL cannot compare text that does (an error, not a miss): a body's ref with one names nothing.
  if (id.includes('\u0000')) return undefined
  const r = await ctx.db.get<Record<string, unknown>>(`${SELECT} WHERE id = ?`, id)
  return r ? fromRow(r) : undefined
}

export async function getBySeq(ctx: Ctx, channel: string, seq: number): Promise<StoredMessage | undefined> {
  const r = await ctx.db.get<Record<string, unknown>>(`${SELECT} WHERE channel = ? AND seq = ?`, channel, seq)
  return r ? fromRow(r) : undefined
}

export async function repliesTo(ctx: Ctx, id: string): Promise<StoredMessage[]> {
  return selectMessages(ctx, 'FROM messages WHERE reply_to = ? AND retracted_at IS NULL ORDER BY seq', id)
}

/** Replies to many roots in one pass (ids bound as one JSON array), grouped by root id in seq order. */
export async function repliesToMany(ctx: Ctx, ids: string[]): Promise<Map<string, StoredMessage[]>> {
  const out = new Map<string, StoredMessage[]>(ids.map(id => [id, []]))
  if (ids.length === 0) return out
  const rows = await selectMessages(ctx, `FROM messages WHERE reply_to IN (${jsonValues(ctx)})
    AND retracted_at IS NULL ORDER BY seq`, JSON.stringify(ids))
  for (const r of rows) out.get(r.reply_to as string)?.push(r)
  return out
}

/** Sender of each of `ids` that exists (one pass). */
export async function sendersOf(ctx: Ctx, ids: string[]): Promise<Map<string, string>> {
  if (ids.length === 0) return new Map()
  const rows = await ctx.db.all<{id: string; sender: string}>(`SELECT id, sender FROM messages WHERE id IN (${jsonValues(ctx)})`,
    JSON.stringify([...new Set(ids)]))
  return new Map(rows.map(r => [r.id, r.sender]))
}

/** Which of `ids` the agent holds a read receipt on. */
export async function readSet(ctx: Ctx, agent: string, ids: string[]): Promise<Set<string>> {
  if (ids.length === 0) return new Set()
  const rows = await ctx.db.rows(`SELECT message_id FROM reads WHERE agent = ? AND message_id IN (${jsonValues(ctx)})`,
    agent, JSON.stringify(ids))
  return new Set(rows.map(r => r[0] as string))
}

export async function headSeq(ctx: Ctx, channel: string): Promise<number> {
  return (await ctx.db.get<{s: number | null}>('SELECT MAX(seq) AS s FROM messages WHERE channel = ?', channel))?.s ?? 0
}

export async function isRead(ctx: Ctx, messageId: string, agent: string): Promise<boolean> {
  return !!await ctx.db.get('SELECT 1 FROM reads WHERE message_id = ? AND agent = ?', messageId, agent)
}

export async function recordRead(ctx: Ctx, messageId: string, agent: string): Promise<void> {
  await ctx.db.run('INSERT INTO reads (message_id, agent, read_at) VALUES (?, ?, ?) ON CONFLICT DO NOTHING', messageId, agent, ctx.now())
}

/** The Message wire shape (docs/protocol.md#messages); retracted rows become tombstones on every surface. */
export function wireMessage(m: StoredMessage): Message {
  const gone = m.retracted_at != null
  return {
    id: m.id, channel: m.channel, seq: m.seq, sender: m.sender, kind: m.kind,
    status: gone ? 'fyi' : m.status, urgency: m.urgency, critical: m.critical, downgraded: m.downgraded,
    to: m.to, title: gone ? '' : m.title, body: gone ? `[retracted by ${m.retracted_by ?? 'unknown'}]` : m.body,
    data: gone ? null : m.data, reply_to: m.reply_to, created_at: m.created_at,
    retracted: gone, retracted_at: m.retracted_at,
  }
}
