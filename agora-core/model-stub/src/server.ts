import {createServer, type IncomingMessage, type Server, type ServerResponse} from 'node:http'
import type {AddressInfo} from 'node:net'
import type {ScriptReply} from './script.js'
import {answerChat} from './wire/chat.js'
import {answerGenerateContent} from './wire/generate-content.js'
import {answerMessages} from './wire/messages.js'
import {answerResponses} from './wire/responses.js'
import {sendJson} from './wire/sse.js'

export type WireApi = 'responses' | 'messages' | 'chat' | 'generate-content' | 'count-tokens' | 'other'

/** One request the stub received, kept for assertions. */
export interface RecordedRequest {
  method: string
  /** Path without the query string. */
  path: string
  api: WireApi
  headers: Record<string, string | string[] | undefined>
  /** The parsed JSON body, or null (no body or not JSON). */
  body: Record<string, unknown> | null
  /** What the stub answered with, for the three model APIs. */
  reply: ScriptReply | null
}

export interface ModelStub {
  /** Base URL, e.g. http://127.0.0.1:40123 (no trailing slash, no /v1). */
  url: string
  port: number
  requests: RecordedRequest[]
  close(): Promise<void>
}

export interface ModelStubOptions {
  /** 0 (default) picks a free port. The stub always binds 127.0.0.1. */
  port?: number
}

/** Starts the scripted model server on 127.0.0.1. */
export async function startModelStub(options: ModelStubOptions = {}): Promise<ModelStub> {
  const requests: RecordedRequest[] = []
  const server: Server = createServer((req, res) => {
    void handle(req, res, requests).catch((error: unknown) => {
      if (!res.headersSent) sendJson(res, 500, {error: {type: 'stub_error', message: String(error)}})
      else res.end()
    })
  })
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject)
    server.listen(options.port ?? 0, '127.0.0.1', () => resolve())
  })
  const {port} = server.address() as AddressInfo
  return {
    url: `http://127.0.0.1:${port}`,
    port,
    requests,
    close: () => new Promise<void>((resolve) => {
      server.closeAllConnections()
      server.close(() => resolve())
    }),
  }
}

export function classify(method: string, path: string): WireApi {
  if (method !== 'POST') return 'other'
  if (path.endsWith('/messages/count_tokens') || path.endsWith(':countTokens')) return 'count-tokens'
  if (/:(stream)?[gG]enerateContent$/.test(path)) return 'generate-content'
  if (path.endsWith('/responses')) return 'responses'
  if (path.endsWith('/chat/completions')) return 'chat'
  if (path.endsWith('/messages')) return 'messages'
  return 'other'
}

async function handle(req: IncomingMessage, res: ServerResponse, requests: RecordedRequest[]): Promise<void> {
  const method = req.method ?? 'GET'
  const [path = '/'] = (req.url ?? '/').split('?')
  const raw = await readBody(req)
  const body = parseBody(raw)
  const api = classify(method, path)
  const record: RecordedRequest = {method, path, api, headers: req.headers, body, reply: null}
  requests.push(record)
  if (api === 'other') {
    if (method === 'HEAD' || (method === 'GET' && path === '/')) {
      res.writeHead(200, {'content-type': 'text/plain'}).end(method === 'HEAD' ? undefined : 'model-stub')
      return
    }
    sendJson(res, 404, {error: {type: 'not_found', message: `the model stub serves POST /v1/responses, /v1/messages, /v1/chat/completions and /v1beta/models/<m>:(stream)generateContent, not ${method} ${path}`}})
    return
  }
  if (api === 'count-tokens') {
    sendJson(res, 200, path.endsWith(':countTokens') ? {totalTokens: 10} : {input_tokens: 10})
    return
  }
  if (body === null) {
    sendJson(res, 400, {error: {type: 'invalid_request_error', message: 'the request body must be a JSON object'}})
    return
  }
  if (api === 'responses') record.reply = answerResponses(body, res)
  else if (api === 'messages') record.reply = answerMessages(body, res)
  else if (api === 'generate-content') record.reply = answerGenerateContent(body, res, path.endsWith(':streamGenerateContent'), /models\/([^/:]+):/.exec(path)?.[1] ?? 'stub-model')
  else record.reply = answerChat(body, res)
}

async function readBody(req: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = []
  for await (const chunk of req) chunks.push(chunk as Buffer)
  return Buffer.concat(chunks).toString('utf8')
}

function parseBody(raw: string): Record<string, unknown> | null {
  if (raw.trim() === '') return null
  try {
    const value: unknown = JSON.parse(raw)
    return value && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : null
  } catch {
    return null
  }
}
