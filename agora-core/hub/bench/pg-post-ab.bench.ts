// A/B of the PostgreSQL post path, hub CPU only (a script, not a test):
//   npm run bench:pg-post-ab -- --base <root of a baseline checkout> [--this <tree>] [--rounds 3] [--posts 2000] [--warm 1500] [--sqlite] [--profile <dir>] [--perf <dir>]
// One throw-away durable cluster (fsync on). Per round, each tree in turn (base, then this one): a fresh database,
// that tree's hub-child.mjs (source through tsx, the same for both) in its own process, 10 WebSocket subscribers
// and the poster in THIS process (so, unlike bench:pg-trips, the client's CPU is not billed to the hub), `--warm`
// unmeasured sequential posts (V8 has compiled the hot path), then `--posts` measured ones. Printed per run:
// posts/s, hub CPU (user/sys) and PostgreSQL CPU per post; then each side's median with its spread (min–max) and
// the ratio of medians. A ratio inside the spreads is noise. --sqlite: also this tree on SQLite, the same way
// (the dialect gap in the same run). --profile <dir>: this tree's last PostgreSQL run under the V8 profiler.
import {spawn, type ChildProcess} from 'node:child_process'
import {mkdtempSync, readFileSync, rmSync} from 'node:fs'
import {Agent, request} from 'node:http'
import {loadavg, tmpdir} from 'node:os'
import {dirname, join, resolve} from 'node:path'
import {fileURLToPath} from 'node:url'
import {WebSocket} from 'ws'
import {forkServer} from './procs.js'
import {fmt} from './stats.js'
import {startCluster} from '../test/helpers/pg-cluster.js'

const HERE = dirname(fileURLToPath(import.meta.url))
const ADMIN = 'bench-admin-' + 'a'.repeat(32)
const arg = (name: string): string | undefined => { const i = process.argv.indexOf(name); return i >= 0 ? process.argv[i + 1] : undefined }
const base = arg('--base')
// --this <tree>: measure another checkout as "this" (e.g. to profile the baseline with --profile); default this one.
const THIS = resolve(arg('--this') ?? join(HERE, '..', '..', '..'))
if (!base) throw new Error('pass --base <root of a baseline checkout>, e.g. a `git worktree add --detach` of main with its node_modules')
const ROUNDS = Number(arg('--rounds') ?? 3), POSTS = Number(arg('--posts') ?? 2000), WARM = Number(arg('--warm') ?? 1500)
const PROFILE = arg('--profile')
// --perf <dir>: this tree's last PostgreSQL run under `perf record` (hub started with --perf-basic-prof, so JS frames
// have names): CPU samples, unlike the V8 profiler's, which on a loaded box also land in calls the thread waits in.
const PERF = arg('--perf')
const agent = new Agent({keepAlive: true, maxSockets: 1})

function call(url: string, key: string, method: string, path: string, body?: unknown): Promise<any> {
  const text = body === undefined ? undefined : JSON.stringify(body)
  const headers: Record<string, string> = {authorization: `Bearer ${key}`, 'content-type': 'application/json'}
  if (text !== undefined) headers['content-length'] = String(Buffer.byteLength(text))
  return new Promise((resolve, reject) => {
    const req = request(url + path, {method, agent, headers}, (res) => {
      const chunks: Buffer[] = []
      res.on('data', (c: Buffer) => chunks.push(c))
      res.on('end', () => {
        const t = Buffer.concat(chunks).toString('utf8')
        if ((res.statusCode ?? 0) >= 300) reject(new Error(`${method} ${path} -> ${res.statusCode} ${t.slice(0, 300)}`))
        else resolve(t ? JSON.parse(t) : null)
      })
    })
    req.on('error', reject)
    req.end(text)
  })
}

const ticks = (pid: number): [number, number] => {
  try {
    const s = readFileSync(`/proc/${pid}/stat`, 'utf8')
    const f = s.slice(s.lastIndexOf(')') + 2).split(' ')
    return [Number(f[11]) * 10_000, Number(f[12]) * 10_000] // utime, stime in µs (USER_HZ 100)
  } catch { return [0, 0] }
}

interface Run { side: string; perSec: number; hubUs: number; userUs: number; sysUs: number; pgUs: number }

const cluster = await startCluster({durable: true})
const master = Number(readFileSync(join(cluster.dir, 'data', 'postmaster.pid'), 'utf8').split('\n')[0])
const pgCpu = (): number => [master, ...readFileSync(`/proc/${master}/task/${master}/children`, 'utf8').trim().split(/\s+/).filter(Boolean).map(Number)]
  .reduce((sum, pid) => { const [u, s] = ticks(pid); return sum + u + s }, 0)

