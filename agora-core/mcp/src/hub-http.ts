import {HubError} from './result.js'

export type Query = Record<string, string | number | boolean | undefined>

/** Milliseconds a hub call may take: AGORA_MCP_HTTP_TIMEOUT seconds, 180 by default. */
export function httpTimeoutMs(env: NodeJS.ProcessEnv): number {
  const raw = env.AGORA_MCP_HTTP_TIMEOUT?.trim()
  if (!raw) return 180_000
  const seconds = Number(raw)
  if (!Number.isFinite(seconds) || seconds <= 0) {
    throw new Error(`AGORA_MCP_HTTP_TIMEOUT must be a positive number of seconds, got "${raw}"`)
  }
  return seconds * 1000
}

/** `/channels/{c}/...` with every path segment escaped, so a name cannot walk to another route. */
export function path(...segments: string[]): string {
  return '/' + segments.map(encodeURIComponent).join('/')
}

/** A file path inside a channel's vfs: each `/`-separated segment escaped on its own. */
export function fsPath(channel: string, kind: 'fs' | 'fshist', file: string): string {
  return `${path('channels', channel, kind)}/${file.split('/').map(encodeURIComponent).join('/')}`
}

/**
 * The hub over HTTP, as one seat. Every status ≥ 400 becomes a HubError carrying the hub's
 * teaching `detail`; a network failure becomes status 0 so the tool result can say so.
 */
export class HubHttp {
  constructor(
    readonly url: string,
    private readonly bearer: string,
    private readonly clientVersion: string,
    private readonly timeoutMs = 180_000,
  ) {}

  get<T>(route: string, query?: Query): Promise<T> {
    return this.request<T>('GET', route, undefined, query)
  }

  post<T>(route: string, body: unknown = {}): Promise<T> {
    return this.request<T>('POST', route, body)
  }

  put<T>(route: string, body: unknown): Promise<T> {
    return this.request<T>('PUT', route, body)
  }

  delete<T>(route: string, query?: Query): Promise<T> {
    return this.request<T>('DELETE', route, undefined, query)
  }

  async request<T>(method: string, route: string, body?: unknown, query?: Query, timeoutMs = this.timeoutMs): Promise<T> {
    const target = new URL(this.url + route)
    for (const [key, value] of Object.entries(query ?? {})) {
      if (value !== undefined) target.searchParams.set(key, String(value))
    }
    const headers: Record<string, string> = {
      authorization: `Bearer ${this.bearer}`,
      'x-agora-client': this.clientVersion,
      accept: 'application/json',
    }
    if (body !== undefined) headers['content-type'] = 'application/json'
    let response: Response
    try {
      response = await fetch(target, {
        method,
        headers,
        body: body === undefined ? undefined : JSON.stringify(body),
        signal: AbortSignal.timeout(timeoutMs),
      })
    } catch (error) {
      const cause = (error as {cause?: {code?: string}}).cause?.code ?? (error as Error).name
      throw new HubError(0, `${method} ${target.pathname} did not reach the hub at ${this.url} (${cause})`)
    }
    const text = await response.text()
    let parsed: unknown = text
    try {
      parsed = text ? JSON.parse(text) : null
    } catch {
      // a non-JSON body (a proxy page, a crash trace) is passed on as text
    }
    if (response.status >= 400) {
      const detail = parsed && typeof parsed === 'object' && 'detail' in parsed ? (parsed as {detail: unknown}).detail : parsed
      throw new HubError(response.status, detail || response.statusText)
    }
    return parsed as T
  }
}

/** POST /agents with the admin key: the one call made before the seat has a key of its own. */
export async function registerSeat(url: string, adminKey: string, id: string, about: string, version: string): Promise<string> {
  const admin = new HubHttp(url, adminKey, version, 30_000)
  const created = await admin.post<{api_key?: string}>('/agents', about ? {id, about} : {id})
  if (!created?.api_key) throw new HubError(502, `POST /agents on ${url} returned no api_key`)
  return created.api_key
}
