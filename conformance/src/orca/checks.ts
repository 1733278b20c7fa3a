import {randomBytes} from 'node:crypto'
import {call, ndjson, parseJson} from './wire.js'
import type {Answer} from './wire.js'

export type OrcaStatus = 'PASS' | 'FAIL' | 'SKIP'

export interface OrcaOutcome {
  status: OrcaStatus
  detail: string
}

/** What every check shares: the worker, bounds, and answers earlier checks fetched. */
export interface OrcaCheckContext {
  url: string
  timeoutMs: number
  runTimeoutMs: number
  /** Memoised answers, so O7–O10 judge one run and O1–O2 one /health. */
  once<T>(key: string, fetch: () => Promise<T>): Promise<T>
}

export interface OrcaCheck {
  id: string
  title: string
  /** Where the rule comes from: the protocol README, or the peers note's reconstruction. */
  basis: string
  run(ctx: OrcaCheckContext): Promise<OrcaOutcome>
}

const HEALTH_MAX = 64 * 1024
const STATE_MAX = 8 * 1024 * 1024
const pass = (detail: string): OrcaOutcome => ({status: 'PASS', detail})
const fail = (detail: string): OrcaOutcome => ({status: 'FAIL', detail})
const isObject = (v: unknown): v is Record<string, unknown> => !!v && typeof v === 'object' && !Array.isArray(v)

/** The minimal valid envelope, with a prompt that needs no tool. */
export function minimalEnvelope(sessionId: string): Record<string, unknown> {
  return {sessionId, profile: {name: 'orca-check', runtime: 'custom'}, subtask: {id: `orca-check-${randomBytes(3).toString('hex')}`, sessionId,
    prompt: 'orca-check conformance run: reply with the single word "ok". Call no tools, write no files, send no messages.'}}
}

const health = (ctx: OrcaCheckContext) => ctx.once('health', () => call(`${ctx.url}/health`, 'GET', null, ctx.timeoutMs))
const sessionOf = (ctx: OrcaCheckContext) => ctx.once('session', async () => `orca-check-${randomBytes(4).toString('hex')}`)
const minimalRun = (ctx: OrcaCheckContext) => ctx.once('run', async () => call(`${ctx.url}/run`, 'POST', JSON.stringify(minimalEnvelope(await sessionOf(ctx))), ctx.runTimeoutMs))
const runOk = (run: Answer) => run.status === 200

