import type {IncomingMessage, Server} from 'node:http'
import type {Duplex} from 'node:stream'
import {WebSocketServer} from 'ws'
import type {WebSocket} from 'ws'
import {AgoraError} from '@agora/protocol'
import {mirrorFreshness} from '../cluster/attach.js'
import type {Ctx} from '../services/kernel/index.js'
import {authenticate} from '../services/channels/index.js'
import type {Principal} from '../services/channels/index.js'
import {Connection, QUEUE_LIMIT} from './connection.js'
import {deskSocketPrincipal} from './desk-auth.js'

export const PING_MS = 20_000

export interface WsOptions {
  /** Keepalive: ping every this many ms; a peer that did not pong since the last ping is terminated. */
  pingMs?: number
  /** Live frames in flight per connection before it is closed with OVERFLOW_CLOSE. */
  queueLimit?: number
}

/** ws@8 in noServer mode on the HTTP server's upgrade event; only `/ws` upgrades. */
export function attachWs(ctx: Ctx, server: Server, options: WsOptions = {}): {connections: Set<Connection>; close(): void} {
  // No permessage-deflate (ws's server default, said here because ws/frame.ts writes pre-framed bytes).
  const wss = new WebSocketServer({noServer: true, maxPayload: 1024 * 1024, perMessageDeflate: false})
  const connections = new Set<Connection>()
  const alive = new WeakMap<WebSocket, boolean>()
  const upgrade = async (req: IncomingMessage, socket: Duplex, head: Buffer): Promise<void> => {
    const url = new URL(req.url ?? '/', 'http://hub')
    if (url.pathname !== '/ws') {
      socket.end('HTTP/1.1 404 Not Found\r\nContent-Length: 0\r\n\r\n')
      return
    }
    const token = url.searchParams.get('token')
    const fresh = mirrorFreshness(ctx)
    const seen = fresh?.mirrorChanges()
    let {principal, refusal} = await admit(ctx, req, token)
    // PostgreSQL: a seat registered through another process a moment ago may not be mirrored here yet.
    if (refusal && fresh) {
      await fresh.catchUp()
      if (fresh.mirrorChanges() !== seen) ({principal, refusal} = await admit(ctx, req, token))
    }
    wss.handleUpgrade(req, socket, head, ws => {
      if (refusal || !principal) {
        ws.close(refusal?.code ?? 4401, refusal?.reason ?? 'invalid api key')
        return
      }
      const conn = new Connection(ctx, ws, principal, options.queueLimit ?? QUEUE_LIMIT, socket)
      connections.add(conn)
      ctx.presence.connected(conn.agent)
      alive.set(ws, true)
      ws.on('pong', () => alive.set(ws, true))
      ws.on('close', () => {
        connections.delete(conn)
        ctx.presence.disconnected(conn.agent)
      })
    })
  }
  server.on('upgrade', (req: IncomingMessage, socket: Duplex, head: Buffer) => {
    upgrade(req, socket, head).catch(() => socket.destroy())
  })
  const offSever = ctx.bus.onSever((agent, reason) => {
    for (const c of connections) if (c.agent === agent) c.ws.close(4403, reason)
  })
  const timer = setInterval(() => {
    for (const c of connections) {
      if (!alive.get(c.ws)) {
        c.ws.terminate()
        continue
      }
      alive.set(c.ws, false)
      c.ws.ping()
    }
  }, options.pingMs ?? PING_MS)
  timer.unref()
  return {
    connections,
    close() {
      clearInterval(timer)
      offSever()
      for (const c of connections) {
        c.close()
        c.ws.terminate()
      }
      wss.close()
    },
  }
}

/** Who the upgrade request is, or the close code and reason that refuse it. */
async function admit(ctx: Ctx, req: IncomingMessage, token: string | null): Promise<{principal: Principal | null; refusal: {code: number; reason: string} | null}> {
  try {
    // No key offered: the desk page's session cookie, same-origin only (ws/desk-auth.ts).
    const principal = (!token && !req.headers.authorization ? await deskSocketPrincipal(ctx, req) : null)
      ?? await authenticate(ctx, token ? `Bearer ${token}` : req.headers.authorization)
    if (!principal.agent) return {principal, refusal: {code: 4403, reason: 'the admin key is not a seat; connect with a seat api key'}}
    return {principal, refusal: null}
  } catch (err) {
    const status = err instanceof AgoraError ? err.status : 401
    const detail = err instanceof AgoraError ? String(err.detail) : 'invalid api key'
    return {principal: null, refusal: {code: status === 403 ? 4403 : 4401, reason: detail.slice(0, 120)}}
  }
}
