import {AgoraClient, AgoraHttpError, AgoraUnreachableError} from '@agora/client'
import {adminKeyFor} from '@agora/command'
import {cacheKey, lookupKey, normalizeUrl, readConfig} from '@agora/home'

/** Setup's calls are short: a hub that does not answer in 4 s gets a note, and setup carries on. */
const TIMEOUT_MS = 4000
const SETUP_CLIENT = 'agora-setup'

const client = (url: string, keys: {apiKey?: string; adminKey?: string}): AgoraClient =>
  new AgoraClient({url, ...keys, clientVersion: SETUP_CLIENT, timeoutMs: TIMEOUT_MS})

/** Why a hub call failed, in a few words: the socket error code when the hub was unreachable. */
export function reason(error: unknown): string {
  const e = error instanceof AgoraUnreachableError ? (error.cause as Error) : (error as Error)
  const cause = (e as {cause?: {code?: string; message?: string}}).cause
  return cause?.code ?? cause?.message ?? e.message
}

/** `(status: detail)` for a hub refusal, the reason otherwise. */
function refusal(error: unknown): string {
  return error instanceof AgoraHttpError ? `${error.status}: ${error.detailText.slice(0, 200)}` : reason(error)
}

/**
 * The seat's key: the cache, else self-registration with the admin key for this hub (AGORA_ADMIN_KEY,
 * or config.json's when it names this hub: the rule every agora command follows). Self-registration
 * also needs config.json to name this hub, so setup never registers seats on a hub this machine does
 * not run. Undefined when neither exists: the MCP server registers lazily.
 */
export async function resolveSeatKey(home: string, url: string, id: string, about: string, env: NodeJS.ProcessEnv): Promise<string | undefined> {
  const cached = lookupKey(home, url, id)
  if (cached) return cached
  const admin = adminKeyFor(home, url, env)
  const configUrl = readConfig(home).url
  if (!admin || !configUrl || normalizeUrl(configUrl) !== normalizeUrl(url)) return undefined
  let apiKey: string
  try {
    apiKey = (await client(url, {adminKey: admin}).registerAgent({id, about})).api_key
  } catch (error) {
    throw new Error(`registering ${id} failed (${refusal(error)})`)
  }
  cacheKey(home, url, id, apiKey)
  return apiKey
}

/** The seat's mission from `GET /whoami`: a string, null for none. Throws when the hub cannot say. */
export async function fetchMission(url: string, key: string): Promise<string | null> {
  const whoami = await client(url, {apiKey: key}).whoami()
  return typeof whoami.mission === 'string' ? whoami.mission : null
}

/** Join each channel now; returns one problem line per failure. */
export async function joinChannels(url: string, key: string, channels: string[]): Promise<{joined: string[]; failed: string[]}> {
  const hub = client(url, {apiKey: key})
  const joined: string[] = []
  const failed: string[] = []
  for (const channel of channels) {
    try {
      await hub.joinChannel(channel)
      joined.push(channel)
    } catch (error) {
      if (error instanceof AgoraHttpError) failed.push(`join ${channel}: ${error.status} ${error.detailText.slice(0, 200)}`)
      else failed.push(`join ${channel}: hub unreachable at ${url} (${reason(error)})`)
    }
  }
  return {joined, failed}
}
