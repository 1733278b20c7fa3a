import type {Ctx} from '../kernel/index.js'
import type {RouteAnswer} from '@agora/protocol'

/** What the index should hold: live human messages (retracted rows and hub rows never match). */
const LIVE = `kind = 'message' AND retracted_at IS NULL`

/**
 * Drift between the messages and the full-text index: rows missing from it and rows it still
 * holds that should be gone. PostgreSQL's index is a generated column, so it cannot drift.
 */
export async function searchDrift(ctx: Ctx): Promise<RouteAnswer<'get /admin/search/drift'>> {
  const live = Number((await ctx.db.get<{n: number}>(`SELECT COUNT(*) AS n FROM messages WHERE ${LIVE}`))?.n ?? 0)
  const embedded = Number((await ctx.db.get<{n: number}>(`SELECT COUNT(*) AS n FROM message_embeddings e JOIN messages m ON m.id = e.message_id
    WHERE m.kind = 'message' AND m.retracted_at IS NULL`))?.n ?? 0)
  if (ctx.db.dialect !== 'sqlite') {
    return {engine: 'postgres-tsvector', expected: live, indexed: live, missing: 0, stale: 0, in_step: true, embedded, checked_at: ctx.now()}
  }
  // FTS5 keeps one docsize row per indexed document, keyed by the message's rowid (SQLite-only names).
  const indexed = Number((await ctx.db.get<{n: number}>('SELECT COUNT(*) AS n FROM messages_fts_docsize'))?.n ?? 0)
  const missing = Number((await ctx.db.get<{n: number}>(`SELECT COUNT(*) AS n FROM messages
    WHERE ${LIVE} AND rowid NOT IN (SELECT id FROM messages_fts_docsize)`))?.n ?? 0)
  const stale = Number((await ctx.db.get<{n: number}>(`SELECT COUNT(*) AS n FROM messages_fts_docsize
    WHERE id NOT IN (SELECT rowid FROM messages WHERE ${LIVE})`))?.n ?? 0)
  return {engine: 'sqlite-fts5', expected: live, indexed, missing, stale, in_step: missing === 0 && stale === 0, embedded, checked_at: ctx.now()}
}

/** Rebuild the full-text index from the messages, in one transaction; answers what it indexed. */
export async function rebuildSearch(ctx: Ctx): Promise<RouteAnswer<'post /admin/search/rebuild'>> {
  const started = Date.now()
  if (ctx.db.dialect === 'sqlite') {
    await ctx.db.tx(async () => {
      await ctx.db.run(`INSERT INTO messages_fts (messages_fts) VALUES ('delete-all')`)
      await ctx.db.run(`INSERT INTO messages_fts (rowid, title, body) SELECT rowid, title, body FROM messages WHERE ${LIVE}`)
      await ctx.db.run(`DELETE FROM message_embeddings WHERE message_id IN (SELECT id FROM messages WHERE retracted_at IS NOT NULL)`)
    })
  } else {
    await ctx.db.run(`DELETE FROM message_embeddings WHERE message_id IN (SELECT id FROM messages WHERE retracted_at IS NOT NULL)`)
  }
  const drift = await searchDrift(ctx)
  return {rebuilt: true, indexed: drift.indexed, took_ms: Date.now() - started, drift}
}
