import {request} from 'node:http'
import {request as httpsRequest} from 'node:https'

export interface Answer {
  status: number
  type: string
  text: string
}

/** One request, whole answer (capped); `closeAfterFirstLine` drops the socket after the first body line. */
export function call(url: string, method: string, body: string | Buffer | null, timeoutMs: number, closeAfterFirstLine = false): Promise<Answer> {
  const target = new URL(url)
  const send = target.protocol === 'https:' ? httpsRequest : request
  return new Promise((resolve, reject) => {
    const headers: Record<string, string | number> = body === null ? {} : {'content-type': 'application/json', 'content-length': Buffer.byteLength(body)}
    const req = send(target, {method, headers, timeout: timeoutMs}, (res) => {
      let text = ''
      const finish = () => resolve({status: res.statusCode ?? 0, type: String(res.headers['content-type'] ?? ''), text})
      res.setEncoding('utf8')
      res.on('data', (chunk: string) => {
        if (text.length < 16 * 1024 * 1024) text += chunk
        if (closeAfterFirstLine && text.includes('\n')) {
          req.destroy()
          finish()
        }
      })
      res.on('end', finish)
      res.on('close', finish)
      res.on('error', finish)
    })
    req.on('timeout', () => req.destroy(new Error(`no answer within ${Math.round(timeoutMs / 1000)}s`)))
    req.on('error', reject)
    req.end(body ?? undefined)
  })
}

export function parseJson(text: string): unknown {
  try {
    return JSON.parse(text)
  } catch {
    return undefined
  }
}

/** The NDJSON lines of a run, each parsed (undefined for a line that is not JSON). */
export const ndjson = (text: string): unknown[] => text.split('\n').filter((l) => l.trim()).map(parseJson)
