// Hub benchmark (a script, not a test): `npm run bench:hub`. Loopback only, bounded loops,
// one run in well under 3 minutes. The hub runs in its own process so RSS is the hub's alone.
import {mkdtempSync, rmSync} from 'node:fs'
import {Agent, request} from 'node:http'
import {cpus, loadavg, tmpdir} from 'node:os'
import {dirname, join} from 'node:path'
import {fileURLToPath} from 'node:url'
import {Worker} from 'node:worker_threads'
import Database from 'better-sqlite3'
import {WebSocket} from 'ws'
import {appendFiller, rawBound} from './rows.js'
import {sqliteFloor} from './floor.js'
import {startHub, type HubProc, type Mem, type Mode} from './procs.js'
import {fmt, line, pct} from './stats.js'
import {MEASURED, PEERS, ROOMS, seedObligations} from './seed-obligations.js'

const HERE = dirname(fileURLToPath(import.meta.url))
const ADMIN = 'bench-admin-' + 'a'.repeat(32)
const N_HEALTH = 2000, N_POSTS = 2000, N_PUSH = 200, N_READS = 200, TARGET_ROWS = 100_000, COLD_READS = 20
// The cold line measures the hub's first 2,200 posts, while V8 still compiles the hot path; the warm line
// measures N_POSTS more after WARM_POSTS unmeasured ones, the cost a hub that has been up a while pays.
const WARM_POSTS = 4000
const SETTLE_S = 25 // seconds idle before the settled RSS reading: the hub trims after one idle 10 s interval

// One kept-alive connection and node:http, not fetch: undici's per-request cost on the shared cores would be billed to the hub.
const agent = new Agent({keepAlive: true, maxSockets: 1})

/**
 * One HTTP exchange on the kept-alive connection: status and body text. Sent again once when the hub had
 * closed the idle kept-alive socket just as the request went out (node's documented `reusedSocket` case:
 * a slow phase of the bench, such as the raw bound on a loaded box, outlasts the hub's keep-alive timeout).
 */
function exchange(url: string, method: string, path: string, headers: Record<string, string>, body?: string, retried = false): Promise<{status: number; text: string}> {
  return new Promise((resolve, reject) => {
    const req = request(url + path, {method, agent, headers: body === undefined ? headers : {...headers, 'content-length': String(Buffer.byteLength(body))}}, (res) => {
      const chunks: Buffer[] = []
      res.on('data', (c: Buffer) => chunks.push(c))
      res.on('end', () => resolve({status: res.statusCode ?? 0, text: Buffer.concat(chunks).toString('utf8')}))
      res.on('error', reject)
    })
    req.on('error', (err: NodeJS.ErrnoException) => {
      if (!retried && req.reusedSocket && err.code === 'ECONNRESET') exchange(url, method, path, headers, body, true).then(resolve, reject)
      else reject(err)
    })
    req.end(body)
  })
}

async function call(url: string, key: string, method: string, path: string, body?: unknown): Promise<any> {
  const {status, text} = await exchange(url, method, path, {authorization: `Bearer ${key}`, 'content-type': 'application/json', 'x-agora-client': 'bench'},
    body === undefined ? undefined : JSON.stringify(body))
  if (status < 200 || status >= 300) throw new Error(`${method} ${path} -> ${status} ${text.slice(0, 300)}`)
  return text ? JSON.parse(text) : null
}

async function register(url: string, id: string): Promise<string> {
  return (await call(url, ADMIN, 'POST', '/agents', {id})).api_key
}

function openSocket(url: string, key: string, onEnvelope: (e: any) => void): Promise<WebSocket> {
  const ws = new WebSocket(`${url.replace(/^http/, 'ws')}/ws?token=${key}`)
  // Only frames that can carry a latency marker are parsed: the 10 subscribers share the client's core with the poster.
  ws.on('message', (d) => { const s = String(d); if (!s.includes('"body":"push-')) return; const f = JSON.parse(s); if (f.type === 'envelope') onEnvelope(f.envelope) })
  return new Promise((resolve, reject) => { ws.once('open', () => resolve(ws)); ws.once('error', reject) })
}

/**
 * Hub-process CPU microseconds spent while `fn` runs: a per-request cost that other load on the machine barely moves.
 * With BENCH_PROFILE=<dir> and the child hub, the phase is also profiled into <dir>/<phase>.cpuprofile (for DevTools).
 */
