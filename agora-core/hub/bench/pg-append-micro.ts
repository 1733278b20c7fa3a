// One agora_append call through different client paths (a script, not a test):
//   node --import=tsx --conditions=agora-source agora-core/hub/bench/pg-append-micro.ts [N]
// A throw-away durable cluster, this process alone (no HTTP, no hub): the client CPU and the PostgreSQL CPU
// per call, three rounds, each way after 300 unmeasured calls. The ways: the storage port as the hub calls it
// (a named statement on the client it keeps between statements), the same text unnamed (parsed and planned by
// PostgreSQL on every call), a held client named and unnamed (no port), and two yardsticks: `SELECT 1` (a
// round trip with no wait) and `pg_sleep(0.003)` (a round trip that leaves this process idle about as long as
// a durable commit does: on a shared VM, waking from idle costs the process CPU that no client code saves).
import {readFileSync} from 'node:fs'
import {join} from 'node:path'
import {startCluster} from '../test/helpers/pg-cluster.js'
import {openPostgres} from '../src/db/open-pg.js'
import {PREPARED} from '../src/db/port.js'

const N = Number(process.argv[2] ?? 2000)
const cluster = await startCluster({durable: true})
const master = Number(readFileSync(join(cluster.dir, 'data', 'postmaster.pid'), 'utf8').split('\n')[0])
const cpuOf = (pid: number): number => {
  try {
    const s = readFileSync(`/proc/${pid}/stat`, 'utf8')
    const f = s.slice(s.lastIndexOf(')') + 2).split(' ')
    return (Number(f[11]) + Number(f[12])) * 10_000
  } catch { return 0 }
}
const pgCpu = (): number => [master, ...readFileSync(`/proc/${master}/task/${master}/children`, 'utf8').trim().split(/\s+/).filter(Boolean).map(Number)]
  .reduce((s, p) => s + cpuOf(p), 0)
const opened = await openPostgres(await cluster.createDatabase('micro'))
const db = opened.storage()
const SQL = 'SELECT seq, hash, later, starved FROM agora_append(?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)'
let n = 0
const DOLLAR = SQL.replace(/\?/g, () => `$${++n}`)
const body = 'benchmark post: ' + 'a realistic paragraph of status text. '.repeat(5)
let k = 0
// Each call appends a new row to one channel; created_at moves forward so no call is answered `later`.
const args = (): unknown[] => [`m${k++}`, 'bench', 'poster', 'message', 'fyi', 'inbox', 0, 0, '[]', '', body, null, null,
  1e9 + k, '{"a":', '}', null, null, null, null]
const client = (await opened.knex.client.acquireConnection()) as import('pg').Client
const ways: Record<string, () => Promise<unknown>> = {
  'port, named (the hub)': () => db.get(PREPARED + SQL, ...args()),
  'port, unnamed': () => db.get(SQL, ...args()),
  'held client, named': () => client.query({name: 'agora_append_micro', text: DOLLAR, values: args()}),
  'held client, unnamed': () => client.query(DOLLAR, args()),
  'held, SELECT 1': () => client.query('SELECT 1'),
  'held, pg_sleep(0.003)': () => client.query('SELECT pg_sleep(0.003)'),
}
try {
  for (let round = 1; round <= 3; round++) {
    for (const [name, fn] of Object.entries(ways)) {
      for (let i = 0; i < 300; i++) await fn()
      const c0 = process.cpuUsage(), p0 = pgCpu(), t0 = performance.now()
      for (let i = 0; i < N; i++) await fn()
      const c = process.cpuUsage(c0), p = pgCpu() - p0, s = (performance.now() - t0) / 1000
      console.log(`${round} ${name.padEnd(24)} ${(N / s).toFixed(0).padStart(6)}/s   client ${((c.user + c.system) / N).toFixed(0).padStart(4)} µs   PostgreSQL ${(p / N).toFixed(0).padStart(4)} µs per call`)
    }
  }
} finally {
  await opened.knex.client.releaseConnection(client)
  await opened.close()
  cluster.stop()
}
