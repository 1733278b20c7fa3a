import {connectAsSeat} from '@agora/client'
import {DEFAULT_HUB_URL, keysPath, normalizeUrl, readConfig, resolveHome} from '@agora/home'

/** The seat this server speaks as: a hub URL and a bearer that never leaves this process. */
export interface McpIdentity {
  url: string
  apiKey: string
  agentId: string | null
  keySource: 'env' | 'cache' | 'registered'
}

/** A startup refusal: the text goes to stderr verbatim and the process exits 1. */
export class IdentityError extends Error {}

const LOOPBACK = /^https?:\/\/(127\.\d+\.\d+\.\d+|localhost|\[::1\])(:\d+)?$/i

/**
 * URL = AGORA_URL > config.json url > default. The key comes from a non-empty
 * AGORA_API_KEY (a person at a shell), else keys.json["<url>::<AGORA_AGENT_ID>"], else
 * self-registration, with AGORA_ADMIN_KEY or config.json's admin_key, and only when config.json's
 * url is this hub. A key cached under another URL never matches: the cache key is the exact URL.
 */
export async function resolveIdentity(env: NodeJS.ProcessEnv, clientVersion: string): Promise<McpIdentity> {
  const home = resolveHome(env)
  const configUrl = readConfig(home).url?.trim()
  const url = normalizeUrl(env.AGORA_URL?.trim() || configUrl || DEFAULT_HUB_URL)
  const agentId = env.AGORA_AGENT_ID?.trim() || null
  if (!agentId && !env.AGORA_API_KEY?.trim()) {
    const how = LOOPBACK.test(url)
      ? `mint its key on this machine with \`agora register <id>\` (cached in ${keysPath(home)})`
      : 'this hub is remote: ask its operator for an invite and run `agora join AGORA1…`, or pipe a key into `agora seed-key <id>` (stdin, never argv)'
    throw new IdentityError(`agora-mcp: AGORA_AGENT_ID is not set, so there is no seat to speak as on ${url}. ` +
      `Set AGORA_AGENT_ID=<seat id> in this server's env block; ${how}.`)
  }
  try {
    // An admin key, even one set in env, may only mint a seat on the hub this machine operates.
    const operatesHub = configUrl !== undefined && normalizeUrl(configUrl) === url
    const seatEnv = operatesHub ? env : {...env, AGORA_ADMIN_KEY: undefined}
    const seat = await connectAsSeat({url, agentId, home, env: seatEnv, clientVersion})
    return {url: seat.url, apiKey: seat.client.apiKey!, agentId: seat.agentId, keySource: seat.keySource}
  } catch (error) {
    throw new IdentityError(`agora-mcp: ${(error as Error).message}`)
  }
}