/** The checks, as a table: the real conformance list can replace this one without code churn. */
export const ORCA_CHECKS: OrcaCheck[] = [
  {id: 'O1', title: 'health', basis: 'README: /health stays under the 64 KB the platform reads', async run(ctx) {
    const h = await health(ctx)
    if (h.status !== 200) return fail(`GET /health answered ${h.status}, not 200`)
    if (!isObject(parseJson(h.text))) return fail('GET /health is not a JSON object')
    if (Buffer.byteLength(h.text) > HEALTH_MAX) return fail(`GET /health is ${Buffer.byteLength(h.text)} bytes, over 64 KB`)
    return pass(`200 JSON, ${Buffer.byteLength(h.text)} bytes`)
  }},
  {id: 'O2', title: 'health-fields', basis: 'scaffolds: ok, protocol orca-harness/v1, instanceId', async run(ctx) {
    const body = parseJson((await health(ctx)).text)
    if (!isObject(body)) return fail('no JSON /health to read')
    if (body.ok !== true) return fail('/health lacks ok: true')
    if (body.protocol !== 'orca-harness/v1') return fail(`/health protocol is ${JSON.stringify(body.protocol)}, not "orca-harness/v1"`)
    if (typeof body.instanceId !== 'string' || !body.instanceId) return fail('/health has no non-empty instanceId')
    return pass(`runtime ${String(body.runtime)}, instance ${body.instanceId}`)
  }},
  {id: 'O3', title: 'health-stable', basis: 'scaffolds: instanceId stable per process, uptimeSeconds numeric', async run(ctx) {
    const first = parseJson((await health(ctx)).text) as Record<string, unknown> | undefined
    const second = parseJson((await call(`${ctx.url}/health`, 'GET', null, ctx.timeoutMs)).text) as Record<string, unknown> | undefined
    if (!isObject(first) || !isObject(second)) return fail('/health is not JSON twice')
    if (first.instanceId !== second.instanceId) return fail(`instanceId changed between two reads (${String(first.instanceId)} → ${String(second.instanceId)})`)
    if (typeof first.uptimeSeconds !== 'number' || typeof second.uptimeSeconds !== 'number') return fail('uptimeSeconds is not a number')
    if (second.uptimeSeconds < first.uptimeSeconds) return fail('uptimeSeconds went backwards')
    return pass('same instanceId twice; uptimeSeconds numeric and not decreasing')
  }},
  {id: 'O4', title: 'healthz', basis: 'README: /healthz answers as well as /health', async run(ctx) {
    const h = await call(`${ctx.url}/healthz`, 'GET', null, ctx.timeoutMs)
    return h.status === 200 ? pass('200') : fail(`GET /healthz answered ${h.status}, not 200`)
  }},
  {id: 'O5', title: 'run-bad-json', basis: 'README: a malformed envelope is a 400 before the stream opens', async run(ctx) {
    const r = await call(`${ctx.url}/run`, 'POST', '{"sessionId": ', ctx.timeoutMs)
    if (r.status !== 400) return fail(`a body that is not JSON answered ${r.status}, not 400`)
    if (r.type.includes('ndjson')) return fail('the 400 is an NDJSON stream, not a JSON error')
    const body = parseJson(r.text)
    return isObject(body) && typeof body.error === 'string' ? pass(`400 ${JSON.stringify(body.error)}`) : fail('the 400 body is not JSON with an error field')
  }},
  {id: 'O6', title: 'run-missing-fields', basis: 'README: a malformed envelope is a 400 before the stream opens', async run(ctx) {
    const full = minimalEnvelope('orca-check-missing')
    const cases: Array<[string, unknown]> = [['{}', {}], ...['sessionId', 'profile', 'subtask'].map((k) => [`no ${k}`, Object.fromEntries(Object.entries(full).filter(([f]) => f !== k))] as [string, unknown])]
    for (const [name, body] of cases) {
      const r = await call(`${ctx.url}/run`, 'POST', JSON.stringify(body), ctx.timeoutMs)
      if (r.status !== 400) return fail(`${name}: answered ${r.status}, not 400`)
    }
    return pass('{} and each required field dropped: 400')
  }},
  {id: 'O7', title: 'run-stream', basis: 'scaffolds: 200 application/x-ndjson', async run(ctx) {
    const r = await minimalRun(ctx)
    if (!runOk(r)) return fail(`the minimal envelope answered ${r.status}: ${r.text.slice(0, 160)}`)
    return r.type.includes('application/x-ndjson') ? pass(`200 ${r.type}`) : fail(`content-type is ${r.type}, not application/x-ndjson`)
  }},
  {id: 'O8', title: 'event-shape', basis: 'scaffolds: each line an object with string type and ts', async run(ctx) {
    const r = await minimalRun(ctx)
    if (!runOk(r)) return {status: 'SKIP', detail: 'no stream (O7)'}
    const lines = ndjson(r.text)
    const bad = lines.findIndex((l) => !isObject(l) || typeof l.type !== 'string' || typeof l.ts !== 'string')
    return bad < 0 ? pass(`${lines.length} events: ${lines.map((l) => (l as {type: string}).type).join(', ')}`) : fail(`line ${bad + 1} is not an object with string type and ts`)
  }},
  {id: 'O9', title: 'one-terminal', basis: 'README: exactly one terminal event per run', async run(ctx) {
    const r = await minimalRun(ctx)
    if (!runOk(r)) return {status: 'SKIP', detail: 'no stream (O7)'}
    const terminals = ndjson(r.text).filter((l) => isObject(l) && (l.type === 'result' || l.type === 'error'))
    return terminals.length === 1 ? pass(`one ${(terminals[0] as {type: string}).type}`) : fail(`${terminals.length} terminal events`)
  }},
  {id: 'O10', title: 'terminal-last', basis: 'README: the terminal is always last', async run(ctx) {
    const r = await minimalRun(ctx)
    if (!runOk(r)) return {status: 'SKIP', detail: 'no stream (O7)'}
    const last = ndjson(r.text).at(-1)
    return isObject(last) && (last.type === 'result' || last.type === 'error') ? pass('the terminal is the last line; the stream ended after it') : fail('the last line is not the terminal')
  }},
  {id: 'O11', title: 'disconnect', basis: 'README: a client disconnect aborts the run and does not take the process down', async run(ctx) {
    await call(`${ctx.url}/run`, 'POST', JSON.stringify(minimalEnvelope(`orca-check-cut-${randomBytes(3).toString('hex')}`)), ctx.runTimeoutMs, true).catch(() => null)
    await new Promise((resolve) => setTimeout(resolve, 500))
    const h = await call(`${ctx.url}/health`, 'GET', null, ctx.timeoutMs).catch((e: Error) => ({status: 0, text: e.message, type: ''}))
    return h.status === 200 ? pass('closed after the first line; /health still 200') : fail(`after a disconnect /health answered ${h.status || h.text}`)
  }},
  {id: 'O12', title: 'state-empty', basis: 'README: GET /state/{id} answers 404 when nothing is stored', async run(ctx) {
    const r = await call(`${ctx.url}/state/orca-check-never-${randomBytes(4).toString('hex')}`, 'GET', null, ctx.timeoutMs)
    return r.status === 404 ? pass('404 for a session never used') : fail(`answered ${r.status}, not 404`)
  }},
  {id: 'O13', title: 'state-roundtrip', basis: 'README: state transfer (GET, import with PUT falling back to POST)', async run(ctx) {
    const exported = await call(`${ctx.url}/state/${encodeURIComponent(await sessionOf(ctx))}`, 'GET', null, ctx.timeoutMs)
    if (exported.status !== 200 && exported.status !== 404) return fail(`GET /state after a run answered ${exported.status}`)
    const bundle = exported.status === 200 ? exported.text : JSON.stringify({'orca-check': 1})
    const target = `${ctx.url}/state/orca-check-import-${randomBytes(4).toString('hex')}`
    let imported = await call(target, 'PUT', bundle, ctx.timeoutMs)
    if (imported.status === 404 || imported.status === 405) imported = await call(target, 'POST', bundle, ctx.timeoutMs)
    const back = await call(target, 'GET', null, ctx.timeoutMs)
    if (imported.status >= 200 && imported.status < 300) return back.status === 200 && back.text === bundle ? pass(`imported with ${imported.status}; GET returns the same ${Buffer.byteLength(bundle)} bytes`) : fail(`import answered ${imported.status} but GET returned ${back.status}${back.status === 200 ? ' with other bytes' : ''}`)
    if (exported.status === 404 && back.status === 404 && imported.status >= 400 && imported.status < 500) return pass(`stateless: export and import both refused (${imported.status}), GET 404`)
    return fail(`import answered ${imported.status}, GET ${back.status}`)
  }},
  {id: 'O14', title: 'state-cap', basis: 'README: state bundles are capped (8 MB)', async run(ctx) {
    const big = Buffer.alloc(STATE_MAX + 1024, 0x61)
    const target = `${ctx.url}/state/orca-check-big-${randomBytes(4).toString('hex')}`
    const r = await call(target, 'PUT', big, ctx.timeoutMs).catch((e: Error) => ({status: 0, text: e.message, type: ''}))
    const h = await call(`${ctx.url}/health`, 'GET', null, ctx.timeoutMs).catch(() => ({status: 0}))
    if (h.status !== 200) return fail('the process did not survive an oversized import')
    return r.status >= 400 && r.status < 500 ? pass(`an import over 8 MB answered ${r.status}; still up`) : fail(`an import over 8 MB answered ${r.status || r.text}`)
  }},
  {id: 'O15', title: 'models-and-404', basis: 'README: /models only when declared; anything else 404', async run(ctx) {
    const models = await call(`${ctx.url}/models`, 'GET', null, ctx.timeoutMs)
    const body = parseJson(models.text)
    if (models.status === 200 && !(isObject(body) && isObject(body.runtimes))) return fail('GET /models answered 200 without {runtimes: {…}}')
    if (models.status !== 200 && models.status !== 404) return fail(`GET /models answered ${models.status}`)
    const nope = await call(`${ctx.url}/orca-check-no-such-route`, 'GET', null, ctx.timeoutMs)
    if (nope.status !== 404) return fail(`an unknown route answered ${nope.status}, not 404`)
    return pass(`/models ${models.status === 200 ? `200 (${Object.keys((body as {runtimes: object}).runtimes).join(', ')})` : '404 (none declared)'}; unknown route 404`)
  }},
]
