import type {Ctx} from '../kernel/index.js'
import {dataStamp} from '../kernel/index.js'
import type {Page} from './messages-page.js'
import {perOwner} from '../../per-owner.js'

/** Pages kept per hub: a few hundred id lists (up to PAGE_DEPTH ids per section and the totals), evicted oldest first. */
export const PAGE_CACHE_MAX = 256
/** How deep a kept page reaches into each section, so the next pages of a search (its cursors) are served from it too. */
export const PAGE_DEPTH = 50

interface Entry {stamp: string; page: Page}

/** One cache per storage (so per hub, and per test hub), dropped with it. */
const cacheOf = perOwner((_: object): Map<string, Entry> => new Map())

/**
 * A ranked message page, reused while nothing in the database changed (the idea of a search engine's
 * request cache, dropped at every refresh). Ranking a word most messages hold means bm25 over every match
 * (about 10,000 for `the` in the 10k-message bench, most of that search's CPU); the same search again, its
 * next page (the first PAGE_DEPTH hits of each section are kept), a relaxed retry's empty first pass or a
 * seat polling one query then costs one stamp read. `key` must name everything the page depends on besides
 * the data, offset and limit (query text, parameters, sections); `compute(offset, limit)` is the page as
 * sectionPages cuts it. A page is kept only if the stamp did not move while it was computed, so it is
 * exactly what a fresh computation would answer for as long as it is served.
 */
export async function cachedPage(ctx: Ctx, key: string, offset: number, limit: number,
  compute: (offset: number, limit: number) => Promise<Page>): Promise<Page> {
  const stamp = offset + limit <= PAGE_DEPTH ? await dataStamp(ctx) : null
  if (stamp === null) return compute(offset, limit)
  const cache = cacheOf(ctx.db)
  const hit = cache.get(key)
  if (hit?.stamp === stamp) {
    cache.delete(key)
    cache.set(key, hit)
    return slice(hit.page, offset, limit)
  }
  const page = await compute(0, PAGE_DEPTH)
  if (await dataStamp(ctx) === stamp) {
    cache.delete(key)
    cache.set(key, {stamp, page})
    // Stale entries (another stamp) are never served; the oldest go first once the cache is full.
    for (const old of cache.keys()) {
      if (cache.size <= PAGE_CACHE_MAX) break
      cache.delete(old)
    }
  }
  return slice(page, offset, limit)
}

/**
 * The rows `sectionPages(offset, limit)` answers, cut from its answer at offset 0 and a deeper limit: every
 * section's order is total (it ends in the id), so a deeper page starts with the shallower one, and a section
 * the offset has gone past gives no row, as it does there.
 */
function slice(deep: Page, offset: number, limit: number): Page {
  const at = new Map<string, number>()
  const rows: Page['rows'] = []
  for (const r of deep.rows) {
    const i = at.get(r.section) ?? 0
    at.set(r.section, i + 1)
    if (i >= offset && i < offset + limit) rows.push({...r})
  }
  return {rows, totals: {...deep.totals}}
}