async function hubCpu<T>(hub: HubProc, fn: () => Promise<T>, phase?: string): Promise<{result: T; us: number}> {
  const profileDir = process.env.BENCH_PROFILE
  const a = await hub.cpuUs()
  const result = await (profileDir && phase && hub.profile ? hub.profile(join(profileDir, `${phase}.cpuprofile`), fn) : fn())
  return {result, us: (await hub.cpuUs()) - a}
}

const mb = (n: number | undefined): string => (n === undefined ? '—' : `${fmt(n / 1048576, 1)} MB`)

/** The hub's RSS (anonymous / file-backed), and with a hub child the waiting parent's and the sum a user pays. */
function memLine(label: string, m: Mem): void {
  const kinds = m.rssAnon === undefined ? '' : `anon ${mb(m.rssAnon)} + file ${mb(m.rssFile)}`
  const heap = m.heapUsed === undefined ? '' : `; V8 heap used ${mb(m.heapUsed)}`
  if (m.cliRss === undefined) { line(label, mb(m.rss), kinds + heap); return }
  line(label, mb(m.rss), `+ waiting parent ${mb(m.cliRss)} = ${mb(m.rss + m.cliRss)} for the whole \`agora up\``)
}

async function timed(n: number, fn: (i: number) => Promise<unknown>): Promise<{perSec: number; ms: number[]}> {
  const ms: number[] = []
  const t0 = performance.now()
  for (let i = 0; i < n; i++) { const t = performance.now(); await fn(i); ms.push(performance.now() - t) }
  return {perSec: n / ((performance.now() - t0) / 1000), ms}
}

