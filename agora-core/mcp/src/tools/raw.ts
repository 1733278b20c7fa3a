import {AgoraAnswerError, AgoraHttpError, AgoraUnreachableError, RAW_RESPONSE_BYTES_MAX, parseBody, readCapped, sizeText} from '@agora/client'

import type {ToolContext} from './context.js'

export interface RawAnswer {
  bytes: Buffer
  headers: Headers
}

/**
 * A request whose body or answer is raw bytes (attachments), which the JSON client cannot carry:
 * the same bearer, client header and timeout, and the client's own error types on failure.
 */
export async function rawRequest({hub, identity}: ToolContext, method: string, path: string, options: {body?: Buffer; contentType?: string; query?: Record<string, string>} = {}): Promise<RawAnswer> {
  const qs = new URLSearchParams(options.query ?? {}).toString()
  const headers: Record<string, string> = {'X-Agora-Client': hub.clientVersion, Authorization: `Bearer ${identity.apiKey}`}
  if (options.body) headers['Content-Type'] = options.contentType || 'application/octet-stream'
  let response: Response
  let bytes: Buffer | null
  try {
    response = await fetch(`${hub.url}${path}${qs ? `?${qs}` : ''}`, {method, headers, body: options.body, signal: AbortSignal.timeout(180_000)})
    bytes = await readCapped(response, RAW_RESPONSE_BYTES_MAX)
  } catch (error) {
    throw new AgoraUnreachableError(hub.url, error)
  }
  if (bytes === null) throw new AgoraAnswerError(hub.url, method, path, `more than ${sizeText(RAW_RESPONSE_BYTES_MAX)} (the client's cap on a raw answer, twice the hub's attachment cap)`)
  if (!response.ok) {
    let detail: unknown = response.statusText
    try {
      const parsed = parseBody(bytes.toString('utf8')) as {detail?: unknown}
      detail = parsed?.detail ?? parsed
    } catch {
      detail = bytes.toString('utf8').slice(0, 500) || response.statusText
    }
    throw new AgoraHttpError(response.status, detail, method, path)
  }
  return {bytes, headers: response.headers}
}
