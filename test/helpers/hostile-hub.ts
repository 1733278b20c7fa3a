// A peer at a hub URL that answers the way no agora hub should: the tests of every client (the
// library, the `agora` binary, agora-mcp) point at it and check that each answer is capped, timed
// out or refused with one teaching line, and that nothing from it reaches a local file.
import {createServer as createHttpServer} from 'node:http'
import type {IncomingMessage, ServerResponse} from 'node:http'
import {createServer as createTcpServer} from 'node:net'
import type {AddressInfo, Server, Socket} from 'node:net'

export type Answer = (req: IncomingMessage, res: ServerResponse, body: string) => void

export interface HostileHub {
  url: string
  /** Requests seen, as `METHOD /path`. */
  seen: string[]
  close(): Promise<void>
}

const listen = (server: Server): Promise<string> => new Promise((resolve) => {
  server.listen(0, '127.0.0.1', () => resolve(`http://127.0.0.1:${(server.address() as AddressInfo).port}`))
})

function closer(server: Server, sockets: Set<Socket>): () => Promise<void> {
  return () => new Promise((resolve) => {
    for (const s of sockets) s.destroy()
    server.close(() => resolve())
  })
}

/** An HTTP server whose every request gets `answer` (after its body was read). */
export async function hostileHub(answer: Answer): Promise<HostileHub> {
  const seen: string[] = []
  const sockets = new Set<Socket>()
  const server = createHttpServer((req, res) => {
    seen.push(`${req.method} ${req.url}`)
    const chunks: Buffer[] = []
    req.on('data', (c: Buffer) => chunks.push(c))
    req.on('end', () => answer(req, res, Buffer.concat(chunks).toString('utf8')))
  })
  server.on('connection', (s) => { sockets.add(s); s.once('close', () => sockets.delete(s)) })
  return {url: await listen(server), seen, close: closer(server, sockets)}
}

/** A TCP server that runs `onSocket` on each raw connection (a WS peer that stalls or lies in its frames). */
export async function hostileTcp(onSocket: (socket: Socket) => void): Promise<HostileHub> {
  const sockets = new Set<Socket>()
  const server = createTcpServer((s) => {
    sockets.add(s)
    s.once('close', () => sockets.delete(s))
    s.on('error', () => undefined)
    onSocket(s)
  })
  return {url: await listen(server), seen: [], close: closer(server, sockets)}
}

/** JSON text with a 200. */
export const json = (value: unknown, status = 200): Answer => (_req, res) => {
  const text = typeof value === 'string' ? value : JSON.stringify(value)
  res.writeHead(status, {'content-type': 'application/json'})
  res.end(text)
}

/** A 200 JSON answer that streams `megabytes` MiB of one string (honouring back-pressure), then closes it. */
export const gigantic = (megabytes: number): Answer => (_req, res) => {
  res.writeHead(200, {'content-type': 'application/json'})
  res.write('{"detail":"')
  const block = Buffer.alloc(1024 * 1024, 0x61)
  let sent = 0
  const pump = (): void => {
    while (sent < megabytes) {
      sent += 1
      if (!res.write(block)) {
        res.once('drain', pump)
        return
      }
    }
    res.end('"}')
  }
  res.on('close', () => { sent = megabytes })
  pump()
}

/** Headers and the start of a body, then silence: a body that never ends (or a Content-Length lie). */
export const stalls = (declaredLength?: number): Answer => (_req, res) => {
  res.writeHead(200, {'content-type': 'application/json', ...(declaredLength === undefined ? {} : {'content-length': String(declaredLength)})})
  res.write('{"id":')
}

/** A redirect to the same path, forever. */
export const redirectLoop: Answer = (req, res) => {
  res.writeHead(302, {location: req.url ?? '/'})
  res.end()
}

/** `[[[…]]]` nested `depth` deep. */
export const nested = (depth: number): string => '['.repeat(depth) + ']'.repeat(depth)
