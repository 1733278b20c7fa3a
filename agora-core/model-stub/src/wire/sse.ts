import type {ServerResponse} from 'node:http'

/** Starts an SSE response. */
export function openStream(res: ServerResponse): void {
  res.writeHead(200, {
    'content-type': 'text/event-stream; charset=utf-8',
    'cache-control': 'no-cache',
    connection: 'keep-alive',
  })
}

/** Writes one event; `event` null writes a bare `data:` line (Chat Completions style). */
export function sendEvent(res: ServerResponse, event: string | null, data: unknown): void {
  const payload = typeof data === 'string' ? data : JSON.stringify(data)
  res.write(`${event === null ? '' : `event: ${event}\n`}data: ${payload}\n\n`)
}

export function sendJson(res: ServerResponse, status: number, body: unknown): void {
  const text = JSON.stringify(body)
  res.writeHead(status, {'content-type': 'application/json', 'content-length': Buffer.byteLength(text)})
  res.end(text)
}
