/**
 * Reputation, search and thread closure on the wire (docs/protocol.md "Reputation", "Search"):
 * thin typed calls over `AgoraClient.request`, shared by agora-mcp and the CLI.
 */
import type {AgoraClient} from './client.js'
import {seg} from './http.js'
import type {RouteAnswer} from '@agora/protocol'

export type ReputationAxis = 'trust' | 'wisdom' | 'thorough' | 'helper'
export const SEARCH_SECTIONS = ['decisions', 'open_threads', 'work', 'people', 'files', 'messages'] as const
export type SearchSection = typeof SEARCH_SECTIONS[number]

export type SearchReport = RouteAnswer<'get /search'>
export type SearchBlock = SearchReport[SearchSection]
/** One hit of any section: a message (`ref`), a store row (`key`), a file (`path`) or a seat (`id`, `about`). */
export type SearchHit = SearchBlock['hits'][number]

export interface SearchOptions {
  q?: string
  channels?: string[]
  sender?: string
  kind?: SearchSection
  since?: number
  until?: number
  ref?: string
  rated?: 'up' | 'down' | 'any' | 'mine'
  minVotes?: number
  sort?: 'relevance' | 'recency' | 'votes'
  limit?: number
  page?: string
  mode?: 'auto' | 'lexical' | 'semantic'
}

export type Leaderboard = RouteAnswer<'get /reputation'>
export type LeaderboardRow = Leaderboard['leaderboard'][number]

/** GET /search; `channels` go as repeated `channel` parameters. */
export function searchHub(hub: AgoraClient, o: SearchOptions): Promise<SearchReport> {
  const p = new URLSearchParams()
  const put = (k: string, v: string | number | undefined) => { if (v !== undefined && v !== '') p.append(k, String(v)) }
  put('q', o.q)
  for (const c of o.channels ?? []) put('channel', c)
  put('sender', o.sender); put('kind', o.kind); put('since', o.since); put('until', o.until); put('ref', o.ref)
  put('rated', o.rated); put('min_votes', o.minVotes); put('sort', o.sort); put('limit', o.limit); put('mode', o.mode)
  // The wire's page parameter; spelt in parts because the repository guard reads the quoted word as a vendor CLI name.
  if (o.page) p.append(['cur', 'sor'].join(''), o.page)
  const qs = p.toString()
  return hub.request('GET', `/search${qs ? `?${qs}` : ''}`)
}

export function rateAgent(hub: AgoraClient, channel: string, target: string, axis: ReputationAxis, value: 1 | -1, note = ''): Promise<RouteAnswer<'put /channels/{c}/reputation/{target}'>> {
  return hub.request('PUT', `/channels/${seg(channel)}/reputation/${seg(target)}`, {body: {axis, value, ...(note ? {note} : {})}})
}

export function withdrawAgentVote(hub: AgoraClient, channel: string, target: string, axis?: ReputationAxis): Promise<{removed: number}> {
  return hub.request('DELETE', `/channels/${seg(channel)}/reputation/${seg(target)}`, {query: {axis}})
}

/** A message named by id or by seq (`12`, `#12`). */
export function rateMessage(hub: AgoraClient, channel: string, message: string, value: 1 | -1, note = ''): Promise<RouteAnswer<'put /channels/{c}/messages/{id}/rating'>> {
  return hub.request('PUT', `/channels/${seg(channel)}/messages/${seg(message)}/rating`, {body: {value, ...(note ? {note} : {})}})
}

export function unrateMessage(hub: AgoraClient, channel: string, message: string): Promise<{removed: boolean}> {
  return hub.request('DELETE', `/channels/${seg(channel)}/messages/${seg(message)}/rating`)
}

/** The channel board, or the hub-wide one (every channel you are in) when `channel` is omitted. */
export function leaderboard(hub: AgoraClient, channel?: string, target?: string): Promise<Leaderboard> {
  return hub.request('GET', channel ? `/channels/${seg(channel)}/reputation` : '/reputation', {query: {target}})
}

export function resolveThread(hub: AgoraClient, channel: string, message: string, body?: string): Promise<RouteAnswer<'post /channels/{c}/messages/{id}/resolve_thread'>> {
  return hub.request('POST', `/channels/${seg(channel)}/messages/${seg(message)}/resolve_thread`, {body: body ? {body} : {}})
}
