// A/B hub benchmark for a noisy box (a script, not a test):
//   node --import=tsx --conditions=agora-source agora-core/hub/bench/ab.bench.ts --base <root of a baseline checkout>
// Two hub processes run side by side, this checkout's and the baseline's (each its own built dist,
// set BENCH_TRUST_DIST=1 when src is newer than dist), with the same seats, channel, 10 WS
// subscribers and 51 workspace leases. Short blocks of the hot paths (GET /healthz, sequential
// POST with the 10 subscribers, POST /leases/check) alternate between the two, in ABBA order,
// so load on the shared cores falls on both alike. Printed: each hub's median CPU µs per request
// over the blocks (what other load moves least), the ratio, and the wall latencies of each side.
import {Agent, request} from 'node:http'
import {mkdtempSync, rmSync} from 'node:fs'
import {loadavg, tmpdir} from 'node:os'
import {dirname, join, resolve} from 'node:path'
import {fileURLToPath} from 'node:url'
import {Worker} from 'node:worker_threads'
import type {HubProc} from './procs.js'
import {fmt, pct} from './stats.js'

const HERE = dirname(fileURLToPath(import.meta.url))
const ADMIN = 'bench-admin-' + 'a'.repeat(32)
const arg = (name: string): string | undefined => {
  const i = process.argv.indexOf(name)
  return i >= 0 ? process.argv[i + 1] : undefined
}
const baseRoot = arg('--base')
if (!baseRoot) throw new Error('pass --base <root of a baseline checkout, built>, e.g. a `git worktree add --detach` of main')
const ROUNDS = Number(arg('--rounds') ?? 8)
const BLOCK = Number(arg('--block') ?? 300)
const WORKSPACE = 'github.com/acme/app@1a2b3c4d5e6f'

type Kind = 'healthz' | 'post' | 'lease'
interface Side {
  name: string; hub: HubProc; agent: Agent; poster: string; writer: string; subs: Worker
  cpu: Record<Kind, number[]>; ms: Record<Kind, number[]>
}

function exchange(side: Side, method: string, path: string, key: string | null, body?: unknown): Promise<{status: number; text: string}> {
  const text = body === undefined ? undefined : JSON.stringify(body)
  const headers: Record<string, string> = {'content-type': 'application/json'}
  if (key) headers.authorization = `Bearer ${key}`
  if (text !== undefined) headers['content-length'] = String(Buffer.byteLength(text))
  return new Promise((done, fail) => {
    const req = request(side.hub.url + path, {method, agent: side.agent, headers}, (res) => {
      const chunks: Buffer[] = []
      res.on('data', (c: Buffer) => chunks.push(c))
      res.on('end', () => done({status: res.statusCode ?? 0, text: Buffer.concat(chunks).toString('utf8')}))
    })
    req.on('error', fail)
    req.end(text)
  })
}

async function call(side: Side, key: string | null, method: string, path: string, body?: unknown): Promise<any> {
  const r = await exchange(side, method, path, key, body)
  if (r.status < 200 || r.status >= 300) throw new Error(`${side.name}: ${method} ${path} -> ${r.status} ${r.text.slice(0, 200)}`)
  return r.text ? JSON.parse(r.text) : null
}

async function open(name: string, root: string, dir: string): Promise<Side> {
  const {startHub} = await import(join(root, 'agora-core', 'hub', 'bench', 'procs.ts')) as typeof import('./procs.js')
  const hub = await startHub('child', join(dir, `${name}.db`), ADMIN)
  const empty = {healthz: [], post: [], lease: []}
  const side = {name, hub, agent: new Agent({keepAlive: true, maxSockets: 1}), cpu: structuredClone(empty), ms: structuredClone(empty)} as unknown as Side
  const register = async (id: string): Promise<string> => (await call(side, ADMIN, 'POST', '/agents', {id})).api_key
  side.poster = await register('poster')
  side.writer = await register('writer')
  await call(side, side.poster, 'POST', '/channels', {name: 'bench', private: false})
  await call(side, side.writer, 'POST', '/channels/bench/join', {})
  const subs: string[] = []
  for (let i = 0; i < 10; i++) {
    const k = await register(`sub-${i}`)
    await call(side, k, 'POST', '/channels/bench/join', {})
    subs.push(k)
  }
  const peer = await register('peer')
  await call(side, peer, 'POST', '/channels/bench/join', {})
  for (let i = 0; i < 200; i++) await call(side, peer, 'PUT', `/channels/bench/store/claim:task-${i}`, {value: {owner: 'peer', status: 'open'}})
  for (let i = 0; i < 40; i++) await call(side, peer, 'POST', '/channels/bench/leases', {workspace: WORKSPACE, paths: [`src/mod${i}/file${i}.ts`]})
  for (let i = 0; i < 10; i++) await call(side, peer, 'POST', '/channels/bench/leases', {workspace: WORKSPACE, paths: [`pkg${i}/**/*.ts`]})
  await call(side, peer, 'POST', '/channels/bench/leases', {workspace: WORKSPACE, paths: ['src/api/**']})
  side.subs = new Worker(join(HERE, 'subscribers.mjs'), {workerData: {url: hub.url, keys: subs}})
  await new Promise((resolve) => side.subs.once('message', resolve))
  return side
}

