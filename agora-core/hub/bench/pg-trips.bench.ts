// Round trips and CPU per post on PostgreSQL (a script, not a test): `npm run bench:pg-trips -- [TREE] [N]`.
// Starts a throw-away durable cluster (fsync on) and one hub IN this process from TREE (default: this
// checkout; pass another checkout to compare, e.g. a base commit extracted beside it with its own
// node_modules), subscribes 10 WebSocket seats, then times N sequential posts. Every pg client query
// is counted by SQL text: each is one network round trip (the hub sends one query at a time per client).
// CPU: this process (hub + HTTP client + sockets) and every PostgreSQL server process.
import {createRequire} from 'node:module'
import {readFileSync} from 'node:fs'
import {dirname, join, resolve} from 'node:path'
import {fileURLToPath} from 'node:url'
import {loadavg} from 'node:os'

const tree = resolve(process.argv[2] ?? join(dirname(fileURLToPath(import.meta.url)), '..', '..', '..'))
const N = Number(process.argv[3] ?? 500)
const req = createRequire(join(tree, 'agora-core/hub/package.json'))
const pg = req('pg') as {Client: {prototype: {query: (...args: unknown[]) => unknown}}}
const {WebSocket} = req('ws') as typeof import('ws')

let recording = false
let trips = 0
const byText = new Map<string, number>()
const query = pg.Client.prototype.query
pg.Client.prototype.query = function (this: unknown, ...args: unknown[]) {
  if (recording) {
    trips++
    const first = args[0] as string | {text?: string}
    const text = (typeof first === 'string' ? first : first?.text ?? '').replace(/\s+/g, ' ').slice(0, 100)
    byText.set(text, (byText.get(text) ?? 0) + 1)
  }
  return query.apply(this, args)
}

const {startCluster} = await import(join(tree, 'agora-core/hub/test/helpers/pg-cluster.ts'))
const {createHub} = await import(join(tree, 'agora-core/hub/src/index.ts'))
const cluster = await startCluster({durable: true})
const ADMIN = 'bench-admin-' + 'a'.repeat(32)
const hub = await createHub({db: await cluster.createDatabase('trips'), host: '127.0.0.1', port: 0, adminKey: ADMIN,
  ratePerMinute: 10_000_000, writeRatePerMinute: 10_000_000, notifyDir: null, voteSweepMs: 3_600_000})
async function call(key: string, method: string, path: string, body?: unknown): Promise<any> {
  const r = await fetch(hub.url + path, {method, headers: {authorization: `Bearer ${key}`, 'content-type': 'application/json'},
    body: body === undefined ? undefined : JSON.stringify(body)})
  const text = await r.text()
  if (!r.ok) throw new Error(`${method} ${path} -> ${r.status} ${text}`)
  return text ? JSON.parse(text) : null
}
try {
  const poster = (await call(ADMIN, 'POST', '/agents', {id: 'poster'})).api_key
  await call(poster, 'POST', '/channels', {name: 'bench', private: false})
  const sockets: InstanceType<typeof WebSocket>[] = []
  for (let i = 0; i < 10; i++) {
    const key = (await call(ADMIN, 'POST', '/agents', {id: `sub-${i}`})).api_key
    await call(key, 'POST', '/channels/bench/join', {})
    const ws = new WebSocket(`${hub.url.replace('http', 'ws')}/ws?token=${key}`)
    await new Promise((ok) => ws.once('open', ok))
    sockets.push(ws)
  }
  const body = 'benchmark post: ' + 'a realistic paragraph of status text. '.repeat(5)
  for (let i = 0; i < 100; i++) await call(poster, 'POST', '/channels/bench/messages', {body, status: 'fyi'})
  const master = Number(readFileSync(join(cluster.dir, 'data', 'postmaster.pid'), 'utf8').split('\n')[0])
  const cpuOf = (pid: number): number => {
    try {
      const stat = readFileSync(`/proc/${pid}/stat`, 'utf8')
      const f = stat.slice(stat.lastIndexOf(')') + 2).split(' ')
      return (Number(f[11]) + Number(f[12])) * 10_000
    } catch { return 0 }
  }
  const pgCpu = (): number => [master, ...readFileSync(`/proc/${master}/task/${master}/children`, 'utf8').trim().split(/\s+/).filter(Boolean).map(Number)]
    .reduce((sum, pid) => sum + cpuOf(pid), 0)
  const load = loadavg().map((x) => x.toFixed(1)).join(' ')
  recording = true
  const cpu0 = process.cpuUsage(), pg0 = pgCpu(), t0 = performance.now()
  for (let i = 0; i < N; i++) await call(poster, 'POST', '/channels/bench/messages', {body, status: 'fyi'})
  const secs = (performance.now() - t0) / 1000
  const cpu = process.cpuUsage(cpu0), pgUs = pgCpu() - pg0
  recording = false
  console.log(`${tree}: ${N} sequential posts, 10 WS subscribers, load average ${load}`)
  console.log(`  ${(N / secs).toFixed(0)} posts/s; round trips per post ${(trips / N).toFixed(2)}; CPU per post: hub+client ${((cpu.user + cpu.system) / N).toFixed(0)} µs, PostgreSQL ${(pgUs / N).toFixed(0)} µs`)
  for (const [text, n] of [...byText].sort((a, b) => b[1] - a[1])) console.log(`  ${(n / N).toFixed(2)}  ${text}`)
  for (const s of sockets) s.close()
} finally {
  await hub.close()
  cluster.stop()
}
process.exit(0)
