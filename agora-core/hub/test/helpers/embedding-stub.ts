// A local OpenAI-compatible embeddings server for tests: POST /v1/embeddings answers one vector
// per input. Each word is folded through a small synonym table and hashed into one of 64
// dimensions, so "car" and "automobile" land together while unrelated words do not: semantic
// search finds what lexical search cannot, and the tests can tell the two apart.
import {createServer} from 'node:http'
import type {Server} from 'node:http'
import type {AddressInfo} from 'node:net'

const SYNONYMS: Record<string, string> = {automobile: 'car', vehicle: 'car', sedan: 'car', outage: 'failure', crash: 'failure', breakdown: 'failure'}
export const DIMS = 64

export function stubVector(text: string): number[] {
  const v = new Array(DIMS).fill(0)
  for (const raw of text.toLowerCase().match(/[a-z0-9]+/g) ?? []) {
    const w = SYNONYMS[raw] ?? raw
    let h = 2166136261
    for (const ch of w) h = Math.imul(h ^ ch.charCodeAt(0), 16777619) >>> 0
    v[h % DIMS] += 1
  }
  return v
}

export class EmbeddingStub {
  calls: Array<{model: string; input: string[]; authorization: string | undefined}> = []
  /** Set to make every call fail with this HTTP status. */
  failWith: number | null = null
  private constructor(private readonly server: Server, readonly url: string) {}

  static async start(): Promise<EmbeddingStub> {
    let stub!: EmbeddingStub
    const server = createServer((req, res) => {
      const chunks: Buffer[] = []
      req.on('data', (c: Buffer) => chunks.push(c))
      req.on('end', () => {
        if (req.method !== 'POST' || req.url !== '/v1/embeddings') { res.writeHead(404).end('{}'); return }
        if (stub.failWith !== null) { res.writeHead(stub.failWith).end('{"error":"down"}'); return }
        const body = JSON.parse(Buffer.concat(chunks).toString()) as {model: string; input: string | string[]}
        const input = Array.isArray(body.input) ? body.input : [body.input]
        stub.calls.push({model: body.model, input, authorization: req.headers.authorization})
        const data = input.map((t, index) => ({object: 'embedding', index, embedding: stubVector(t)}))
        res.writeHead(200, {'content-type': 'application/json'}).end(JSON.stringify({object: 'list', data, model: body.model}))
      })
    })
    await new Promise<void>(ok => server.listen(0, '127.0.0.1', ok))
    stub = new EmbeddingStub(server, `http://127.0.0.1:${(server.address() as AddressInfo).port}`)
    return stub
  }

  close(): Promise<void> {
    return new Promise(ok => this.server.close(() => ok()))
  }
}
