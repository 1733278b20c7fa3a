import {Router} from 'express'
import type {Ctx} from '../services/kernel/index.js'
import {fail} from '../services/kernel/index.js'
import {principal} from '../http/respond.js'
import {answer} from '../http/answer.js'
import type {RouteAnswer} from '@agora/protocol'
import {validate} from '../http/schemas.js'
import type {EmbeddingConfig} from '../services/search/index.js'
import {embed, endpointOf, loadEmbedding, saveEmbedding} from '../services/search/index.js'
import {backfill, embedderOf, syncEmbedder} from '../services/search/index.js'
import {requireOperatorOrAdmin} from './search-admin.js'

/** What GET serves: never the endpoint's key, only whether one is set. */
async function status(ctx: Ctx, c: EmbeddingConfig | null): Promise<RouteAnswer<'get /admin/embedding'>> {
  const live = Number((await ctx.db.get<{n: number}>(`SELECT COUNT(*) AS n FROM messages WHERE kind = 'message' AND retracted_at IS NULL`))?.n ?? 0)
  if (!c) return {enabled: false, url: null, model: null, dimensions: null, has_key: false, embedded: 0, messages: live, coverage: null}
  const embedded = Number((await ctx.db.get<{n: number}>(`SELECT COUNT(*) AS n FROM message_embeddings e JOIN messages m ON m.id = e.message_id
    WHERE e.model = ? AND m.kind = 'message' AND m.retracted_at IS NULL`, c.model))?.n ?? 0)
  return {enabled: true, url: endpointOf(c.url), model: c.model, dimensions: c.dimensions, has_key: c.api_key !== null,
    set_at: c.set_at, set_by: c.set_by, embedded, messages: live, coverage: live === 0 ? 1 : embedded / live}
}

/**
 * Semantic search is optional: the operator points the hub at an OpenAI-compatible
 * `/v1/embeddings` endpoint. PUT probes it before saving (a dead endpoint is refused, nothing
 * stored) and embeds the existing messages; DELETE returns the hub to lexical-only search.
 */
export function embeddingRoutes(ctx: Ctx): Router {
  const r = Router()
  // A hub restarted with an endpoint set keeps embedding new posts.
  syncEmbedder(ctx).catch(() => {})

  r.get('/admin/embedding', async (req, res) => {
    requireOperatorOrAdmin(await principal(ctx, req))
    answer(res, 'get /admin/embedding', await status(ctx, await loadEmbedding(ctx)))
  })

  r.put('/admin/embedding', async (req, res) => {
    const p = await principal(ctx, req)
    requireOperatorOrAdmin(p)
    const b = validate('embedding', req.body)
    endpointOf(b.url)
    if (b.model.trim() === '') fail(400, 'model is empty; name the embedding model the endpoint serves, e.g. text-embedding-3-small')
    const config: EmbeddingConfig = {url: b.url, model: b.model.trim(), api_key: b.api_key ?? null, dimensions: b.dimensions ?? null, set_at: ctx.now(), set_by: p.id}
    try {
      await embed(config, ['agora embedding probe'])
    } catch (err) {
      fail(400, `the embedding endpoint did not answer a probe (${(err as Error).message}); nothing was saved, check the url, model and key`)
    }
    const previous = await loadEmbedding(ctx)
    if (previous && previous.model !== config.model) await ctx.db.run('DELETE FROM message_embeddings')
    await saveEmbedding(ctx, config)
    embedderOf(ctx).start()
    let embedded = 0
    let error: string | null = null
    try {
      embedded = await backfill(ctx, config)
    } catch (err) {
      error = `backfill stopped: ${(err as Error).message}; PUT again to resume`
    }
    answer(res, 'put /admin/embedding', {...(await status(ctx, config)), backfilled: embedded, error})
  })

  r.delete('/admin/embedding', async (req, res) => {
    requireOperatorOrAdmin(await principal(ctx, req))
    embedderOf(ctx).stop()
    await saveEmbedding(ctx, null)
    answer(res, 'delete /admin/embedding', await status(ctx, null))
  })
  return r
}
