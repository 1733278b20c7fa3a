import {randomBytes} from 'node:crypto'
import {createServer} from 'node:http'
import type {IncomingMessage, Server, ServerResponse} from 'node:http'
import type {AddressInfo} from 'node:net'
import {readEnvelope} from './envelope.js'
import type {RunEnvelope} from './envelope.js'
import type {OrcaEvent} from './events.js'
import type {StateStore} from './state-store.js'

/** Largest `/run` body; state is capped at 8 MB as the worker library caps it. */
export const RUN_BODY_MAX = 1024 * 1024
export const STATE_MAX = 8 * 1024 * 1024

/** What the server asks of the seat: one bounded turn, events as they happen, a final word. */
export type ServeTurn = (run: RunEnvelope, signal: AbortSignal, emit: (event: OrcaEvent) => void) => Promise<{ok: boolean; message: string}>

export interface OrcaServerOptions {
  /** Reported as `runtime` in /health: the seat and its drive harness. */
  runtime: string
  /** `GET /models`: the drive harness's model vocabulary; empty means the route is absent (404). */
  models: string[]
  state: StateStore
  turn: ServeTurn
  host?: string
  port?: number
}

export interface OrcaServer {
  url: string
  server: Server
  close(): Promise<void>
}

function json(res: ServerResponse, status: number, body: unknown): void {
  const text = JSON.stringify(body)
  res.writeHead(status, {'content-type': 'application/json', 'content-length': Buffer.byteLength(text)})
  res.end(text)
}

async function readBody(req: IncomingMessage, cap: number): Promise<string | null> {
  const chunks: Buffer[] = []
  let size = 0
  for await (const chunk of req) {
    size += (chunk as Buffer).length
    if (size > cap) return null
    chunks.push(chunk as Buffer)
  }
  return Buffer.concat(chunks).toString('utf8')
}

/**
 * An agora seat as an Orca Harness Protocol v1 worker: /health, /healthz, /run (NDJSON, exactly one
 * terminal, last), /state/{id} (GET 404 when empty, PUT/POST import, 8 MB), /models when the harness
 * names models, 404 JSON for anything else. A closed socket aborts the turn and sends nothing more.
 */
export async function startOrcaServer(options: OrcaServerOptions): Promise<OrcaServer> {
  const instanceId = `agora-${process.pid}-${randomBytes(3).toString('hex')}`
  const started = Date.now()

  const run = async (req: IncomingMessage, res: ServerResponse): Promise<void> => {
    const text = await readBody(req, RUN_BODY_MAX)
    if (text === null) return json(res, 413, {error: `request body over ${RUN_BODY_MAX} bytes`})
    const envelope = readEnvelope(text)
    if (typeof envelope === 'string') return json(res, 400, {error: envelope})
    res.writeHead(200, {'content-type': 'application/x-ndjson', 'cache-control': 'no-cache'})
    const abort = new AbortController()
    let ended = false
    res.on('close', () => { if (!ended) abort.abort() })
    // Exactly one terminal, last: after it (or after the client left) every event is dropped.
    const emit = (event: OrcaEvent): void => {
      if (ended || abort.signal.aborted || res.destroyed) return
      if (event.type === 'result' || event.type === 'error') ended = true
      res.write(JSON.stringify({ts: new Date().toISOString(), ...event}) + '\n')
      if (ended) res.end()
    }
    try {
      const outcome = await options.turn(envelope, abort.signal, emit)
      emit(outcome.ok ? {type: 'result', message: outcome.message} : {type: 'error', message: outcome.message})
    } catch (error) {
      emit({type: 'error', message: `the turn failed: ${(error as Error).message}`})
    }
  }

  const state = async (req: IncomingMessage, res: ServerResponse, id: string): Promise<void> => {
    if (req.method === 'GET') {
      const held = options.state.get(id)
      if (held === null) return json(res, 404, {error: 'no state stored for this session'})
      res.writeHead(200, {'content-type': 'application/json'})
      return void res.end(held)
    }
    if (req.method !== 'PUT' && req.method !== 'POST') return json(res, 404, {error: 'not found'})
    const body = await readBody(req, STATE_MAX)
    if (body === null) return json(res, 413, {error: `state over ${STATE_MAX} bytes`})
    const refused = options.state.put(id, body)
    return refused ? json(res, 400, {error: refused}) : json(res, 200, {ok: true})
  }

  const server = createServer((req, res) => {
    const [path = '/'] = (req.url ?? '/').split('?')
    const go = async (): Promise<void> => {
      if (req.method === 'GET' && path === '/health') {
        return json(res, 200, {ok: true, runtime: options.runtime, protocol: 'orca-harness/v1', instanceId, uptimeSeconds: Math.floor((Date.now() - started) / 1000)})
      }
      if (req.method === 'GET' && path === '/healthz') return json(res, 200, {ok: true})
      if (req.method === 'POST' && path === '/run') return run(req, res)
      const [, stateKey] = /^\/state\/([^/]+)$/.exec(path) ?? []
      if (stateKey !== undefined) return state(req, res, decodeURIComponent(stateKey))
      if (req.method === 'GET' && path === '/models' && options.models.length > 0) return json(res, 200, {runtimes: {[options.runtime]: options.models}, errors: {}})
      return json(res, 404, {error: 'not found'})
    }
    go().catch((error: unknown) => {
      if (!res.headersSent) json(res, 500, {error: `the server failed: ${(error as Error).message}`})
      else res.end()
    })
  })
  // A malformed request line gets a raw 400; the process never dies of it.
  server.on('clientError', (_error, socket) => { if (socket.writable) socket.end('HTTP/1.1 400 Bad Request\r\nConnection: close\r\n\r\n') })
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject)
    server.listen(options.port ?? 0, options.host ?? '127.0.0.1', () => resolve())
  })
  const {port, address} = server.address() as AddressInfo
  return {
    url: `http://${address.includes(':') ? `[${address}]` : address}:${port}`,
    server,
    close: async () => {
      server.closeAllConnections()
      await new Promise<void>((resolve) => server.close(() => resolve()))
    },
  }
}
