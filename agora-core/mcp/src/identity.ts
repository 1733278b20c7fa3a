import {cacheKey, DEFAULT_HUB_URL, keysPath, lookupKey, normalizeUrl, readConfig, resolveAdminKey, resolveHome} from '@agora/home'

import {HubError} from './result.js'

/** The seat this server speaks as: a hub URL and a bearer that never leaves this process. */
export interface McpIdentity {
  url: string
  apiKey: string
  agentId: string | null
  keySource: 'env' | 'cache' | 'registered'
}

/** A startup refusal: the text goes to stderr verbatim and the process exits 1. */
export class IdentityError extends Error {}

type Register = (url: string, adminKey: string, id: string, about: string) => Promise<string>

const LOOPBACK = /^https?:\/\/(127\.\d+\.\d+\.\d+|localhost|\[::1\])(:\d+)?$/i

/**
 * harness.md §6.1: URL = AGORA_URL > config.json url > default; a non-empty AGORA_API_KEY wins
 * (a person at a shell); else AGORA_AGENT_ID and keys.json["<url>::<id>"]; else self-register,
 * but only with the admin key of the hub config.json points at, so a key is never minted on,
 * or cached for, a hub this machine does not operate.
 */
export async function resolveIdentity(env: NodeJS.ProcessEnv, register: Register): Promise<McpIdentity> {
  const home = resolveHome(env)
  const config = readConfig(home)
  const url = normalizeUrl(env.AGORA_URL?.trim() || config.url?.trim() || DEFAULT_HUB_URL)
  const agentId = env.AGORA_AGENT_ID?.trim() || null
  const envKey = env.AGORA_API_KEY?.trim()
  if (envKey) return {url, apiKey: envKey, agentId, keySource: 'env'}

  if (!agentId) {
    const how = LOOPBACK.test(url)
      ? `mint a key on this machine with \`agora register <id>\` (it caches it in ${keysPath(home)})`
      : `this hub is remote: ask its operator for an invite and run \`agora join AGORA1…\`, or import a key with \`agora seed-key <id> --key …\``
    throw new IdentityError(`agora-mcp: AGORA_AGENT_ID is not set, so there is no seat to speak as on ${url}. ` +
      `Set AGORA_AGENT_ID=<seat id> in this server's env block; ${how}.`)
  }

  const cached = lookupKey(home, url, agentId)
  if (cached) return {url, apiKey: cached, agentId, keySource: 'cache'}

  const configUrl = config.url ? normalizeUrl(config.url) : undefined
  const adminKey = configUrl === url ? resolveAdminKey(home, env) : undefined
  if (!adminKey) {
    throw new IdentityError(`agora-mcp: no API key for seat "${agentId}" on ${url}. ` +
      `Create ${keysPath(home)} (mode 0600) holding {"${url}::${agentId}": "agora_…"}: ` +
      `run \`agora register ${agentId}\` where the hub's admin key lives, or \`agora seed-key ${agentId} --key …\` with a key the operator gave you. ` +
      `Keys cached for other hub URLs are never used.`)
  }
  try {
    const apiKey = await register(url, adminKey, agentId, env.AGORA_ABOUT?.trim() ?? '')
    cacheKey(home, url, agentId, apiKey)
    return {url, apiKey, agentId, keySource: 'registered'}
  } catch (error) {
    if (error instanceof HubError && error.status === 409) {
      throw new IdentityError(`agora-mcp: seat "${agentId}" already exists on ${url} but ${keysPath(home)} has no key for it. ` +
        `Import the seat's key with \`agora seed-key ${agentId} --key …\` (the hub shows a key only once).`)
    }
    const detail = error instanceof HubError ? `${error.status} ${error.message}` : (error as Error).message
    throw new IdentityError(`agora-mcp: could not self-register seat "${agentId}" on ${url}: ${detail}. ` +
      `Check the hub is running, or run \`agora register ${agentId}\` and retry.`)
  }
}
