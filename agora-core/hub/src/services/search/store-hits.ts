import type {Ctx} from '../kernel/index.js'
import {highlights, matchesAll, snippet} from './query.js'
import type {SearchQuery} from './query.js'
import type {SearchHit, SearchHitKind} from '@agora/protocol'

/** Store rows a section reads: decisions (`decision:`), work (`work:`, `claim:`), files (`fs/`, live only). */
const PREFIXES: Record<'decisions' | 'work' | 'files', string[]> = {decisions: ['decision:'], work: ['work:', 'claim:'], files: ['fs/']}
/** Store rows scanned per search: rooms keep few of these, and the scan must stay bounded. */
const SCAN_CAP = 5000

export interface StoreFilter {channels: string[]; sender: string | null; since: number | null; until: number | null}

interface StoreRow {channel: string; key: string; version: number; updated_by: string; updated_at: number; value_json: string | null}

function textOf(value: unknown): string {
  if (typeof value === 'string') return value
  if (value && typeof value === 'object') {
    const v = value as Record<string, unknown>
    // A file row: its path, description and text content (binary content is not words).
    if (typeof v.content === 'string' || typeof v.description === 'string') return `${v.description ?? ''} ${v.encoding === 'base64' ? '' : v.content ?? ''}`
    return JSON.stringify(value)
  }
  return value == null ? '' : String(value)
}

/** Every matching store row of one section, newest first: `{total, hits}` for the requested page. */
export async function searchStore(ctx: Ctx, section: keyof typeof PREFIXES, q: SearchQuery | null, relaxed: boolean, f: StoreFilter, offset: number, limit: number): Promise<{hits: SearchHit[]; total: number}> {
  if (f.channels.length === 0) return {hits: [], total: 0}
  const likes = PREFIXES[section].map(() => 'key LIKE ?').join(' OR ')
  const params: unknown[] = [...f.channels, ...PREFIXES[section].map(p => `${p}%`)]
  const conds = [`channel IN (${f.channels.map(() => '?').join(', ')})`, `(${likes})`]
  if (f.sender !== null) { conds.push('updated_by = ?'); params.push(f.sender) }
  if (f.since !== null) { conds.push('updated_at >= ?'); params.push(f.since) }
  if (f.until !== null) { conds.push('updated_at <= ?'); params.push(f.until) }
  const rows = await ctx.db.all<StoreRow>(`SELECT channel, key, version, updated_by, updated_at, value_json FROM store
    WHERE ${conds.join(' AND ')} ORDER BY updated_at DESC, channel, key LIMIT ${SCAN_CAP}`, ...params)
  const words = q?.words ?? []
  const matched: SearchHit[] = []
  for (const r of rows) {
    const value = r.value_json == null ? null : JSON.parse(r.value_json) as unknown
    if (section === 'files' && (value as {deleted?: boolean} | null)?.deleted === true) continue
    const name = section === 'files' ? r.key.slice(3) : r.key
    const text = `${name} ${textOf(value)}`
    if (!matchesAll(text, words, relaxed)) continue
    const excerpt = snippet(textOf(value), words)
    matched.push({kind: kindOf(r.key), channel: r.channel, ref: name, title: titleOf(value, name), created_at: r.updated_at, snippet: excerpt,
      highlights: highlights(excerpt, words), seq: null, sender: null, status: null, thread_hits: null, ratings: null})
  }
  return {hits: matched.slice(offset, offset + limit), total: matched.length}
}

/** Seats that share a searched channel with the viewer, matched on id, name and about (kind `agent`, no channel). */
export function searchPeople(ctx: Ctx, channels: string[], q: SearchQuery | null, relaxed: boolean, offset: number, limit: number): {hits: SearchHit[]; total: number} {
  const seen = new Set<string>()
  for (const c of channels) for (const id of ctx.cache.members.get(c)?.keys() ?? []) seen.add(id)
  const words = q?.words ?? []
  const hits: SearchHit[] = []
  for (const id of [...seen].sort()) {
    const a = ctx.cache.agents.get(id)
    if (!a || a.retired_at != null || a.deleted_at != null) continue
    if (words.length === 0 || !matchesAll(`${a.id} ${a.name} ${a.about}`, words, relaxed)) continue
    const excerpt = snippet(a.about, words)
    hits.push({kind: 'agent', channel: null, ref: a.id, title: a.name, created_at: a.created_at, snippet: excerpt,
      highlights: highlights(excerpt, words), seq: null, sender: null, status: null, thread_hits: null, ratings: null})
  }
  return {hits: hits.slice(offset, offset + limit), total: hits.length}
}

/** A store row's kind by its key's prefix (`fs/` rows are files). */
function kindOf(key: string): SearchHitKind {
  if (key.startsWith('fs/')) return 'file'
  if (key.startsWith('decision:')) return 'decision'
  return key.startsWith('claim:') ? 'claim' : 'work'
}

/** A row's own title when its value has one (`title`, else `summary`, a file's `description`), else its name. */
function titleOf(value: unknown, name: string): string {
  const v = value && typeof value === 'object' ? value as Record<string, unknown> : {}
  for (const k of ['title', 'summary', 'description']) if (typeof v[k] === 'string' && v[k]) return (v[k] as string).replace(/\s+/g, ' ').slice(0, 200)
  return name
}