async function measure(side: string, tree: string, db: string, profile?: string, perfData?: string): Promise<Run> {
  const hub = await forkServer(join(tree, 'agora-core/hub/bench/hub-child.mjs'), [db, ADMIN],
    [...(perfData ? ['--perf-basic-prof'] : []), '--expose-gc', '--import=tsx', '--conditions=agora-source'])
  let perf: ChildProcess | undefined
  const sockets: WebSocket[] = []
  let frames = 0
  try {
    const poster = (await call(hub.url, ADMIN, 'POST', '/agents', {id: 'poster'})).api_key
    await call(hub.url, poster, 'POST', '/channels', {name: 'bench', private: false})
    for (let i = 0; i < 10; i++) {
      const key = (await call(hub.url, ADMIN, 'POST', '/agents', {id: `sub-${i}`})).api_key
      await call(hub.url, key, 'POST', '/channels/bench/join', {})
      const ws = new WebSocket(`${hub.url.replace('http', 'ws')}/ws?token=${key}`)
      ws.on('message', () => { frames++ })
      await new Promise((ok, fail) => { ws.once('open', ok); ws.once('error', fail) })
      sockets.push(ws)
    }
    const body = 'benchmark post: ' + 'a realistic paragraph of status text. '.repeat(5)
    for (let i = 0; i < WARM; i++) await call(hub.url, poster, 'POST', '/channels/bench/messages', {body, status: 'fyi'})
    if (profile) await hub.ask({type: 'profile-start'}, 'profiling')
    if (perfData) {
      perf = spawn('perf', ['record', '-F', '2000', '-g', '-o', perfData, '-p', String(hub.proc.pid)], {stdio: 'ignore'})
      await new Promise(r => setTimeout(r, 500))
    }
    const [u0, s0] = ticks(hub.proc.pid!), pg0 = pgCpu(), f0 = frames, t0 = performance.now()
    for (let i = 0; i < POSTS; i++) await call(hub.url, poster, 'POST', '/channels/bench/messages', {body, status: 'fyi'})
    const secs = (performance.now() - t0) / 1000
    const [u1, s1] = ticks(hub.proc.pid!), pgUs = db.startsWith('postgres') ? (pgCpu() - pg0) / POSTS : NaN
    if (profile) await hub.ask({type: 'profile-stop', file: profile}, 'profiled')
    if (perf) { const done = new Promise(r => perf!.once('exit', r)); perf.kill('SIGINT'); await done }
    for (let i = 0; i < 200 && frames - f0 < 10 * POSTS; i++) await new Promise(r => setTimeout(r, 10))
    if (frames - f0 < 10 * POSTS) throw new Error(`${side}: the 10 subscribers received ${frames - f0} frames, expected at least ${10 * POSTS}`)
    return {side, perSec: POSTS / secs, hubUs: (u1 - u0 + s1 - s0) / POSTS, userUs: (u1 - u0) / POSTS, sysUs: (s1 - s0) / POSTS, pgUs}
  } finally {
    for (const s of sockets) s.close()
    await hub.close()
  }
}

const show = (r: Run): void => console.log(`  ${r.side.padEnd(18)} ${fmt(r.perSec, 0).padStart(5)} posts/s   hub ${fmt(r.hubUs, 0).padStart(5)} µs (user ${fmt(r.userUs, 0)}, sys ${fmt(r.sysUs, 0)})   PostgreSQL ${(Number.isNaN(r.pgUs) ? '—' : fmt(r.pgUs, 0)).padStart(4)} µs per post`)
const median = (xs: number[]): number => { const s = [...xs].sort((a, b) => a - b); const m = s.length >> 1; return s.length % 2 ? s[m]! : (s[m - 1]! + s[m]!) / 2 }
const summary = (xs: number[]): string => xs.some(Number.isNaN) ? '—' : `${fmt(median(xs), 0)} (${fmt(Math.min(...xs), 0)}–${fmt(Math.max(...xs), 0)})`

const runs: Run[] = []
const scratch = mkdtempSync(join(tmpdir(), 'agora-pg-post-ab-'))
try {
  console.log(`PostgreSQL post path A/B: base ${resolve(base)} vs this ${THIS}; ${ROUNDS} rounds of ${WARM} warm-up + ${POSTS} measured sequential posts, 10 WS subscribers`)
  for (let round = 1; round <= ROUNDS; round++) {
    console.log(`round ${round} (load average ${loadavg().map((x) => x.toFixed(1)).join(' ')})`)
    const last = round === ROUNDS
    for (const [side, tree] of [['base', resolve(base)], ['this', THIS]] as const) {
      const mine = last && side === 'this'
      const r = await measure(side, tree, await cluster.createDatabase(side), mine && PROFILE ? join(PROFILE, 'pg-post.cpuprofile') : undefined,
        mine && PERF ? join(PERF, 'pg-post.perf.data') : undefined)
      runs.push(r)
      show(r)
    }
    if (process.argv.includes('--sqlite')) {
      const r = await measure('this on SQLite', THIS, join(scratch, `hub-${round}.db`))
      runs.push(r)
      show(r)
    }
  }
  const of = (side: string, k: keyof Omit<Run, 'side'>): number[] => runs.filter(r => r.side === side).map(r => r[k])
  console.log('median (spread)')
  for (const side of ['base', 'this', ...(process.argv.includes('--sqlite') ? ['this on SQLite'] : [])]) {
    console.log(`  ${side.padEnd(18)} ${summary(of(side, 'perSec'))} posts/s   hub ${summary(of(side, 'hubUs'))} µs   PostgreSQL ${summary(of(side, 'pgUs'))} µs per post`)
  }
  const ratio = (k: keyof Omit<Run, 'side'>): string => fmt(median(of('this', k)) / median(of('base', k)), 2)
  console.log(`this ÷ base: posts/s ${ratio('perSec')}×, hub CPU ${ratio('hubUs')}×, PostgreSQL CPU ${ratio('pgUs')}× (claim only a ratio outside both spreads)`)
} finally {
  agent.destroy()
  rmSync(scratch, {recursive: true, force: true})
  cluster.stop()
}
process.exit(0)
