import type {Ctx} from '../kernel/index.js'
import {fail} from '../kernel/index.js'

/** The operator's OpenAI-compatible embeddings endpoint, kept in meta `embedding_config`. */
export interface EmbeddingConfig {
  url: string
  model: string
  /** Sent as a bearer to the endpoint; stored because every call needs it, and never served back. */
  api_key: string | null
  dimensions: number | null
  set_at: number
  set_by: string
}

/** The hub meta row holding the endpoint (PostgreSQL's triggers announce its changes to the other processes). */
export const EMBEDDING_KEY = 'embedding_config'
const KEY = EMBEDDING_KEY
const TIMEOUT_MS = 10_000
export const BATCH = 64

export async function loadEmbedding(ctx: Ctx): Promise<EmbeddingConfig | null> {
  const row = await ctx.db.get<{value: string}>('SELECT value FROM meta WHERE key = ?', KEY)
  return row ? JSON.parse(row.value) as EmbeddingConfig : null
}

export async function saveEmbedding(ctx: Ctx, c: EmbeddingConfig | null): Promise<void> {
  if (c === null) {
    await ctx.db.run('DELETE FROM meta WHERE key = ?', KEY)
    await ctx.db.run('DELETE FROM message_embeddings')
    return
  }
  await ctx.db.run('INSERT INTO meta (key, value) VALUES (?, ?) ON CONFLICT (key) DO UPDATE SET value = excluded.value', KEY, JSON.stringify(c))
}

/** `http://host:port`, `…/v1` and `…/v1/embeddings` all name the same endpoint. */
export function endpointOf(url: string): string {
  let u: URL
  try {
    u = new URL(url)
  } catch {
    fail(400, `url '${url}' is not a URL; give the server's base, e.g. http://127.0.0.1:8080 (the hub calls <url>/v1/embeddings)`)
  }
  if (u.protocol !== 'http:' && u.protocol !== 'https:') fail(400, 'url must be http:// or https://')
  const path = u.pathname.replace(/\/+$/, '')
  u.pathname = path.endsWith('/v1/embeddings') ? path : path.endsWith('/v1') ? `${path}/embeddings` : `${path}/v1/embeddings`
  return u.toString()
}

/** One call to the endpoint: the texts' vectors in input order, or an Error that says what went wrong. */
export async function embed(c: Pick<EmbeddingConfig, 'url' | 'model' | 'api_key' | 'dimensions'>, texts: string[]): Promise<number[][]> {
  const res = await fetch(endpointOf(c.url), {
    method: 'POST',
    headers: {'content-type': 'application/json', ...(c.api_key ? {authorization: `Bearer ${c.api_key}`} : {})},
    body: JSON.stringify({model: c.model, input: texts, ...(c.dimensions ? {dimensions: c.dimensions} : {})}),
    signal: AbortSignal.timeout(TIMEOUT_MS),
  })
  if (!res.ok) throw new Error(`HTTP ${res.status} from ${endpointOf(c.url)}`)
  const body = await res.json() as {data?: Array<{embedding?: unknown; index?: number}>}
  const data = Array.isArray(body?.data) ? [...body.data].sort((a, b) => (a.index ?? 0) - (b.index ?? 0)) : []
  if (data.length !== texts.length) throw new Error(`the endpoint answered ${data.length} vectors for ${texts.length} inputs`)
  return data.map(d => {
    if (!Array.isArray(d.embedding) || d.embedding.length === 0 || !d.embedding.every(x => typeof x === 'number' && Number.isFinite(x))) {
      throw new Error('the endpoint answered something that is not a list of numbers')
    }
    return d.embedding as number[]
  })
}

export function cosine(a: number[], b: number[]): number {
  if (a.length !== b.length) return 0
  let dot = 0, na = 0, nb = 0
  for (let i = 0; i < a.length; i++) {
    const x = a[i] ?? 0, y = b[i] ?? 0 // i < a.length === b.length: both are there
    dot += x * y
    na += x * x
    nb += y * y
  }
  return na === 0 || nb === 0 ? 0 : dot / Math.sqrt(na * nb)
}