const body = 'benchmark post: ' + 'a realistic paragraph of status text. '.repeat(5)
const ops: Record<Kind, (side: Side, i: number) => Promise<unknown>> = {
  healthz: (side) => exchange(side, 'GET', '/healthz', null),
  post: (side) => call(side, side.poster, 'POST', '/channels/bench/messages', {body, status: 'fyi'}),
  lease: (side, i) => call(side, side.writer, 'POST', '/leases/check', {workspace: WORKSPACE, paths: [i % 2 ? 'src/api/users.ts' : `src/free/file${i}.ts`]}),
}

async function block(side: Side, kind: Kind): Promise<void> {
  const c0 = await side.hub.cpuUs()
  for (let i = 0; i < BLOCK; i++) {
    const t = performance.now()
    await ops[kind](side, i)
    side.ms[kind].push(performance.now() - t)
  }
  side.cpu[kind].push(((await side.hub.cpuUs()) - c0) / BLOCK)
}

const median = (xs: number[]): number => pct(xs, 50)
const dir = mkdtempSync(join(tmpdir(), 'agora-ab-bench-'))
const sides: Side[] = []
try {
  sides.push(await open('this', resolve(HERE, '..', '..', '..'), dir), await open('base', resolve(baseRoot), dir))
  for (const side of sides) for (const kind of Object.keys(ops) as Kind[]) for (let i = 0; i < 100; i++) await ops[kind](side, i) // warm-up
  const load0 = loadavg()
  for (let r = 0; r < ROUNDS; r++) {
    for (const kind of Object.keys(ops) as Kind[]) {
      const order = r % 2 === 0 ? [sides[0], sides[1], sides[1], sides[0]] : [sides[1], sides[0], sides[0], sides[1]]
      for (const side of order) await block(side, kind)
    }
  }
  const load1 = loadavg()
  console.log(`A/B hub bench: ${ROUNDS} rounds × 2 ABBA blocks of ${BLOCK} requests per path per hub; load average ${load0.map((x) => x.toFixed(1)).join(' ')} → ${load1.map((x) => x.toFixed(1)).join(' ')}`)
  console.log(`${'path'.padEnd(34)} ${'this CPU µs/req'.padStart(16)} ${'base CPU µs/req'.padStart(16)} ${'ratio'.padStart(7)}   wall p50/p99 this | base (ms)`)
  const [me, base] = sides
  for (const kind of Object.keys(ops) as Kind[]) {
    const a = median(me.cpu[kind]), b = median(base.cpu[kind])
    const label = {healthz: 'GET /healthz', post: 'POST message (10 WS subscribers)', lease: 'POST /leases/check (51 leases)'}[kind]
    console.log(`${label.padEnd(34)} ${fmt(a, 0).padStart(16)} ${fmt(b, 0).padStart(16)} ${`${fmt(a / b)}×`.padStart(7)}   ${fmt(pct(me.ms[kind], 50))}/${fmt(pct(me.ms[kind], 99))} | ${fmt(pct(base.ms[kind], 50))}/${fmt(pct(base.ms[kind], 99))}`)
  }
} finally {
  for (const side of sides) {
    await side.subs?.terminate()
    side.agent.destroy()
    await side.hub.close()
  }
  rmSync(dir, {recursive: true, force: true})
}
