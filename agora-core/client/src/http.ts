import {AgoraAnswerError} from './answer-error.js'
import {AgoraArgumentError, AgoraHttpError, AgoraUnreachableError} from './errors.js'
import {parseBody, stringifyBody} from './json.js'
import {RESPONSE_BYTES_MAX} from './limits.js'
import {readCapped, sizeText} from './read-capped.js'

export type FetchLike = typeof fetch
export type Query = Record<string, string | number | boolean | undefined | null>

export interface RequestOptions {
  query?: Query
  body?: unknown
  headers?: Record<string, string>
  /** Use the admin key instead of the seat key. */
  admin?: boolean
  timeoutMs?: number
}

/**
 * Encode one path segment (channel names may hold `:` and `#`). A lone UTF-16 surrogate has no UTF-8
 * form (encodeURIComponent throws URIError), and `.`/`..` are folder steps that fetch resolves away
 * (the work item `..` is fetched as the hub root), so both are refused here with the fix instead of failing or reaching another route.
 */
export const seg = (value: string | number): string => {
  const text = String(value)
  // With the u flag \p{Cs} matches only a surrogate that is not half of a pair.
  if (/\p{Cs}/u.test(text)) {
    throw new AgoraArgumentError(`'${text.replace(/\p{Cs}/gu, '\ufffd').slice(0, 100)}' holds a lone UTF-16 surrogate (shown as U+FFFD), which is not valid Unicode and cannot go into a URL; send well-formed text`)
  }
  if (text === '.' || text === '..') throw new AgoraArgumentError(`'${text}' cannot be a name or a path step: a URL reads it as a folder step; use a real name`)
  return encodeURIComponent(text)
}

/** Encode a slash-separated path (vfs paths, store keys) segment by segment. */
export const segs = (value: string): string => value.split('/').map(seg).join('/')

export interface TransportConfig {
  url: string
  apiKey?: string
  adminKey?: string
  clientVersion: string
  fetch: FetchLike
  timeoutMs: number
  headers?: Record<string, string>
  /** Largest answer read into memory; RESPONSE_BYTES_MAX unless set. */
  responseMaxBytes?: number
}

export async function request<T>(config: TransportConfig, method: string, path: string, options: RequestOptions = {}): Promise<T> {
  const query = new URLSearchParams()
  for (const [key, value] of Object.entries(options.query ?? {})) {
    if (value !== undefined && value !== null) query.set(key, String(value))
  }
  const qs = query.toString()
  const target = `${config.url}${path}${qs ? `?${qs}` : ''}`
  const headers: Record<string, string> = {'X-Agora-Client': config.clientVersion, ...config.headers, ...options.headers}
  const bearer = options.admin ? config.adminKey : config.apiKey
  if (options.admin && !bearer) throw new Error(`${method} ${path} needs the admin key; set AGORA_ADMIN_KEY or admin_key in config.json`)
  if (bearer) headers.Authorization = `Bearer ${bearer}`
  let payload: string | undefined
  if (options.body !== undefined) {
    headers['Content-Type'] = 'application/json'
    payload = stringifyBody(options.body)
  }
  let response: Response
  let bytes: Buffer | null
  const cap = config.responseMaxBytes ?? RESPONSE_BYTES_MAX
  try {
    response = await config.fetch(target, {
      method, headers, body: payload, signal: AbortSignal.timeout(options.timeoutMs ?? config.timeoutMs),
    })
    bytes = await readCapped(response, cap)
  } catch (error) {
    throw new AgoraUnreachableError(config.url, error)
  }
  if (bytes === null) {
    throw new AgoraAnswerError(config.url, method, path, `more than ${sizeText(cap)} (the client's cap on one answer; for a history or list read, ask for fewer rows with a smaller limit)`)
  }
  const text = new TextDecoder().decode(bytes)
  let parsed: unknown = null
  if (text.length > 0) {
    try {
      parsed = parseBody(text)
    } catch {
      if (response.ok) throw new AgoraAnswerError(config.url, method, path, `a ${response.status} whose body is not JSON (${JSON.stringify(text.slice(0, 80))})`)
      parsed = {detail: text.slice(0, 500)}
    }
  }
  if (!response.ok) {
    const detail = parsed && typeof parsed === 'object' && 'detail' in parsed ? (parsed as {detail: unknown}).detail : parsed ?? response.statusText
    throw new AgoraHttpError(response.status, detail, method, path, response.headers.get('retry-after') ?? undefined, parsed)
  }
  return parsed as T
}
