import {randomUUID} from 'node:crypto'
import {createServer} from 'node:http'
import type {IncomingMessage, ServerResponse} from 'node:http'
import type {AddressInfo} from 'node:net'
import {AgoraClient, AgoraHttpError, describeDetail} from '@agora/client'
import {StreamableHTTPServerTransport} from '@modelcontextprotocol/sdk/server/streamableHttp.js'
import type {McpServer} from '@modelcontextprotocol/sdk/server/mcp.js'

import type {McpIdentity} from './identity.js'
import {createAgoraServer} from './server.js'

/** Largest JSON-RPC body one MCP request may carry (fs_write and put_attachment send content inline). */
export const HTTP_MCP_BODY_MAX = 8 * 1024 * 1024

export interface HttpMcpOptions {
  identity: McpIdentity
  version: string
  timeoutMs?: number
  host?: string
  port?: number
}

export interface HttpMcpServer {
  /** The streamable-HTTP endpoint, `http://<host>:<port>/mcp`. */
  url: string
  /** Open MCP sessions. */
  sessions(): number
  close(): Promise<void>
}

interface Session {
  transport: StreamableHTTPServerTransport
  server: McpServer
  token: string
}

/** A refusal before the MCP layer: a JSON-RPC error body whose message teaches the fix. */
function refuse(res: ServerResponse, status: number, message: string): void {
  const body = JSON.stringify({jsonrpc: '2.0', error: {code: -32001, message}, id: null})
  res.writeHead(status, {'Content-Type': 'application/json', ...(status === 401 ? {'WWW-Authenticate': 'Bearer realm="agora turn token"'} : {})})
  res.end(body)
}

async function readJson(req: IncomingMessage): Promise<{ok: true; value: unknown} | {ok: false; status: number; message: string}> {
  const chunks: Buffer[] = []
  let size = 0
  for await (const chunk of req) {
    size += (chunk as Buffer).length
    if (size > HTTP_MCP_BODY_MAX) return {ok: false, status: 413, message: `the request body is over ${HTTP_MCP_BODY_MAX} bytes; send less per call`}
    chunks.push(chunk as Buffer)
  }
  try {
    return {ok: true, value: JSON.parse(Buffer.concat(chunks).toString('utf8'))}
  } catch {
    return {ok: false, status: 400, message: 'the request body is not JSON; send a JSON-RPC message'}
  }
}

const isInitialize = (body: unknown): boolean =>
  (Array.isArray(body) ? body : [body]).some((m) => (m as {method?: unknown})?.method === 'initialize')

/**
 * agora's tools over MCP streamable HTTP, as the one seat `identity` names. A client presents a
 * per-turn token (`Authorization: Bearer agora-turn_…`), never the seat's key: each request is
 * checked with the hub (`POST /turn-tokens/redeem`), which binds the token to the MCP session the
 * first request opens. So a token opens one session (a second is a replay, 409), stops working at
 * its expiry or revocation even mid-session (401), and a token minted by another seat is 403.
 * The seat's key stays in this process: it only ever travels to the hub.
 */
export async function serveAgoraMcpHttp(options: HttpMcpOptions): Promise<HttpMcpServer> {
  const hub = new AgoraClient({url: options.identity.url, apiKey: options.identity.apiKey, clientVersion: options.version, timeoutMs: options.timeoutMs})
  const sessions = new Map<string, Session>()

  /** Null when the hub vouches for `token` on `sessionId`; else the refusal to send. */
  const vouch = async (token: string, sessionId: string): Promise<{status: number; message: string} | null> => {
    try {
      await hub.turnTokenRedeem(token, sessionId)
      return null
    } catch (error) {
      if (error instanceof AgoraHttpError) return {status: error.status, message: describeDetail(error.detail)}
      return {status: 503, message: `the agora hub did not answer (${(error as Error).message}); retry when it is back`}
    }
  }

  const drop = async (id: string): Promise<void> => {
    const s = sessions.get(id)
    if (!s) return
    sessions.delete(id)
    await s.server.close().catch(() => undefined)
  }

  const handle = async (req: IncomingMessage, res: ServerResponse): Promise<void> => {
    const path = (req.url ?? '').split('?')[0]
    if (path !== '/mcp') return refuse(res, 404, `no route ${req.method} ${path}; the MCP endpoint is /mcp`)
    const auth = req.headers.authorization ?? ''
    const token = /^Bearer (\S+)$/i.exec(auth)?.[1]
    if (!token) return refuse(res, 401, 'send the turn token as Authorization: Bearer agora-turn_…; the driving seat mints one per turn')
    const sessionHeader = req.headers['mcp-session-id']
    const sessionId = Array.isArray(sessionHeader) ? sessionHeader[0] : sessionHeader
    let body: unknown
    if (req.method === 'POST') {
      const read = await readJson(req)
      if (!read.ok) return refuse(res, read.status, read.message)
      body = read.value
    }
    if (sessionId === undefined) {
      if (req.method !== 'POST' || !isInitialize(body)) return refuse(res, 400, 'no Mcp-Session-Id header: open a session with an initialize request first')
      const id = randomUUID()
      const refused = await vouch(token, id)
      if (refused) return refuse(res, refused.status, refused.message)
      const transport = new StreamableHTTPServerTransport({sessionIdGenerator: () => id})
      const server = createAgoraServer({identity: options.identity, version: options.version, timeoutMs: options.timeoutMs})
      transport.onclose = () => { void drop(id) }
      sessions.set(id, {transport, server, token})
      await server.connect(transport)
      return transport.handleRequest(req, res, body)
    }
    const session = sessions.get(sessionId)
    if (!session) return refuse(res, 404, 'no such MCP session here (it ended or this server restarted); initialize a new one')
    if (session.token !== token) return refuse(res, 403, 'this MCP session was opened with another turn token; present the token that opened it')
    const refused = await vouch(token, sessionId)
    if (refused) {
      await drop(sessionId)
      return refuse(res, refused.status, refused.message)
    }
    return session.transport.handleRequest(req, res, body)
  }

  const http = createServer((req, res) => {
    handle(req, res).catch((error: unknown) => {
      if (!res.headersSent) refuse(res, 500, `agora-mcp hit an unexpected error (${(error as Error).message}); retry or report it`)
      else res.end()
    })
  })
  const host = options.host ?? '127.0.0.1'
  await new Promise<void>((resolve, reject) => {
    http.once('error', reject)
    http.listen(options.port ?? 0, host, () => resolve())
  })
  const {port} = http.address() as AddressInfo
  const shown = host.includes(':') ? `[${host}]` : host
  return {
    url: `http://${shown}:${port}/mcp`,
    sessions: () => sessions.size,
    close: async () => {
      await Promise.all([...sessions.keys()].map(drop))
      http.closeAllConnections()
      await new Promise<void>((resolve) => http.close(() => resolve()))
    },
  }
}
