import {spawn} from 'node:child_process'
import type {ChildProcess} from 'node:child_process'
import {createInterface} from 'node:readline'
import {expect} from 'chai'
import {AgoraClient} from '@agora/client'
import {Client} from '@modelcontextprotocol/sdk/client/index.js'
import {StreamableHTTPClientTransport} from '@modelcontextprotocol/sdk/client/streamableHttp.js'

import {startHub} from './helpers/hub.js'
import type {TestHub} from './helpers/hub.js'
import {bindingEnv, LAUNCH_ARGS, PACKAGE_DIR} from './helpers/process.js'
import {the} from '../../../test/helpers/present.js'

interface Ready {url: string; agent_id: string; token: string; token_id: string; expires_at: number}

/** A real `agora-mcp --http` subprocess for `seat`, and its ready line. */
async function serveHttp(hub: TestHub, seat: string, args: string[]): Promise<{child: ChildProcess; ready: Ready; stderr: () => string}> {
  const child = spawn(process.execPath, [...LAUNCH_ARGS, '--http', ...args], {
    cwd: PACKAGE_DIR, env: bindingEnv({AGORA_HOME: hub.home, AGORA_URL: hub.url, AGORA_AGENT_ID: seat}), stdio: ['pipe', 'pipe', 'pipe'],
  })
  let stderr = ''
  child.stderr!.on('data', (c) => { stderr += c })
  const line = await new Promise<string>((resolve, reject) => {
    createInterface({input: child.stdout!}).once('line', resolve)
    child.once('exit', (code) => reject(new Error(`agora-mcp --http exited ${code}: ${stderr}`)))
  })
  return {child, ready: JSON.parse(line) as Ready, stderr: () => stderr}
}

/** Every request an MCP client sends, as text (headers and body), for the no-seat-key grep. */
const sent: string[] = []
const recordingFetch: typeof fetch = async (input, init) => {
  const headers = new Headers(init?.headers)
  sent.push([...headers.entries()].map(([k, v]) => `${k}: ${v}`).join('\n') + '\n\n' + String(init?.body ?? ''))
  return fetch(input, init)
}

async function connect(url: string, token: string): Promise<Client> {
  const client = new Client({name: 'http-mcp-test', version: '0.0.0'})
  await client.connect(new StreamableHTTPClientTransport(new URL(url), {requestInit: {headers: {Authorization: `Bearer ${token}`}}, fetch: recordingFetch}))
  return client
}

async function whoami(client: Client): Promise<{text: string; isError: boolean}> {
  const r = await client.callTool({name: 'whoami', arguments: {}}) as {content: Array<{text?: string}>; isError?: boolean}
  return {text: r.content.map((c) => c.text ?? '').join(''), isError: r.isError === true}
}

describe('agora-mcp over streamable HTTP with per-turn tokens', function () {
  this.timeout(30_000)
  let hub: TestHub
  let served: Awaited<ReturnType<typeof serveHttp>>
  const clients: Client[] = []

  beforeEach(async () => {
    sent.length = 0
    hub = await startHub(['alice', 'bob'])
    served = await serveHttp(hub, 'alice', ['--turn', 'wake-1', '--ttl', '300'])
  })
  afterEach(async () => {
    for (const c of clients.splice(0)) await c.close().catch(() => undefined)
    served.child.kill('SIGKILL')
    await hub.close()
  })

  it('prints a ready line with the loopback /mcp URL and a turn token that is not the seat key', () => {
    expect(served.ready.url).to.match(/^http:\/\/127\.0\.0\.1:\d+\/mcp$/)
    expect(served.ready.agent_id).to.equal('alice')
    expect(served.ready.token).to.match(/^agora-turn_/)
    expect(JSON.stringify(served.ready)).to.not.include(hub.keys[`${hub.url}::alice`])
  })

  it('answers whoami as the seat over HTTP, and no request the client sent carries a seat key', async () => {
    const client = await connect(served.ready.url, served.ready.token)
    clients.push(client)
    const me = await whoami(client)
    expect(me.isError, me.text).to.equal(false)
    expect(me.text).to.include('alice')
    expect(sent.length).to.be.greaterThan(1)
    for (const key of Object.values(hub.keys)) for (const request of sent) expect(request).to.not.include(key)
    expect(sent.every((r) => r.includes(`authorization: Bearer ${served.ready.token}`))).to.equal(true)
  })

  it('refuses a replay: the token that opened one session cannot open a second (409)', async () => {
    clients.push(await connect(served.ready.url, served.ready.token))
    const second = new Client({name: 'replayer', version: '0'})
    const error = await second.connect(new StreamableHTTPClientTransport(new URL(served.ready.url), {requestInit: {headers: {Authorization: `Bearer ${served.ready.token}`}}}))
      .then(() => null, (e: Error) => e)
    expect(String(error)).to.match(/409|replay/)
  })

  it('refuses a token minted by another seat (403)', async () => {
    const bob = new AgoraClient({url: hub.url, apiKey: hub.keys[`${hub.url}::bob`]})
    const bobs = await bob.turnTokenMint('bobs-turn')
    const error = await connect(served.ready.url, bobs.token).then(() => null, (e: Error) => e)
    expect(String(error)).to.match(/403|another seat/)
  })

  it('stops an open session when the token expires (401 mid-session)', async () => {
    const client = await connect(served.ready.url, served.ready.token)
    clients.push(client)
    expect((await whoami(client)).isError).to.equal(false)
    hub.advance(301)
    const error = await whoami(client).then(() => null, (e: Error) => e)
    expect(String(error)).to.match(/401|expired/)
  })

  it('refuses a request without a token (401) and a seat key presented as one (401)', async () => {
    const bare = await fetch(served.ready.url, {method: 'POST', headers: {'content-type': 'application/json', accept: 'application/json, text/event-stream'},
      body: JSON.stringify({jsonrpc: '2.0', id: 1, method: 'initialize', params: {}})})
    expect(bare.status).to.equal(401)
    const error = await connect(served.ready.url, the(hub.keys, `${hub.url}::alice`)).then(() => null, (e: Error) => e)
    expect(String(error)).to.match(/401|not a turn token/)
  })

  it('revokes the turn token when it exits, so the token dies with the turn', async () => {
    const exited = new Promise((resolve) => served.child.once('exit', resolve))
    served.child.stdin!.end()
    expect(await exited).to.equal(0)
    const alice = new AgoraClient({url: hub.url, apiKey: hub.keys[`${hub.url}::alice`]})
    const error = await alice.turnTokenRedeem(served.ready.token, 'late').then(() => null, (e: Error) => e)
    expect(String(error)).to.match(/revoked/)
  })
})
