import {createServer} from 'node:http'
import type {IncomingMessage, RequestListener, Server, ServerResponse} from 'node:http'
import type {Socket} from 'node:net'
import type {Duplex} from 'node:stream'

export interface DoorOptions {
  headersTimeoutMs: number
  requestTimeoutMs: number
  keepAliveTimeoutMs: number
  idleSocketTimeoutMs: number
  connectionsMax: number
}

/**
 * The node HTTP server with the door's timeouts and connection cap. Node checks headers and request
 * timeouts on an interval (30 s by default), so it runs at a quarter of the shortest one: a client
 * that drips one header line every few seconds is cut by headersTimeout, not kept forever.
 * An idle socket (no request in flight) closes after idleSocketTimeoutMs, and so does one whose peer
 * took none of its answer for that long; a long-poll in flight (nothing written yet) and an upgraded WS
 * socket (which has its own ping/pong) are exempt.
 */
export function createDoorServer(app: RequestListener, o: DoorOptions): Server {
  const refused = new WeakSet<Duplex>()
  const busy = new Map<Duplex, number>()
  const open = new Set<Socket>()
  const detail = `the hub is at its limit of ${o.connectionsMax} open connections; retry shortly, or close idle connections`
  const body = JSON.stringify({detail})

  const server = createServer({connectionsCheckingInterval: Math.max(25, Math.min(1000, Math.floor(Math.min(o.headersTimeoutMs, o.requestTimeoutMs) / 4)))},
    (req: IncomingMessage, res: ServerResponse) => {
      const socket = req.socket
      if (refused.has(socket)) {
        res.writeHead(503, {'Content-Type': 'application/json; charset=utf-8', 'Content-Length': Buffer.byteLength(body), Connection: 'close', 'Retry-After': '1'})
        res.end(body)
        return
      }
      busy.set(socket, (busy.get(socket) ?? 0) + 1)
      res.once('close', () => {
        const n = (busy.get(socket) ?? 1) - 1
        if (n > 0) busy.set(socket, n)
        else busy.delete(socket)
      })
      app(req, res)
    })
  server.headersTimeout = o.headersTimeoutMs
  server.requestTimeout = o.requestTimeoutMs
  server.keepAliveTimeout = o.keepAliveTimeoutMs
  // Sockets over the cap still get an answer (503 on their first request), never a silent hang;
  // far beyond it node drops connections outright.
  server.maxConnections = o.connectionsMax + 64
  server.setTimeout(o.idleSocketTimeoutMs)
  server.on('timeout', (socket: Socket) => {
    // Idle, or holding an answer its peer has not taken a byte of for a whole idle period: a client
    // that asks for a large page and never reads would otherwise keep the socket and the unsent answer forever.
    if (!busy.has(socket) || socket.writableLength > 0) socket.destroy()
  })
  server.on('connection', (socket: Socket) => {
    if (open.size >= o.connectionsMax) {
      refused.add(socket)
      return
    }
    open.add(socket)
    socket.once('close', () => open.delete(socket))
  })
  server.prependListener('upgrade', (req: IncomingMessage, socket: Duplex) => {
    if (refused.has(socket)) {
      socket.end(`HTTP/1.1 503 Service Unavailable\r\nContent-Type: application/json; charset=utf-8\r\nContent-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\nRetry-After: 1\r\n\r\n${body}`)
      return
    }
    // A WS socket keeps itself alive with ping/pong; the HTTP idle timeout must not cut it.
    ;(socket as Socket).setTimeout(0)
  })
  return server
}
