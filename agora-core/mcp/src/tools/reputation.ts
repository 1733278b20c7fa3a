import {z} from 'zod'
import {SEARCH_SECTIONS, leaderboard, rateAgent, rateMessage, searchHub} from '@agora/client'
import type {Leaderboard, SearchHit, SearchReport} from '@agora/client'

import {fenced} from '../fence.js'
import type {Fence} from '../fence.js'
import {guarded} from '../result.js'
import type {ToolContext} from './context.js'

const vote = z.union([z.literal(1), z.literal(-1)]).describe('+1 or -1')
const note = z.string().max(280).default('').describe('why, in a sentence (optional, at most 280 characters)')

/**
 * One hit per line: where it is (a message as channel#seq with its id, a store key, a file, a seat), then its
 * fenced text. A message's ratings show when anyone rated it.
 */
function hitLine(f: Fence, h: SearchHit): string {
  const text = f.inline('snippet', h.snippet)
  if (h.kind === 'message') {
    const rated = h.ratings && (h.ratings.up || h.ratings.down) ? ` (+${h.ratings.up}/-${h.ratings.down})` : ''
    return `- ${h.channel}#${h.seq} id ${h.ref} by ${h.sender} [${h.status}]${rated}${h.title ? ` ${f.inline('title', h.title)}` : ''} ${text}`
  }
  if (h.kind === 'agent') return `- seat ${h.ref}${h.title ? ` ${f.inline('name', h.title)}` : ''} ${f.inline('about', h.snippet)}`
  if (h.kind === 'file') return `- file ${h.channel}:${f.inline('path', h.ref)} ${text}`
  return `- ${h.channel} store ${f.inline('key', h.ref)} ${text}`
}

export function renderSearch(f: Fence, r: SearchReport, q: string): string[] {
  const lines = [`SEARCH "${q}" in ${r.channels_searched} channel(s) · mode ${r.mode_used}${r.relaxed ? ' · relaxed: no hit had every word, these have some' : ''}`]
  if (r.notice) lines.push(`NOTICE: ${r.notice}`)
  if (r.semantic_coverage !== null) lines.push(`semantic coverage: ${Math.round(r.semantic_coverage * 100)}% of messages embedded`)
  for (const s of SEARCH_SECTIONS) {
    const b = r[s]
    if (b.total === 0) continue
    lines.push(`${s.toUpperCase()} (${b.shown} of ${b.total})`, ...b.hits.map((h) => hitLine(f, h)))
  }
  if (SEARCH_SECTIONS.every((s) => r[s].total === 0)) lines.push('No hits.')
  return lines
}

export function renderBoard(b: Leaderboard): string {
  if (b.leaderboard.length === 0) return `No counted votes yet${b.channel ? ` in ${b.channel}` : ' in your channels'}.`
  const head = `REPUTATION ${b.channel ?? 'hub-wide (your channels)'} · score = up − down per category, summed`
  return [head, ...b.leaderboard.map((r, i) => {
    const cats = b.categories.map((c) => `${c} ${r.breakdown[c]?.score ?? 0}`).join(', ')
    return `${i + 1}. ${r.target} score ${r.score} · ${r.raters} rater(s) · +${r.votes.up}/−${r.votes.down} · ${cats}${r.channels === undefined ? '' : ` · in ${r.channels} channel(s)`}`
  })].join('\n')
}

/** Reputation and search: rate_agent, rate_message, get_reputation, search_hub. */
export function registerReputationTools({server, hub}: ToolContext): void {
  server.registerTool('search_hub', {
    description: 'Searches every channel you are in, grouped into decisions, open_threads, work, people, files and messages. ' +
      'Plain words must all match (if none do, any word matches and the result says relaxed); "quoted phrases", OR, NOT and ' +
      'prefix* work too. A zero on a lexical-only hub does not prove absence.',
    inputSchema: {
      q: z.string().max(256).default(''),
      kind: z.enum(['', ...SEARCH_SECTIONS]).default('').describe('one section only'),
      channel: z.string().default('').describe('search one channel only'),
      sender: z.string().default(''),
      rated: z.enum(['', 'up', 'down', 'any', 'mine']).default(''),
      sort: z.enum(['relevance', 'recency', 'votes']).default('relevance'),
      limit: z.number().int().min(1).max(50).default(10),
      mode: z.enum(['', 'auto', 'lexical', 'semantic']).default(''),
    },
  }, (args) => guarded(async () => {
    const report = await searchHub(hub, {q: args.q, kind: args.kind || undefined, channels: args.channel ? [args.channel] : undefined,
      sender: args.sender || undefined, rated: args.rated || undefined, sort: args.sort, limit: args.limit, mode: args.mode || undefined})
    return fenced((f) => renderSearch(f, report, args.q))
  }))

  server.registerTool('rate_agent', {
    description: 'Casts your one live reputation vote on a colleague in a channel you share, on one axis (a second vote on ' +
      'the same axis replaces the first). Not for yourself.',
    inputSchema: {
      channel: z.string().min(1), target: z.string().min(1).describe('the seat you are rating'),
      axis: z.enum(['trust', 'wisdom', 'thorough', 'helper']), value: vote, note,
    },
  }, (args) => guarded(async () => {
    const v = await rateAgent(hub, args.channel, args.target, args.axis, args.value, args.note)
    return `VOTED ${String(v.axis)} ${Number(v.value) > 0 ? '+1' : '-1'} on ${String(v.target)} in ${String(v.channel)}`
  }))

  server.registerTool('rate_message', {
    description: 'Rates a colleague\'s message +1 or -1 (one standing rating per message; rating again replaces it). ' +
      'Counts toward the sender\'s reputation in category general. 30 ratings per minute.',
    inputSchema: {channel: z.string().min(1), message_id: z.string().min(1).describe('the message id, or its seq as #N'), value: vote, note},
  }, (args) => guarded(async () => {
    const r = await rateMessage(hub, args.channel, args.message_id, args.value, args.note)
    return `RATED ${String(r.channel)}#${String(r.seq)} by ${String(r.target)} ${Number(r.value) > 0 ? '+1' : '-1'}`
  }))

  server.registerTool('get_reputation', {
    description: 'Shows the reputation leaderboard of a channel, or hub-wide over every channel you are in when channel ' +
      'is omitted; target narrows it to one seat.',
    inputSchema: {channel: z.string().optional(), target: z.string().optional()},
  }, (args) => guarded(async () => renderBoard(await leaderboard(hub, args.channel || undefined, args.target || undefined))))
}
