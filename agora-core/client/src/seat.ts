import {
  keysPath, cacheKey, lookupKey, normalizeUrl, readConfig, resolveHome,
} from '@agora/home'

import {AgoraClient} from './client.js'
import {AgoraHttpError} from './errors.js'
import type {FetchLike} from './http.js'

export type KeySource = 'env' | 'cache' | 'registered'

export interface ConnectAsSeatOptions {
  url: string
  agentId?: string | null
  home?: string
  env?: NodeJS.ProcessEnv
  /** Self-description sent when self-registering (default `$AGORA_ABOUT`). */
  about?: string
  clientVersion?: string
  fetch?: FetchLike
  /**
   * May a missing key be minted by registering the seat with the admin key? agora-mcp does (the
   * spec's self-registration for harness-launched servers); CLI commands pass false, so a typo in
   * `--as` never creates a permanent seat: only `agora register` does. Default true.
   */
  selfRegister?: boolean
}

export interface SeatConnection {
  client: AgoraClient
  agentId: string | null
  url: string
  keySource: KeySource
}

/**
 * Resolve a seat key and return a client speaking as that seat:
 * non-empty AGORA_API_KEY > keys.json "<url>::<id>" > self-registration. Self-registration uses
 * AGORA_ADMIN_KEY when the operator set it, and config.json's admin_key ONLY when config.json's url
 * is this hub, so a hub's admin key is never sent to another hub.
 */
export async function connectAsSeat(options: ConnectAsSeatOptions): Promise<SeatConnection> {
  const env = options.env ?? process.env
  const home = options.home ?? resolveHome(env)
  const url = normalizeUrl(options.url)
  const make = (apiKey: string, adminKey?: string): AgoraClient =>
    new AgoraClient({url, apiKey, adminKey, clientVersion: options.clientVersion, fetch: options.fetch})
  const agentId = options.agentId?.trim() || null

  const envKey = env.AGORA_API_KEY?.trim()
  if (envKey) return {client: make(envKey), agentId, url, keySource: 'env'}
  if (!agentId) {
    throw new Error(`no agora identity: pass --as <id>, set AGORA_AGENT_ID, or run \`agora setup <id>\` in this folder (hub ${url})`)
  }
  const cached = lookupKey(home, url, agentId)
  if (cached) return {client: make(cached), agentId, url, keySource: 'cache'}

  const adminKey = selfRegistrationAdminKey(home, url, env)
  if (options.selfRegister === false) throw await unknownSeatError(agentId, url, home, adminKey, options)
  if (!adminKey) {
    throw new Error(
      `no API key for "${agentId}" on ${url}: add "${url}::${agentId}" to ${keysPath(home)} ` +
      `(or set AGORA_API_KEY), or ask the hub operator to run \`agora register ${agentId}\``,
    )
  }
  const admin = new AgoraClient({url, adminKey, clientVersion: options.clientVersion, fetch: options.fetch})
  const about = options.about ?? env.AGORA_ABOUT ?? ''
  try {
    const registered = await admin.registerAgent({id: agentId, ...(about ? {about} : {})})
    cacheKey(home, url, agentId, registered.api_key)
    return {client: make(registered.api_key), agentId, url, keySource: 'registered'}
  } catch (error) {
    if (error instanceof AgoraHttpError && error.status === 409) {
      throw new Error(
        `"${agentId}" is already registered on ${url} but its key is not in ${keysPath(home)}; ` +
        `pipe its key into \`agora seed-key ${agentId} --url ${url}\` (stdin, never argv)`,
      )
    }
    throw error
  }
}

function selfRegistrationAdminKey(home: string, url: string, env: NodeJS.ProcessEnv): string | undefined {
  const fromEnv = env.AGORA_ADMIN_KEY?.trim()
  if (fromEnv) return fromEnv
  const config = readConfig(home)
  if (!config.url || normalizeUrl(config.url) !== url) return undefined
  return config.admin_key?.trim() || undefined
}

/**
 * The refusal a CLI command gives for a seat with no cached key, without registering anything:
 * with the admin key at hand it says whether the seat exists (seed its key) or not (register it).
 */
async function unknownSeatError(agentId: string, url: string, home: string, adminKey: string | undefined, options: ConnectAsSeatOptions): Promise<Error> {
  const register = `\`agora register ${agentId}\``
  const seed = `pipe its key into \`agora seed-key ${agentId} --url ${url}\``
  if (adminKey) {
    const admin = new AgoraClient({url, adminKey, clientVersion: options.clientVersion, fetch: options.fetch})
    const ids = await admin.request<Array<{id: string}>>('GET', '/agents', {admin: true}).then(rows => new Set(rows.map(r => r.id)), () => null)
    if (ids && !ids.has(agentId)) {
      const retired = await admin.request<Array<{agent_id: string; deleted: boolean}>>('GET', '/agents/retired', {admin: true}).catch(() => [])
      const gone = retired.find(r => r.agent_id === agentId)
      if (gone) {
        return new Error(gone.deleted ? `seat "${agentId}" on ${url} was deleted; its id stays reserved, register a different id`
          : `seat "${agentId}" on ${url} is retired; an operator can bring it back with \`agora unretire ${agentId}\``)
      }
      return new Error(`no seat "${agentId}" on ${url}; nothing was created. Check the spelling, or register it with ${register}`)
    }
    if (ids) return new Error(`seat "${agentId}" exists on ${url} but its key is not in ${keysPath(home)}; ${seed}`)
  }
  return new Error(
    `no API key for "${agentId}" on ${url}: add "${url}::${agentId}" to ${keysPath(home)} ` +
    `(or ${seed}, or set AGORA_API_KEY), or ask the hub operator to run ${register}`,
  )
}
