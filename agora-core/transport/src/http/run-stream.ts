import {request} from 'node:http'
import {request as httpsRequest} from 'node:https'

/** Caps on what a worker may send: one NDJSON line, and the whole answer. */
export const ORCA_LINE_MAX = 1024 * 1024
export const ORCA_STREAM_MAX = 64 * 1024 * 1024

export interface RunStreamResult {
  /** `answered`: the stream ended; `refused`: a non-200 status; `unreachable`: no answer; `aborted`: we closed the socket. */
  outcome: 'answered' | 'refused' | 'unreachable' | 'aborted'
  status: number | null
  /** The body of a refusal (truncated), for the error line. */
  body: string
  error: string | null
}

/**
 * POST the envelope to `<url>/run` and hand each NDJSON line to `onLine` as it arrives. Aborting
 * `signal` destroys the socket: closing the connection is Orca's only cancel.
 */
export function postRun(url: string, envelope: unknown, onLine: (line: string) => void, signal: AbortSignal): Promise<RunStreamResult> {
  const target = new URL(url.replace(/\/+$/, '') + '/run')
  const body = Buffer.from(JSON.stringify(envelope), 'utf8')
  return new Promise((resolve) => {
    let settled = false
    const done = (result: RunStreamResult) => {
      if (!settled) {
        settled = true
        resolve(result)
      }
    }
    const send = target.protocol === 'https:' ? httpsRequest : request
    const req = send(target, {method: 'POST', headers: {'content-type': 'application/json', 'content-length': body.length, accept: 'application/x-ndjson'}}, (res) => {
      if (res.statusCode !== 200) {
        let text = ''
        res.setEncoding('utf8')
        res.on('data', (c: string) => { if (text.length < 2000) text += c })
        res.on('end', () => done({outcome: 'refused', status: res.statusCode ?? null, body: text.slice(0, 2000), error: null}))
        res.on('error', () => done({outcome: 'refused', status: res.statusCode ?? null, body: text.slice(0, 2000), error: null}))
        return
      }
      let pending = ''
      let total = 0
      res.on('data', (chunk: Buffer) => {
        total += chunk.length
        if (total > ORCA_STREAM_MAX) {
          req.destroy(new Error(`orca: the stream passed ${ORCA_STREAM_MAX} bytes`))
          return
        }
        pending += chunk.toString('utf8')
        let nl: number
        while ((nl = pending.indexOf('\n')) >= 0) {
          const line = pending.slice(0, nl).replace(/\r$/, '')
          pending = pending.slice(nl + 1)
          if (line.trim()) onLine(line)
        }
        if (pending.length > ORCA_LINE_MAX) {
          onLine(JSON.stringify({orca: 'finding', message: `orca: a line passed ${ORCA_LINE_MAX} bytes and was dropped`}))
          pending = ''
        }
      })
      res.on('end', () => {
        if (pending.trim()) onLine(pending)
        done({outcome: 'answered', status: 200, body: '', error: null})
      })
      res.on('error', (error) => done({outcome: signal.aborted ? 'aborted' : 'answered', status: 200, body: '', error: error.message}))
      res.on('close', () => done({outcome: signal.aborted ? 'aborted' : 'answered', status: 200, body: '', error: null}))
    })
    req.on('error', (error) => done({outcome: signal.aborted ? 'aborted' : 'unreachable', status: null, body: '', error: error.message}))
    signal.addEventListener('abort', () => {
      req.destroy()
      done({outcome: 'aborted', status: null, body: '', error: null})
    }, {once: true})
    req.end(body)
  })
}
