import {cacheKey, lookupKey, readConfig, resolveAdminKey, normalizeUrl} from '@agora/home'

const TIMEOUT_MS = 4000

async function call(url: string, path: string, init: {method?: string; key: string; body?: unknown}): Promise<{status: number; body: any}> {
  const response = await fetch(`${url}${path}`, {
    method: init.method ?? 'GET',
    headers: {Authorization: `Bearer ${init.key}`, 'Content-Type': 'application/json', 'X-Agora-Client': 'agora-setup'},
    body: init.body === undefined ? undefined : JSON.stringify(init.body),
    signal: AbortSignal.timeout(TIMEOUT_MS),
  })
  const text = await response.text()
  let body: any = text
  try {
    body = JSON.parse(text)
  } catch {}
  return {status: response.status, body}
}

function detail(body: any): string {
  if (body && typeof body === 'object' && 'detail' in body) return typeof body.detail === 'string' ? body.detail : JSON.stringify(body.detail)
  return String(body).slice(0, 200)
}

export function reason(error: unknown): string {
  const e = error as Error & {cause?: {code?: string; message?: string}}
  return e.cause?.code ?? e.cause?.message ?? e.message
}

/**
 * The seat's key: the cache, else self-registration with the admin key when config.json names this
 * hub (the same rule agora-mcp follows). Undefined when neither exists: the MCP server registers lazily.
 */
export async function resolveSeatKey(home: string, url: string, id: string, about: string, env: NodeJS.ProcessEnv): Promise<string | undefined> {
  const cached = lookupKey(home, url, id)
  if (cached) return cached
  const admin = resolveAdminKey(home, env)
  const configUrl = readConfig(home).url
  if (!admin || !configUrl || normalizeUrl(configUrl) !== url) return undefined
  const {status, body} = await call(url, '/agents', {method: 'POST', key: admin, body: {id, about}})
  if (status !== 200 && status !== 201) throw new Error(`registering ${id} failed (${status}: ${detail(body)})`)
  cacheKey(home, url, id, body.api_key)
  return body.api_key as string
}

/** The seat's mission from `GET /whoami`: a string, null for none. Throws when the hub cannot say. */
export async function fetchMission(url: string, key: string): Promise<string | null> {
  const {status, body} = await call(url, '/whoami', {key})
  if (status !== 200) throw new Error(`GET /whoami answered ${status}: ${detail(body)}`)
  return typeof body.mission === 'string' ? body.mission : null
}

/** Join each channel now; returns one problem line per failure. */
export async function joinChannels(url: string, key: string, channels: string[]): Promise<{joined: string[]; failed: string[]}> {
  const joined: string[] = []
  const failed: string[] = []
  for (const channel of channels) {
    try {
      const {status, body} = await call(url, `/channels/${encodeURIComponent(channel)}/join`, {method: 'POST', key, body: {}})
      if (status >= 200 && status < 300) joined.push(channel)
      else failed.push(`join ${channel}: ${status} ${detail(body)}`)
    } catch (error) {
      failed.push(`join ${channel}: hub unreachable at ${url} (${reason(error)})`)
    }
  }
  return {joined, failed}
}