async function main(mode: Mode): Promise<void> {
  const started = performance.now()
  const dir = mkdtempSync(join(tmpdir(), 'agora-hub-bench-'))
  const db = join(dir, 'hub.db')
  let hub = await startHub(mode, db, ADMIN)
  try {
    console.log(`\nagora hub benchmark — node ${process.version}, ${cpus().length} cores (${cpus()[0]?.model ?? '?'}), hub: ${hub.label}, load average ${loadavg().map((x) => x.toFixed(1)).join(' ')}`)
    await new Promise((resolve) => setTimeout(resolve, 500))
    memLine('hub RSS idle after startup', await hub.mem())
    if (mode === 'up') {
      // `agora up` trims once its first quiet 10 s interval after startup has passed.
      await new Promise((resolve) => setTimeout(resolve, 11_500))
      memLine('hub RSS idle 12 s after startup (trimmed)', await hub.mem())
    }
    const {result: health, us: healthUs} = await hubCpu(hub, () => timed(N_HEALTH, () => exchange(hub.url, 'GET', '/healthz', {})), 'healthz')
    line('GET /healthz sequential (the HTTP floor)', `${fmt(health.perSec, 0)} req/s`, `hub CPU ${fmt(healthUs / N_HEALTH, 0)} µs/req`)

    const poster = await register(hub.url, 'poster')
    await call(hub.url, poster, 'POST', '/channels', {name: 'bench', private: false})
    const subs: string[] = []
    for (let i = 0; i < 50; i++) {
      const k = await register(hub.url, `sub-${i}`)
      await call(hub.url, k, 'POST', '/channels/bench/join', {})
      subs.push(k)
    }
    const arrivals = new Map<string, {got: number[]; all: () => void}>()
    const onEnv = (e: any) => {
      const a = typeof e.body === 'string' ? arrivals.get(e.body) : undefined
      if (a && a.got.push(performance.now()) === 50) a.all()
    }
    const subscribers = new Worker(join(HERE, 'subscribers.mjs'), {workerData: {url: hub.url, keys: subs.slice(0, 10)}})
    await new Promise((resolve) => subscribers.once('message', resolve))
    const body = 'benchmark post: ' + 'a realistic paragraph of status text. '.repeat(5)
    for (let i = 0; i < 200; i++) await call(hub.url, poster, 'POST', '/channels/bench/messages', {body, status: 'fyi'})
    const clientT0 = process.cpuUsage()
    const {result: posts, us: postUs} = await hubCpu(hub, () => timed(N_POSTS, () => call(hub.url, poster, 'POST', '/channels/bench/messages', {body, status: 'fyi'})), 'posts')
    const clientCpu = process.cpuUsage(clientT0)
    line('POST cold (posts 201–2,200), 1 channel, 10 WS subscribers', `${fmt(posts.perSec, 0)} posts/s`, 'goal ≥ 1,500 posts/s')
    line('  hub CPU per post (incl. 10 pushes)', `${fmt(postUs / N_POSTS, 0)} µs`, `CPU-bound ceiling ${fmt(1e6 / (postUs / N_POSTS), 0)} posts/s`)
    line('  client CPU per post (poster + 10 subscribers)', `${fmt((clientCpu.user + clientCpu.system) / N_POSTS, 0)} µs`, 'same cores as the hub')
    line('  ratio to /healthz', `${fmt(posts.perSec / health.perSec)}×`, 'goal ≥ 0.5×')
    line('  POST latency p50 / p99', `${fmt(pct(posts.ms, 50))} / ${fmt(pct(posts.ms, 99))} ms`)
    const post = () => call(hub.url, poster, 'POST', '/channels/bench/messages', {body, status: 'fyi'})
    for (let i = 0; i < WARM_POSTS; i++) await post()
    const warmT0 = process.cpuUsage()
    const {result: warm, us: warmUs} = await hubCpu(hub, () => timed(N_POSTS, post), 'posts-warm')
    const warmClient = process.cpuUsage(warmT0)
    line(`POST warm (after ${fmt(200 + N_POSTS + WARM_POSTS, 0)} posts), same channel and subscribers`, `${fmt(warm.perSec, 0)} posts/s`, 'goal ≥ 1,500 posts/s')
    line('  hub CPU per post (incl. 10 pushes)', `${fmt(warmUs / N_POSTS, 0)} µs`, `CPU-bound ceiling ${fmt(1e6 / (warmUs / N_POSTS), 0)} posts/s`)
    line('  client CPU per post (poster + 10 subscribers)', `${fmt((warmClient.user + warmClient.system) / N_POSTS, 0)} µs`)
    line('  POST latency p50 / p99', `${fmt(pct(warm.ms, 50))} / ${fmt(pct(warm.ms, 99))} ms`)

    subscribers.postMessage('report')
    const {frames} = await new Promise<{frames: number}>((resolve) => subscribers.once('message', resolve))
    await subscribers.terminate()
    const expected = 10 * (200 + N_POSTS + WARM_POSTS + N_POSTS)
    if (frames !== expected) throw new Error(`the 10 subscribers received ${frames} envelope frames, expected ${expected}`)
    line('  envelopes received by the 10 subscribers', `${frames}`, 'every post pushed to every subscriber')
    const sockets = await Promise.all(subs.map((k) => openSocket(hub.url, k, onEnv)))
    const lat: number[] = []
    for (let i = 0; i < N_PUSH; i++) {
      const marker = `push-${i}`
      const got: number[] = []
      let timer: NodeJS.Timeout | undefined
      const all = new Promise<boolean>((resolve) => {
        arrivals.set(marker, {got, all: () => resolve(true)})
        timer = setTimeout(() => resolve(false), 10_000)
      })
      const t0 = performance.now()
      await call(hub.url, poster, 'POST', '/channels/bench/messages', {body: marker, status: 'fyi'})
      const complete = await all
      clearTimeout(timer)
      if (!complete) throw new Error(`push ${i}: only ${got.length}/50 subscribers received it`)
      for (const t of got) lat.push(t - t0)
    }
    line('post→push latency at 50 subscribers p50/p99', `${fmt(pct(lat, 50))} / ${fmt(pct(lat, 99))} ms`, 'goal p99 < 5 ms')
    sockets.forEach((s) => s.close())

    const floor = await sqliteFloor(db, join(dir, 'floor.db'), body, 200 + N_POSTS + WARM_POSTS, N_POSTS)
    line('floor: node:http + ws + 1 sqlite txn, same load', `${fmt(floor.perSec, 0)} posts/s`,
      `${fmt(floor.cpuUsPerPost, 0)} µs CPU per post (floor-child.mjs: no auth, validation or routing)`)
    line('  hub warm posts/s ÷ floor', `${fmt(warm.perSec / floor.perSec)}×`, `hub CPU ÷ floor CPU ${fmt(warmUs / N_POSTS / floor.cpuUsPerPost)}×`)

    const raw = rawBound(db, 'bench', join(dir, 'raw.db'))
    line('raw bound: same rows + sha256 chain, 1 txn/row', `${fmt(raw.rowsPerSec, 0)} rows/s`, `${raw.sameHash}/${raw.rows} hashes identical to the hub's`)
    line('  hub posts/s ÷ raw rows/s', `${fmt(posts.perSec / raw.rowsPerSec, 3)}×`)

    const keys: Record<string, string> = {[MEASURED]: await register(hub.url, MEASURED)}
    for (const p of PEERS) keys[p] = await register(hub.url, p)
    for (const room of ROOMS) {
      await call(hub.url, poster, 'POST', '/channels', {name: room, private: true})
      for (const who of [MEASURED, ...PEERS]) {
        const inv = await call(hub.url, poster, 'POST', `/channels/${room}/invites`, {agent_id: who})
        await call(hub.url, keys[who], 'POST', `/channels/${room}/join`, {invite_token: inv.invite_token})
      }
    }
    await hub.close()
    const count = () => { const d = new Database(db, {readonly: true}); const n = (d.prepare('SELECT count(*) AS n FROM messages').get() as {n: number}).n; d.close(); return n }
    const seedT0 = performance.now()
    const perRoom = Math.ceil((TARGET_ROWS - count() - 700) / ROOMS.length)
    const filled = appendFiller(db, ROOMS.map((channel) => ({channel, senders: ['poster', ...PEERS]})), perRoom)
    const fillerS = (performance.now() - seedT0) / 1000
    hub = await startHub(mode, db, ADMIN)
    const apiT0 = performance.now()
    const viaApi = await seedObligations((who, room, msg) => call(hub.url, keys[who], 'POST', `/channels/${room}/messages`, msg))
    const total = count()
    line('seeded messages in the database', `${total}`,
      `${filled} SQL filler rows in ${fmt(fillerS, 1)} s + ${viaApi} API posts (asks, replies, debts) in ${fmt((performance.now() - apiT0) / 1000, 1)} s`)
    const ledger = await call(hub.url, keys[MEASURED], 'GET', `/channels/${ROOMS[0]}/ledger?verify=true`)
    line(`  ledger of ${ROOMS[0]} after seeding`, ledger.verified ? 'verified' : `BROKEN at ${ledger.broken_at}`, `${ledger.count} turns`)

    const owedShape = await call(hub.url, keys[MEASURED], 'GET', '/owed')
    for (let i = 0; i < 20; i++) { await call(hub.url, keys[MEASURED], 'GET', '/owed'); await call(hub.url, keys[MEASURED], 'GET', '/inbox') }
    // The read latencies below run to the response's last byte; the client's JSON.parse is left out (for the
    // ~500 KB /inbox it was ~3.4 ms of each call on this box) and printed apart on the computed lines.
    const read = async (path: string): Promise<string> => {
      const {status, text} = await exchange(hub.url, 'GET', path, {authorization: `Bearer ${keys[MEASURED]}`, 'x-agora-client': 'bench'})
      if (status !== 200) throw new Error(`GET ${path} -> ${status} ${text.slice(0, 300)}`)
      return text
    }
    const {result: owed, us: owedUs} = await hubCpu(hub, () => timed(N_READS, () => read('/owed')), 'owed')
    const {result: inbox, us: inboxUs} = await hubCpu(hub, () => timed(N_READS, () => read('/inbox')), 'inbox')
    // The same reads with a post in a room the seat is not in before each one: any write moves the database stamp,
    // so the answer memo (SQLite) cannot serve them and each is computed in full. Only the GET is timed, and the
    // hub's CPU and GC pauses are read around it alone, so a slow call shows whether the hub worked, collected or waited.
    // The first COLD_READS computations run apart and print on their own line: the memo served the repeat polls,
    // so the computation had run once and V8 still runs it unoptimized (in a probe, 6 of the 8 slowest of 300 calls).
    const afterWrite = async (path: string): Promise<{cold: number[]; ms: number[]; cpu: number[]; parse: number[]; gcMs: number; gcMax: number; gcKind: string}> => {
      const cold: number[] = [], ms: number[] = [], cpu: number[] = [], parse: number[] = []
      let gcMs = 0, gcMax = 0, gcKind = 'none'
      for (let i = 0; i < COLD_READS + N_READS; i++) {
        await call(hub.url, poster, 'POST', '/channels/bench/messages', {body: `churn ${i}`, status: 'fyi'})
        const [us0, gc0] = [await hub.cpuUs(), await hub.gc?.()]
        const t = performance.now()
        const text = await read(path)
        const wall = performance.now() - t
        const [us1, gc1] = [await hub.cpuUs(), await hub.gc?.()]
        const p0 = performance.now()
        JSON.parse(text)
        parse.push(performance.now() - p0)
        if (i < COLD_READS) { cold.push(wall); continue }
        ms.push(wall)
        cpu.push((us1 - us0) / 1000)
        if (gc0 && gc1) { gcMs += gc1.ms - gc0.ms; if (gc1.count > gc0.count && gc1.max > gcMax) [gcMax, gcKind] = [gc1.max, gc1.maxKind] }
      }
      return {cold, ms, cpu, parse, gcMs, gcMax, gcKind}
    }
    const computedLines = (r: Awaited<ReturnType<typeof afterWrite>>): void => {
      const gc = hub.gc ? `; hub GC ${fmt(r.gcMs / N_READS)} ms/call, longest pause ${fmt(r.gcMax, 1)} ms (${r.gcKind})` : ''
      line('  … after a write elsewhere (computed in full)', `${fmt(pct(r.ms, 50))} / ${fmt(pct(r.ms, 99))} ms`,
        `goal p99 < 10 ms; hub CPU p50/p99 ${fmt(pct(r.cpu, 50))} / ${fmt(pct(r.cpu, 99))} ms/call${gc}; client JSON.parse p50 ${fmt(pct(r.parse, 50))} ms, not timed`)
      line(`  … its first ${COLD_READS} computations (not above)`, `${fmt(pct(r.cold, 50))} / ${fmt(Math.max(...r.cold))} ms`,
        'p50 / max: the memo served the polls before, V8 runs the computation unoptimized')
    }
    const owedCold = await afterWrite('/owed')
    const inboxCold = await afterWrite('/inbox')
    const c = owedShape.counts ?? {}
    line(`GET /owed p50/p99 (${total} msgs), repeat poll`, `${fmt(pct(owed.ms, 50))} / ${fmt(pct(owed.ms, 99))} ms`,
      `goal p99 < 10 ms; hub CPU ${fmt(owedUs / N_READS / 1000)} ms/call; rows: to_answer ${c.to_answer}, to_consume ${c.to_consume}, to_close ${c.to_close}`)
    computedLines(owedCold)
    const envs = await call(hub.url, keys[MEASURED], 'GET', '/inbox')
    line(`GET /inbox p50/p99 (${total} msgs), repeat poll`, `${fmt(pct(inbox.ms, 50))} / ${fmt(pct(inbox.ms, 99))} ms`, `goal p99 < 10 ms; hub CPU ${fmt(inboxUs / N_READS / 1000)} ms/call; ${envs.length} envelopes`)
    computedLines(inboxCold)

    const mem = await hub.mem()
    memLine('hub RSS after the run (reference 76–78 MB)', mem)
    if (mem.rssAfterGc !== undefined) line('  hub RSS after a forced full GC', mb(mem.rssAfterGc), `V8 heap used ${mb(mem.heapUsedAfterGc)} of ${mb(mem.heapTotalAfterGc)} committed`)
    // V8 keeps the heap it grew under load until its memory reducer sees the process idle.
    await new Promise((r) => setTimeout(r, SETTLE_S * 1000))
    memLine(`hub RSS after ${SETTLE_S} s idle (settled)`, await hub.mem())
    line('total bench time', `${fmt((performance.now() - started) / 1000, 1)} s`, `load average now ${loadavg().map((x) => x.toFixed(1)).join(' ')}`)
  } finally {
    await hub.close().catch(() => undefined)
    rmSync(dir, {recursive: true, force: true})
  }
}


