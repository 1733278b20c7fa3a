import type {Ctx} from '../kernel/index.js'
import type {SearchQuery} from './query.js'
import {canRelax, highlights, snippet} from './query.js'
import type {MessageFilter, MessageHitRow} from './messages-sql.js'
import {MESSAGE_SECTIONS, searchMessages} from './messages-sql.js'
import {searchPeople, searchStore} from './store-hits.js'
import {semanticSearch} from './semantic.js'
import {ratingTallies} from '../reputation/index.js'
import type {RouteAnswer, SearchHit} from '@agora/protocol'

/** The six fixed sections of a SearchReport, in wire order. */
export const SECTIONS = ['decisions', 'open_threads', 'work', 'people', 'files', 'messages'] as const
export type Section = typeof SECTIONS[number]

export const LEXICAL_ONLY_NOTICE = 'search lexical-only: semantic is not enabled on this hub — a zero here does not prove absence.'

export interface SearchParams {
  q: SearchQuery | null
  /** Channels the seat asked for (null: all of theirs). */
  channels: string[] | null
  sender: string | null
  kind: Section | null
  since: number | null
  until: number | null
  /** A message id already resolved in a searched channel; '' when the ref named nothing visible. */
  ref: string | null
  rated: MessageFilter['rated']
  minVotes: number | null
  sort: MessageFilter['sort']
  limit: number
  offset: number
  mode: 'auto' | 'lexical' | 'semantic'
}

type Sections = Pick<RouteAnswer<'get /search'>, Section>
type MessageSection = typeof MESSAGE_SECTIONS[number]

const messageRefs = (hits: readonly SearchHit[]): string[] => hits.flatMap(h => h.kind === 'message' ? [h.ref] : [])

/** A message hit; its `ratings` are filled for the page at the end (withRatings), one query for every section. */
export function messageHit(r: MessageHitRow, words: string[]): SearchHit {
  const text = snippet(r.body || r.title, words)
  return {kind: 'message', channel: r.channel, ref: r.id, title: r.title, created_at: r.created_at, snippet: text,
    highlights: highlights(text, words), seq: r.seq, sender: r.sender, status: r.status, thread_hits: null, ratings: {up: 0, down: 0, mine: 0}}
}

/** Every message hit's standing `ratings: {up, down, mine}` as the viewer sees them on a history row. */
async function withRatings(ctx: Ctx, viewer: string, sections: Sections): Promise<void> {
  const hits = SECTIONS.flatMap(s => sections[s].hits.filter(h => h.kind === 'message'))
  if (hits.length === 0) return
  const tallies = await ratingTallies(ctx, [...new Set(hits.map(h => h.ref))], viewer)
  for (const h of hits) h.ratings = tallies.get(h.ref) ?? {up: 0, down: 0, mine: 0}
}

