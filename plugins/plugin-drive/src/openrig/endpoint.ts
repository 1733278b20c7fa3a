import {readFileSync} from 'node:fs'
import {join} from 'node:path'

/** Where activity goes: `<base>/api/activity/hooks` with `Authorization: Bearer <token>`. */
export interface ActivityEndpoint {
  base: string
  token: string
  /** Which rule found it, for the ready line. */
  source: 'OPENRIG_URL' | 'OPENRIG_PORT' | 'activity-endpoint.json'
}

/**
 * The discovery order the runner contract states: OPENRIG_URL (or OPENRIG_PORT, with OPENRIG_HOST
 * defaulting to 127.0.0.1) with OPENRIG_ACTIVITY_HOOK_TOKEN; else `$OPENRIG_HOME/activity-endpoint.json`
 * (`{baseUrl, token}`). Null when neither gives a base and a token: the runner then posts nothing.
 */
export function discoverEndpoint(env: NodeJS.ProcessEnv): ActivityEndpoint | null {
  const token = env.OPENRIG_ACTIVITY_HOOK_TOKEN?.trim()
  const url = env.OPENRIG_URL?.trim()
  const port = env.OPENRIG_PORT?.trim()
  if (token && url) return {base: url.replace(/\/+$/, ''), token, source: 'OPENRIG_URL'}
  if (token && port && /^\d{1,5}$/.test(port)) return {base: `http://${env.OPENRIG_HOST?.trim() || '127.0.0.1'}:${port}`, token, source: 'OPENRIG_PORT'}
  const home = env.OPENRIG_HOME?.trim()
  if (!home) return null
  try {
    const file = JSON.parse(readFileSync(join(home, 'activity-endpoint.json'), 'utf8')) as {baseUrl?: unknown; token?: unknown}
    if (typeof file.baseUrl === 'string' && typeof file.token === 'string' && file.token) {
      return {base: file.baseUrl.replace(/\/+$/, ''), token: file.token, source: 'activity-endpoint.json'}
    }
  } catch {
    // no file, or not JSON: no endpoint
  }
  return null
}
