import type {AgoraClient} from '@agora/client'
import {AgoraAnswerError, AgoraHttpError, AgoraUnreachableError, RAW_RESPONSE_BYTES_MAX, parseBody, readCapped, sizeText} from '@agora/client'

/** A request whose body or answer is raw bytes (attachments): the seat's bearer, the client's error types. */
export async function rawRequest(client: AgoraClient, method: string, path: string,
  options: {body?: Buffer; contentType?: string; query?: Record<string, string>} = {}): Promise<{bytes: Buffer; headers: Headers}> {
  const qs = new URLSearchParams(options.query ?? {}).toString()
  const headers: Record<string, string> = {'X-Agora-Client': client.clientVersion}
  if (client.apiKey) headers.Authorization = `Bearer ${client.apiKey}`
  if (options.body) headers['Content-Type'] = options.contentType || 'application/octet-stream'
  let response: Response
  let bytes: Buffer | null
  try {
    response = await fetch(`${client.url}${path}${qs ? `?${qs}` : ''}`, {method, headers, body: options.body, signal: AbortSignal.timeout(180_000)})
    bytes = await readCapped(response, RAW_RESPONSE_BYTES_MAX)
  } catch (error) {
    throw new AgoraUnreachableError(client.url, error)
  }
  if (bytes === null) throw new AgoraAnswerError(client.url, method, path, `more than ${sizeText(RAW_RESPONSE_BYTES_MAX)} (the client's cap on a raw answer, twice the hub's attachment cap)`)
  if (!response.ok) {
    let detail: unknown = bytes.toString('utf8').slice(0, 500) || response.statusText
    try {
      detail = (parseBody(bytes.toString('utf8')) as {detail?: unknown})?.detail ?? detail
    } catch { /* not JSON: keep the text */ }
    throw new AgoraHttpError(response.status, detail, method, path)
  }
  return {bytes, headers: response.headers}
}
