import {randomBytes} from 'node:crypto'
import {ulid} from 'ulid'
import {ledgerHash, parseJsonLossless, pyFloat, stringifyWire} from '@agora/protocol'
import type {Message} from '@agora/protocol'
import type {Ctx} from './context.js'

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

/** `SELECT <message columns> <tail>` in raw mode; `tail` starts at FROM. */
export function selectMessages(ctx: Ctx, tail: string, ...params: unknown[]): StoredMessage[] {
  const alias = /^FROM messages (m)\b/.exec(tail)?.[1] ?? ''
  return ctx.q.rawAll(`SELECT ${messageColumns(alias)} ${tail}`, ...params).map(fromArray)
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

/** Assign the next seq and chain the hash. Call inside a transaction (the caller's or ours). */
export function insertMessage(ctx: Ctx, n: NewMessage): StoredMessage {
  return ctx.q.tx(() => {
    const head = ctx.q.get<{seq: number; hash: string | null}>(
      'SELECT seq, hash FROM messages WHERE channel = ? ORDER BY seq DESC LIMIT 1', n.channel)
    const dataText = n.data == null ? null : stringifyWire(n.data)
    const m: StoredMessage = {
      id: newMessageId(), channel: n.channel, seq: (head?.seq ?? 0) + 1, sender: n.sender, kind: n.kind ?? 'message',
      status: n.status ?? 'fyi', urgency: n.urgency ?? 'inbox', critical: n.critical ?? false,
      downgraded: n.downgraded ?? false, to: n.to ?? [], title: n.title ?? '', body: n.body ?? '',
      data: dataText == null ? null : (parseJsonLossless(dataText) as Record<string, unknown>),
      reply_to: n.reply_to ?? null, created_at: ctx.now(), hash: null, retracted_at: null, retracted_by: null,
    }
    m.hash = ledgerHash(head?.hash ?? '', hashPayload(m))
    if (n.dedupeKey) {
      const dup = ctx.q.get('SELECT message_id FROM message_dedupe WHERE channel = ? AND sender = ? AND key = ?',
        n.channel, n.sender, n.dedupeKey)
      if (dup) throw Object.assign(new Error('duplicate'), {dedupe: true})
      ctx.q.run('INSERT INTO message_dedupe (channel, sender, key, message_id) VALUES (?, ?, ?, ?)',
        n.channel, n.sender, n.dedupeKey, m.id)
    }
    ctx.q.run(`INSERT INTO messages (id, channel, seq, sender, kind, status, urgency, critical, downgraded, to_json,
      title, body, data_json, reply_to, created_at, hash) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
    m.id, m.channel, m.seq, m.sender, m.kind, m.status, m.urgency, m.critical ? 1 : 0, m.downgraded ? 1 : 0,
    JSON.stringify(m.to), m.title, m.body, dataText, m.reply_to, m.created_at, m.hash)
    for (const a of new Set(m.to)) {
      ctx.q.run('INSERT OR IGNORE INTO message_to (message_id, agent_id, channel, seq) VALUES (?, ?, ?, ?)',
        m.id, a, m.channel, m.seq)
    }
    return m
  })
}

/** Insert and wake subscribers once the transaction has committed. */
export function postSystem(ctx: Ctx, channel: string, body: string, extra: Partial<NewMessage> = {}): StoredMessage {
  const m = insertMessage(ctx, {channel, sender: 'hub', kind: 'system', status: 'fyi', body, ...extra})
  afterCommit(ctx, m)
  return m
}

/** Publish after the outermost transaction commits (immediately when there is none). */
export function afterCommit(ctx: Ctx, m: StoredMessage): void {
  ctx.q.defer(() => ctx.bus.publish(m))
}

export function getMessage(ctx: Ctx, id: string): StoredMessage | undefined {
  const r = ctx.q.get<Record<string, unknown>>(`${SELECT} WHERE id = ?`, id)
  return r ? fromRow(r) : undefined
}

export function getBySeq(ctx: Ctx, channel: string, seq: number): StoredMessage | undefined {
  const r = ctx.q.get<Record<string, unknown>>(`${SELECT} WHERE channel = ? AND seq = ?`, channel, seq)
  return r ? fromRow(r) : undefined
}

export function repliesTo(ctx: Ctx, id: string): StoredMessage[] {
  return selectMessages(ctx, 'FROM messages WHERE reply_to = ? AND retracted_at IS NULL ORDER BY seq', id)
}

/** Replies to many roots in one pass (ids bound as one JSON array), grouped by root id in seq order. */
export function repliesToMany(ctx: Ctx, ids: string[]): Map<string, StoredMessage[]> {
  const out = new Map<string, StoredMessage[]>(ids.map(id => [id, []]))
  if (ids.length === 0) return out
  const rows = selectMessages(ctx, `FROM messages WHERE reply_to IN (SELECT value FROM json_each(?))
    AND retracted_at IS NULL ORDER BY seq`, JSON.stringify(ids))
  for (const r of rows) out.get(r.reply_to as string)?.push(r)
  return out
}

/** Sender of each of `ids` that exists (one pass). */
export function sendersOf(ctx: Ctx, ids: string[]): Map<string, string> {
  if (ids.length === 0) return new Map()
  const rows = ctx.q.all<{id: string; sender: string}>('SELECT id, sender FROM messages WHERE id IN (SELECT value FROM json_each(?))',
    JSON.stringify([...new Set(ids)]))
  return new Map(rows.map(r => [r.id, r.sender]))
}

/** Which of `ids` the agent holds a read receipt on. */
export function readSet(ctx: Ctx, agent: string, ids: string[]): Set<string> {
  if (ids.length === 0) return new Set()
  return new Set(ctx.q.prep('SELECT message_id FROM reads WHERE agent = ? AND message_id IN (SELECT value FROM json_each(?))')
    .pluck().all(agent, JSON.stringify(ids)) as string[])
}

export function headSeq(ctx: Ctx, channel: string): number {
  return ctx.q.get<{s: number | null}>('SELECT MAX(seq) AS s FROM messages WHERE channel = ?', channel)?.s ?? 0
}

export function isRead(ctx: Ctx, messageId: string, agent: string): boolean {
  return !!ctx.q.get('SELECT 1 FROM reads WHERE message_id = ? AND agent = ?', messageId, agent)
}

export function recordRead(ctx: Ctx, messageId: string, agent: string): void {
  ctx.q.run('INSERT OR IGNORE INTO reads (message_id, agent, read_at) VALUES (?, ?, ?)', messageId, agent, ctx.now())
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
