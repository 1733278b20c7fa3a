import {existsSync, readFileSync} from 'node:fs'
import {request} from 'node:http'
import {join} from 'node:path'
import {expect} from 'chai'
import type {OrcaServer} from '../../src/orca/server.js'
import {serveFixture} from '../fixtures/orca-serve.js'

function post(url: string, body: string, onFirstLine?: (close: () => void) => void): Promise<{status: number; text: string; type: string}> {
  return new Promise((resolve, reject) => {
    const req = request(`${url}/run`, {method: 'POST', headers: {'content-type': 'application/json'}}, (res) => {
      let text = ''
      res.setEncoding('utf8')
      res.on('data', (c: string) => {
        text += c
        if (onFirstLine && text.includes('\n')) { const f = onFirstLine; onFirstLine = undefined; f(() => req.destroy()) }
      })
      res.on('end', () => resolve({status: res.statusCode ?? 0, text, type: String(res.headers['content-type'])}))
      res.on('close', () => resolve({status: res.statusCode ?? 0, text, type: String(res.headers['content-type'])}))
    })
    req.on('error', (e) => (e.message.includes('aborted') || e.message.includes('socket hang up') ? resolve({status: 0, text: '', type: ''}) : reject(e)))
    req.end(body)
  })
}

const pidAlive = (pid: number) => { try { process.kill(pid, 0); return !readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]?.startsWith('Z') } catch { return false } }
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms))
const minimal = (sessionId = 's1') => JSON.stringify({sessionId, profile: {name: 'dev', runtime: 'custom'}, subtask: {id: 'r1', sessionId, prompt: 'hello'}})

describe('agora serve orca (a seat as an Orca Harness Protocol v1 worker)', function () {
  this.timeout(30_000)
  let server: OrcaServer
  let dir: string
  const start = async (mode = 'ok') => {
    ({server, dir} = await serveFixture(mode))
  }
  afterEach(async () => { await server?.close() })

  it('answers /health with the protocol, a stable instance id and the seat; /healthz 200; anything else 404 JSON', async () => {
    await start()
    const a = await (await fetch(`${server.url}/health`)).json() as Record<string, unknown>
    const b = await (await fetch(`${server.url}/health`)).json() as Record<string, unknown>
    expect(a).to.include({ok: true, protocol: 'orca-harness/v1', runtime: 'agora:alice:fx-stream'})
    expect(a.instanceId).to.equal(b.instanceId)
    expect((await fetch(`${server.url}/healthz`)).status).to.equal(200)
    const nope = await fetch(`${server.url}/nope`)
    expect([nope.status, await nope.json()]).to.deep.equal([404, {error: 'not found'}])
    expect((await fetch(`${server.url}/models`)).status, 'no declared models: no route').to.equal(404)
  })

  it('refuses a malformed envelope with 400 before any stream and before any turn is spawned', async () => {
    await start()
    const bad = await post(server.url, '{not json')
    expect([bad.status, JSON.parse(bad.text)]).to.deep.equal([400, {error: 'invalid JSON body'}])
    const missing = await post(server.url, JSON.stringify({sessionId: 's'}))
    expect([missing.status, JSON.parse(missing.text)]).to.deep.equal([400, {error: 'sessionId, profile, and subtask are required'}])
    expect(existsSync(join(dir, 'spawned'))).to.equal(false)
  })

  it('streams one turn as NDJSON: progress, assistant text, tool_call and tool_result from the evidence, session, then exactly one result, last', async () => {
    await start()
    const res = await post(server.url, minimal())
    expect(res.status).to.equal(200)
    expect(res.type).to.equal('application/x-ndjson')
    const events = res.text.trim().split('\n').map((l) => JSON.parse(l))
    expect(events.every((e) => typeof e.ts === 'string' && typeof e.type === 'string')).to.equal(true)
    expect(events.map((e) => e.type)).to.deep.equal(['progress', 'assistant', 'tool_call', 'tool_result', 'assistant', 'assistant', 'session', 'progress', 'result'])
    expect(events.filter((e) => e.type === 'assistant').map((e) => e.message)).to.deep.equal(['Let me look.', 'The answer', ' is 42.'])
    expect(events[2]).to.include({toolCallId: 't1', toolName: 'mcp__agora__check_inbox'})
    expect(events[3]).to.include({toolCallId: 't1', isError: false})
    expect(events[6]).to.include({runtimeSessionId: 'sess-1'})
    expect(events[7].message).to.match(/^turn ended \(fx-stream, \d+s; agora tools: check_inbox\)$/)
  })

  it('answers with the final assistant message, not a summary: the deltas after the last tool call, joined', async () => {
    await start()
    const events = (await post(server.url, minimal())).text.trim().split('\n').map((l) => JSON.parse(l))
    expect(events.at(-1)).to.include({type: 'result', message: 'The answer is 42.'})
  })

  it('answers with the last message the model wrote when nothing followed its last tool call', async () => {
    await start('silent')
    const events = (await post(server.url, minimal())).text.trim().split('\n').map((l) => JSON.parse(l))
    expect(events.at(-1)).to.include({type: 'result', message: 'Let me look.'})
  })

  it('ends a failed turn with one error event', async () => {
    await start('tool-fails')
    const events = (await post(server.url, minimal())).text.trim().split('\n').map((l) => JSON.parse(l))
    expect(events.filter((e) => e.type === 'result' || e.type === 'error').map((e) => e.type)).to.deep.equal(['error'])
    expect(events.at(-1)).to.include({type: 'error', message: 'mcp-call/check_inbox-failed: check_inbox: failed'})
  })

  it('kills the turn\'s process when the client closes the socket, sends nothing more, and stays up', async () => {
    await start('hang')
    const res = await post(server.url, minimal(), (close) => { setTimeout(close, 300) })
    expect(res.text).to.not.match(/"type":"(result|error)"/)
    let pid = 0
    for (let i = 0; i < 50 && !pid; i++) { try { pid = Number(readFileSync(join(dir, 'hang.pid'), 'utf8')) } catch { await sleep(50) } }
    for (let i = 0; i < 100 && pidAlive(pid); i++) await sleep(50)
    expect(pidAlive(pid), `pid ${pid} still runs`).to.equal(false)
    expect((await fetch(`${server.url}/health`)).status).to.equal(200)
  })

  it('exports continuity at /state (404 before any turn), resumes from it, and imports it back (PUT), refusing junk and 8 MB', async () => {
    await start()
    expect((await fetch(`${server.url}/state/s1`)).status).to.equal(404)
    await post(server.url, minimal('s1'))
    const exported = await (await fetch(`${server.url}/state/s1`)).text()
    expect(JSON.parse(exported)).to.deep.equal({schema: 1, harness: 'fx-stream', resumeId: 'sess-1', turns: 1})
    await post(server.url, minimal('s1'))
    expect(readFileSync(join(dir, 'spawned'), 'utf8').trim().split('\n').map((l) => l.split(' ')[1])).to.deep.equal(['-', 'sess-1'])
    const put = await fetch(`${server.url}/state/s2`, {method: 'PUT', body: exported})
    expect(put.status).to.equal(200)
    expect(await (await fetch(`${server.url}/state/s2`)).text()).to.equal(exported)
    expect((await fetch(`${server.url}/state/s3`, {method: 'PUT', body: '{"x":1}'})).status).to.equal(400)
    expect((await fetch(`${server.url}/state/s3`, {method: 'PUT', body: 'x'.repeat(8 * 1024 * 1024 + 1)})).status).to.equal(413)
    expect((await fetch(`${server.url}/health`)).status).to.equal(200)
  })
})