/** One lexical pass over every wanted section; `relaxed` matches any word instead of all. */
async function lexical(ctx: Ctx, viewer: string, channels: string[], p: SearchParams, relaxed: boolean): Promise<Sections> {
  const wanted = p.kind ? [p.kind] : [...SECTIONS]
  const out: Sections = {decisions: {hits: [], shown: 0, total: 0}, open_threads: {hits: [], shown: 0, total: 0}, work: {hits: [], shown: 0, total: 0},
    people: {hits: [], shown: 0, total: 0}, files: {hits: [], shown: 0, total: 0}, messages: {hits: [], shown: 0, total: 0}}
  const msgSections = wanted.filter(s => (MESSAGE_SECTIONS as readonly string[]).includes(s))
  const found = await searchMessages(ctx, p.q, relaxed, {channels, viewer, sender: p.sender, since: p.since, until: p.until, ref: p.ref,
    rated: p.rated, minVotes: p.minVotes, sort: p.sort, sections: msgSections}, p.offset, p.limit)
  for (const r of found.rows) out[r.section as MessageSection].hits.push(messageHit(r, p.q?.words ?? []))
  // A section's total counts all its matches, also on a page past its end: the next page's decision rows skip by it.
  for (const [s, n] of Object.entries(found.totals)) out[s as MessageSection].total = n
  // Rating, vote and thread filters speak of messages only: the store and seat sections stay empty under them.
  const messageOnly = p.ref !== null || p.rated !== null || p.minVotes !== null
  if (!messageOnly) {
    for (const s of ['decisions', 'work', 'files'] as const) {
      if (!wanted.includes(s)) continue
      // Decisions hold resolved messages first, then decision: rows, paged as one list.
      const skip = s === 'decisions' ? Math.max(0, p.offset - out.decisions.total) : p.offset
      const room = p.limit - out[s].hits.length
      const found = await searchStore(ctx, s, p.q, relaxed, {channels, sender: p.sender, since: p.since, until: p.until}, skip, room)
      out[s].hits.push(...found.hits)
      out[s].total += found.total
    }
    if (wanted.includes('people') && p.sender === null && p.since === null && p.until === null) {
      const found = searchPeople(ctx, channels, p.q, relaxed, p.offset, p.limit)
      out.people = {hits: found.hits, shown: 0, total: found.total}
    }
  }
  for (const s of SECTIONS) out[s].shown = out[s].hits.length
  return out
}

function empty(sections: Sections): boolean {
  return SECTIONS.every(s => sections[s].total === 0)
}

/**
 * GET /search: membership-scoped, grouped into six sections. A requested channel the seat is not
 * in is dropped exactly like one that does not exist, so the answer cannot tell them apart.
 */
export async function runSearch(ctx: Ctx, viewer: string, p: SearchParams): Promise<RouteAnswer<'get /search'>> {
  const mine = ctx.cache.agentChannels.get(viewer) ?? new Set<string>()
  const channels = (p.channels === null ? [...mine] : [...new Set(p.channels)].filter(c => mine.has(c))).sort()
  let relaxed = false
  let sections = await lexical(ctx, viewer, channels, p, false)
  if (empty(sections) && p.q && canRelax(p.q)) {
    sections = await lexical(ctx, viewer, channels, p, true)
    relaxed = !empty(sections)
  }
  let modeUsed = 'lexical'
  let coverage: number | null = null
  let notice: string | null = null
  if (p.mode !== 'lexical' && p.q && p.q.words.length > 0) {
    const sem = await semanticSearch(ctx, p.q, channels, p)
    if (sem.state === 'off') {
      // auto on a lexical hub is silently lexical; an explicit semantic request is told.
      if (p.mode === 'semantic') notice = LEXICAL_ONLY_NOTICE
    } else if (sem.state === 'failed') {
      notice = `search lexical-only: the embedding endpoint failed (${sem.reason}) — a zero here does not prove absence.`
    } else {
      modeUsed = p.mode === 'semantic' ? 'semantic' : 'hybrid'
      coverage = sem.coverage
      const seen = new Set(SECTIONS.flatMap(s => messageRefs(sections[s].hits)))
      if (p.mode === 'semantic') for (const s of MESSAGE_SECTIONS) sections[s] = {hits: [], shown: 0, total: 0}
      for (const r of sem.rows) {
        const b = sections[r.section as MessageSection]
        if (p.mode !== 'semantic' && seen.has(r.id)) continue
        b.total++
        if (b.hits.length < p.limit) b.hits.push(messageHit(r, p.q.words))
        b.shown = b.hits.length
      }
    }
  }
  const more = SECTIONS.some(s => sections[s].total > p.offset + p.limit)
  await withRatings(ctx, viewer, sections)
  return {...sections, relaxed, channels_searched: channels.length,
    next_cursor: more ? Buffer.from(JSON.stringify({o: p.offset + p.limit})).toString('base64url') : null,
    computed_at: ctx.now(), mode_used: modeUsed, semantic_coverage: coverage, notice}
}
