import {DEFAULT_HUB_URL, normalizeUrl, readConfig} from './config.js'
import {resolveHome} from './files.js'
import {readSeatRecord} from './seat-record.js'

export type AgentIdSource = 'flag' | 'env' | 'seat' | 'none'
export type UrlSource = 'flag' | 'env' | 'seat' | 'config' | 'default'

export interface ResolvedSeat {
  agentId: string | null
  url: string
  source: {agentId: AgentIdSource; url: UrlSource}
}

export interface SeatFlags {
  as?: string
  url?: string
}

export interface SeatContext {
  env?: NodeJS.ProcessEnv
  /** The workspace is exactly this folder; parents are never searched. */
  cwd?: string
  home?: string
}

const given = (value: string | undefined): string | undefined => {
  const trimmed = value?.trim()
  return trimmed ? trimmed : undefined
}

/**
 * Who am I and which hub: flags > AGORA_AGENT_ID/AGORA_URL > this folder's .agora/seat.json >
 * config.json url > the default hub. Identity and URL resolve independently along that order.
 */
export function resolveSeat(flags: SeatFlags = {}, context: SeatContext = {}): ResolvedSeat {
  const env = context.env ?? process.env
  const home = context.home ?? resolveHome(env)
  const seat = readSeatRecord(context.cwd ?? process.cwd())

  let agentId: string | null = null
  let idSource: AgentIdSource = 'none'
  const idCandidates: Array<[string | undefined, AgentIdSource]> = [
    [given(flags.as), 'flag'],
    [given(env.AGORA_AGENT_ID), 'env'],
    [seat?.agent_id, 'seat'],
  ]
  for (const [value, source] of idCandidates) {
    if (value) {
      agentId = value
      idSource = source
      break
    }
  }

  const urlCandidates: Array<[() => string | undefined, UrlSource]> = [
    [() => given(flags.url), 'flag'],
    [() => given(env.AGORA_URL), 'env'],
    [() => seat?.url, 'seat'],
    [() => given(readConfig(home).url), 'config'],
  ]
  for (const [value, source] of urlCandidates) {
    const url = value()
    if (url) return {agentId, url: normalizeUrl(url), source: {agentId: idSource, url: source}}
  }
  return {agentId, url: DEFAULT_HUB_URL, source: {agentId: idSource, url: 'default'}}
}