// `--db postgres://…` (an empty database) or `--db postgres` (a throw-away cluster): the PostgreSQL figures (pg.bench.ts).
const dbFlag = process.argv.indexOf('--db')
const dbArg = dbFlag >= 0 ? process.argv[dbFlag + 1] : process.argv.find((a) => a.startsWith('--db='))?.slice(5)
if (dbArg !== undefined) {
  if (dbArg !== 'postgres' && !/^postgres(ql)?:\/\//.test(dbArg)) throw new Error(`--db ${dbArg}: use --db postgres://user@host/emptydb, or --db postgres for a throw-away cluster (SQLite is the default without --db)`)
  await (await import('./pg.bench.js')).benchPostgres(dbArg)
  process.exit(0)
}
// `--hub=up,child` (default both). `up` is what a user runs, `child` the lean baseline for comparison.
// BENCH_PROFILE=<dir> (child only) writes <dir>/{healthz,posts,posts-warm,owed,inbox}.cpuprofile, one per measured phase.
const modes = (process.argv.find((a) => a.startsWith('--hub='))?.slice(6) ?? 'up,child').split(',')
for (const m of modes) if (m !== 'up' && m !== 'child') throw new Error(`--hub=${m}: use up, child or up,child`)
for (const m of modes) await main(m as Mode)
agent.destroy()
