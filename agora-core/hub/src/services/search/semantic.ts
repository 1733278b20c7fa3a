import type {Ctx} from '../kernel/index.js'
import type {StoredMessage} from '../messages/index.js'
import type {SearchQuery} from './query.js'
import type {MessageHitRow} from './messages-sql.js'
import type {EmbeddingConfig} from './embedding.js'
import {BATCH, cosine, embed, loadEmbedding} from './embedding.js'
import {perOwner} from '../../per-owner.js'

/** A semantic hit must be at least this similar to the query (cosine), or it is noise. */
const MIN_SIMILARITY = 0.3
/** Vectors compared per query: a bound, like every list. */
const SCAN_CAP = 50_000

export type SemanticResult =
  | {state: 'off'}
  | {state: 'failed'; reason: string}
  | {state: 'ok'; coverage: number; rows: MessageHitRow[]}

interface Filter {sender: string | null; since: number | null; until: number | null; ref: string | null; rated: unknown; minVotes: number | null; kind: string | null}

function textOf(m: {title: string; body: string}): string {
  return `${m.title}\n${m.body}`.trim()
}

/** Query vectors against the stored ones of live messages in the searched channels, best first. */
export async function semanticSearch(ctx: Ctx, q: SearchQuery, channels: string[], f: Filter): Promise<SemanticResult> {
  const config = await loadEmbedding(ctx)
  if (!config) return {state: 'off'}
  // Rating and thread filters are lexical-only refinements: semantic hits would ignore them.
  if (f.rated !== null || f.minVotes !== null || f.ref !== null || channels.length === 0) return {state: 'ok', coverage: 1, rows: []}
  let vector: number[]
  try {
    vector = (await embed(config, [q.text]))[0]! // embed answers one vector per text or throws
  } catch (err) {
    return {state: 'failed', reason: (err as Error).message}
  }
  const inList = channels.map(() => '?').join(', ')
  const conds = [`m.channel IN (${inList})`, 'm.retracted_at IS NULL', `m.kind = 'message'`]
  const params: unknown[] = [...channels]
  if (f.sender !== null) { conds.push('m.sender = ?'); params.push(f.sender) }
  if (f.since !== null) { conds.push('m.created_at >= ?'); params.push(f.since) }
  if (f.until !== null) { conds.push('m.created_at <= ?'); params.push(f.until) }
  const rows = await ctx.db.all<MessageHitRow & {vector: string; closed: number}>(`SELECT m.id, m.channel, m.seq, m.sender, m.status, m.title,
      m.body, m.created_at, m.reply_to, m.closed, e.vector FROM message_embeddings e JOIN messages m ON m.id = e.message_id
    WHERE e.model = ? AND ${conds.join(' AND ')} LIMIT ${SCAN_CAP}`, config.model, ...params)
  const live = await ctx.db.get<{n: number}>(`SELECT COUNT(*) AS n FROM messages m WHERE ${conds.join(' AND ')}`, ...params)
  const scored = rows.map(r => ({r, s: cosine(vector, JSON.parse(r.vector) as number[])})).filter(x => x.s >= MIN_SIMILARITY)
  scored.sort((a, b) => b.s - a.s || b.r.created_at - a.r.created_at)
  const out = scored.map(({r}) => ({...r, section: r.status === 'resolved' ? 'decisions' : (r.status === 'open' || r.status === 'blocked') && !r.closed ? 'open_threads' : 'messages', total: 0}))
    .filter(r => f.kind === null || r.section === f.kind)
  const n = Number(live?.n ?? 0)
  return {state: 'ok', coverage: n === 0 ? 1 : Math.min(1, rows.length / n), rows: out}
}

/** Embed every live message that has no vector for the configured model, in batches; answers how many. */
export async function backfill(ctx: Ctx, config: EmbeddingConfig, onBatch: (done: number) => void = () => {}): Promise<number> {
  let done = 0
  for (;;) {
    const batch = await ctx.db.all<{id: string; channel: string; title: string; body: string}>(`SELECT m.id, m.channel, m.title, m.body FROM messages m
      LEFT JOIN message_embeddings e ON e.message_id = m.id AND e.model = ?
      WHERE m.kind = 'message' AND m.retracted_at IS NULL AND e.message_id IS NULL ORDER BY m.created_at LIMIT ${BATCH}`, config.model)
    if (batch.length === 0) return done
    const vectors = await embed(config, batch.map(textOf))
    await ctx.db.tx(async () => {
      // embed answers one vector per text or throws, so vectors[i] is batch[i]'s
      for (const [i, m] of batch.entries()) await storeVector(ctx, m, config.model, vectors[i]!)
    })
    done += batch.length
    onBatch(done)
  }
}

async function storeVector(ctx: Ctx, m: {id: string; channel: string}, model: string, v: number[]): Promise<void> {
  await ctx.db.run(`INSERT INTO message_embeddings (message_id, channel, model, vector, created_at) VALUES (?, ?, ?, ?, ?)
    ON CONFLICT (message_id) DO UPDATE SET model = excluded.model, vector = excluded.vector, created_at = excluded.created_at`,
  m.id, m.channel, model, JSON.stringify(v), ctx.now())
}

/**
 * Keep vectors in step with posts while an endpoint is set: each stored human message is embedded
 * after its commit (a failure leaves it for the next backfill, never fails the post); a
 * retraction drops its vector.
 */
export class Embedder {
  private off: (() => void) | null = null
  private chain: Promise<void> = Promise.resolve()

  constructor(private readonly ctx: Ctx) {}

  start(): void {
    if (this.off) return
    // Each process embeds the posts and retractions it committed itself: the vectors are shared
    // rows, so embedding another process's post again would only pay the endpoint twice.
    this.off = this.ctx.bus.on((m: StoredMessage, elsewhere) => {
      if (elsewhere || m.kind !== 'message') return
      this.chain = this.chain.then(() => this.one(m)).catch(() => {})
    })
  }

  stop(): void {
    this.off?.()
    this.off = null
  }

  /** Resolves once every queued message has been handled (tests and the rebuild route wait on it). */
  idle(): Promise<void> {
    return this.chain
  }

  private async one(m: StoredMessage): Promise<void> {
    if (m.retracted_at != null) {
      await this.ctx.db.run('DELETE FROM message_embeddings WHERE message_id = ?', m.id)
      return
    }
    const config = await loadEmbedding(this.ctx)
    if (!config) return
    const [v] = await embed(config, [textOf(m)])
    await storeVector(this.ctx, m, config.model, v!) // embed answers one vector per text or throws
  }
}

export const embedderOf = perOwner((ctx: Ctx) => new Embedder(ctx))

/**
 * Start or stop this process's embedder as the stored endpoint says: at start, and on PostgreSQL
 * when another process set or removed it (cluster/attach.ts), so posts through every process stay embedded.
 */
export async function syncEmbedder(ctx: Ctx): Promise<void> {
  if (await loadEmbedding(ctx)) embedderOf(ctx).start()
  else embedderOf(ctx).stop()
}
