// The hub on PostgreSQL (a script, not a test): `npm run bench:hub -- --db postgres://…` (an EMPTY
// database it may fill) or `--db postgres` (a throw-away durable cluster, fsync on, started and
// deleted by the bench). Loopback only, bounded loops. Figures: sequential posts/s with 10 WS
// subscribers on one process; concurrent posters through one vs two processes with the CPU split
// between hubs, PostgreSQL and the client; post→push p99 across processes; /owed and /inbox p99
// at 100k messages.
import {existsSync, readFileSync} from 'node:fs'
import {Agent, request} from 'node:http'
import {cpus, loadavg} from 'node:os'
import {dirname, join} from 'node:path'
import {fileURLToPath} from 'node:url'
import {Worker} from 'node:worker_threads'
import pg from 'pg'
import {ulid} from 'ulid'
import {WebSocket} from 'ws'
import {ledgerHash} from '@agora/protocol'
import {payloadOf} from './rows.js'
import {startHub, type HubProc} from './procs.js'
import {measureFloor} from './floor.js'
import {fmt, line, pct} from './stats.js'
import {startCluster, type PgCluster} from '../test/helpers/pg-cluster.js'
import {MEASURED, PEERS, ROOMS, seedObligations} from './seed-obligations.js'

const HERE = dirname(fileURLToPath(import.meta.url))
const ADMIN = 'bench-admin-' + 'a'.repeat(32)
const N_POSTS = 2000, N_PUSH = 200, N_READS = 200, TARGET_ROWS = 100_000, POSTERS = 16, PER_POSTER = 100
const TICK_US = 10_000
const agent = new Agent({keepAlive: true, maxSockets: 64})

function exchange(url: string, method: string, path: string, key: string, body?: unknown): Promise<{status: number; text: string}> {
  const text = body === undefined ? undefined : JSON.stringify(body)
  const headers: Record<string, string> = {authorization: `Bearer ${key}`, 'content-type': 'application/json', 'x-agora-client': 'bench'}
  if (text !== undefined) headers['content-length'] = String(Buffer.byteLength(text))
  return new Promise((resolve, reject) => {
    const req = request(url + path, {method, agent, headers}, (res) => {
      const chunks: Buffer[] = []
      res.on('data', (c: Buffer) => chunks.push(c))
      res.on('end', () => resolve({status: res.statusCode ?? 0, text: Buffer.concat(chunks).toString('utf8')}))
      res.on('error', reject)
    })
    req.on('error', reject)
    req.end(text)
  })
}

async function call(url: string, key: string, method: string, path: string, body?: unknown): Promise<any> {
  const {status, text} = await exchange(url, method, path, key, body)
  if (status < 200 || status >= 300) throw new Error(`${method} ${path} -> ${status} ${text.slice(0, 300)}`)
  return text ? JSON.parse(text) : null
}

const register = async (url: string, id: string): Promise<string> => (await call(url, ADMIN, 'POST', '/agents', {id})).api_key

function cpuOf(pid: number): number {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8')
    const f = stat.slice(stat.lastIndexOf(')') + 2).split(' ')
    return (Number(f[11]) + Number(f[12]) + Number(f[13]) + Number(f[14])) * TICK_US // utime, stime, and reaped children's
  } catch { return 0 }
}

/** CPU µs of every PostgreSQL server process (the postmaster and its children), when it runs on this machine. */
function pgCpu(cluster: PgCluster | null): () => number | null {
  const pidFile = cluster ? join(cluster.dir, 'data', 'postmaster.pid') : null
  if (!pidFile || !existsSync(pidFile)) return () => null
  const master = Number(readFileSync(pidFile, 'utf8').split('\n')[0])
  return () => {
    const kids = readFileSync(`/proc/${master}/task/${master}/children`, 'utf8').trim().split(/\s+/).filter(Boolean).map(Number)
    return [master, ...kids].reduce((sum, pid) => sum + cpuOf(pid), 0)
  }
}

function openSocket(url: string, key: string, onEnvelope: (body: string) => void): Promise<WebSocket> {
  const ws = new WebSocket(`${url.replace(/^http/, 'ws')}/ws?token=${key}`)
  ws.on('message', (d) => { const s = String(d); const m = /"body":"(push-\d+)"/.exec(s); if (m) onEnvelope(m[1]) })
  return new Promise((resolve, reject) => { ws.once('open', () => resolve(ws)); ws.once('error', reject) })
}

/** Append chained fyi filler rows to each room straight into PostgreSQL (1,000-row INSERTs), as rows.ts does for SQLite. */
export async function appendFillerPg(url: string, rooms: string[], senders: string[], perRoom: number): Promise<number> {
  const client = new pg.Client({connectionString: url})
  await client.connect()
  const cols = ['id', 'channel', 'seq', 'sender', 'kind', 'status', 'urgency', 'critical', 'downgraded', 'to_json', 'title', 'body', 'data_json', 'reply_to', 'created_at', 'hash']
  let written = 0
  try {
    for (const channel of rooms) {
      const last = (await client.query('SELECT seq, hash, created_at FROM messages WHERE channel = $1 ORDER BY seq DESC LIMIT 1', [channel])).rows[0]
      let prev = last.hash as string
      let seq = Number(last.seq)
      const t0 = Number(last.created_at)
      for (let start = 0; start < perRoom; start += 1000) {
        const values: unknown[] = []
        const tuples: string[] = []
        for (let i = start; i < Math.min(perRoom, start + 1000); i++) {
          seq++
          const row: Record<string, unknown> = {id: ulid(), channel, seq, sender: senders[i % senders.length], kind: 'message', status: 'fyi',
            urgency: 'inbox', critical: 0, downgraded: 0, to_json: '[]', title: i % 10 === 0 ? `status update ${i}` : '',
            body: `filler ${i}: ${'progress note about the build, the tests and the next step. '.repeat(3)}`, data_json: null, reply_to: null,
            created_at: t0 + (i + 1) / 1000}
          row.hash = ledgerHash(prev, payloadOf(row))
          prev = row.hash as string
          tuples.push(`(${cols.map((_, c) => `$${values.length + c + 1}`).join(',')})`)
          values.push(...cols.map(c => row[c]))
          written++
        }
        await client.query(`INSERT INTO messages (${cols.join(',')}) VALUES ${tuples.join(',')}`, values)
      }
    }
  } finally { await client.end() }
  return written
}

async function concurrent(hubs: HubProc[], keys: string[], channel: string, cpuOfPg: () => number | null) {
  const cpu0 = await Promise.all(hubs.map(h => h.cpuUs()))
  const pg0 = cpuOfPg()
  const client0 = process.cpuUsage()
  const t0 = performance.now()
  await Promise.all(keys.map(async (k, i) => {
    const hub = hubs[i % hubs.length]
    for (let n = 0; n < PER_POSTER; n++) await call(hub.url, k, 'POST', `/channels/${channel}/messages`, {body: `c${i}-${n}`, status: 'fyi'})
  }))
  const secs = (performance.now() - t0) / 1000
  const hubUs = (await Promise.all(hubs.map(h => h.cpuUs()))).map((c, i) => c - cpu0[i])
  const pgUs = pg0 === null ? null : (cpuOfPg() ?? 0) - pg0
  const c = process.cpuUsage(client0)
  return {perSec: (keys.length * PER_POSTER) / secs, secs, hubUs, pgUs, clientUs: c.user + c.system}
}

export async function benchPostgres(dbArg: string): Promise<void> {
  const started = performance.now()
  let cluster: PgCluster | null = null
  let url = dbArg
  if (dbArg === 'postgres') {
    cluster = await startCluster({durable: true})
    url = await cluster.createDatabase('bench')
  } else {
    const probe = new pg.Client({connectionString: url})
    await probe.connect()
    const used = (await probe.query("SELECT 1 FROM pg_tables WHERE schemaname = 'public' AND tablename = 'messages'")).rowCount
    await probe.end()
    if (used) throw new Error('--db names a database that already holds a hub: the bench fills it, so give it an empty one (createdb agora_bench)')
  }
  const cpuOfPg = pgCpu(cluster)
  const hubs: HubProc[] = []
  try {
    hubs.push(await startHub('child', url, ADMIN))
    const [a] = hubs
    console.log(`\nagora hub benchmark on PostgreSQL — node ${process.version}, ${cpus().length} cores, ${cluster ? 'throw-away cluster (fsync on)' : 'given server'}, load average ${loadavg().map((x) => x.toFixed(1)).join(' ')}`)
    const poster = await register(a.url, 'poster')
    await call(a.url, poster, 'POST', '/channels', {name: 'bench', private: false})
    const subs: string[] = []
    for (let i = 0; i < 50; i++) {
      const k = await register(a.url, `sub-${i}`)
      await call(a.url, k, 'POST', '/channels/bench/join', {})
      subs.push(k)
    }
    const subscribers = new Worker(join(HERE, 'subscribers.mjs'), {workerData: {url: a.url, keys: subs.slice(0, 10)}})
    await new Promise((resolve) => subscribers.once('message', resolve))
    const body = 'benchmark post: ' + 'a realistic paragraph of status text. '.repeat(5)
    for (let i = 0; i < 200; i++) await call(a.url, poster, 'POST', '/channels/bench/messages', {body, status: 'fyi'})
    const hub0 = await a.cpuUs(), pg0 = cpuOfPg()
    const ms: number[] = []
    const t0 = performance.now()
    for (let i = 0; i < N_POSTS; i++) { const t = performance.now(); await call(a.url, poster, 'POST', '/channels/bench/messages', {body, status: 'fyi'}); ms.push(performance.now() - t) }
    const perSec = N_POSTS / ((performance.now() - t0) / 1000)
    const hubPer = ((await a.cpuUs()) - hub0) / N_POSTS
    const pgPer = pg0 === null ? null : ((cpuOfPg() ?? 0) - pg0) / N_POSTS
    line('POST sequential, 1 channel, 10 WS subscribers, one process', `${fmt(perSec, 0)} posts/s`, 'goal ≥ 1,000 posts/s')
    line('  hub CPU / PostgreSQL CPU per post', `${fmt(hubPer, 0)} / ${pgPer === null ? 'n/a' : fmt(pgPer, 0)} µs`)
    line('  POST latency p50 / p99', `${fmt(pct(ms, 50))} / ${fmt(pct(ms, 99))} ms`)
    subscribers.postMessage('report')
    const {frames} = await new Promise<{frames: number}>((resolve) => subscribers.once('message', resolve))
    await subscribers.terminate()
    if (frames !== 10 * (200 + N_POSTS)) throw new Error(`the 10 subscribers received ${frames} envelope frames, expected ${10 * (200 + N_POSTS)}`)
    const floor = await measureFloor(url, body, 200, N_POSTS, cpuOfPg)
    line('floor: node:http + ws + 1 INSERT round trip', `${fmt(floor.perSec, 0)} posts/s`,
      `${fmt(floor.cpuUsPerPost, 0)} / ${floor.dbCpuUsPerPost === null ? 'n/a' : fmt(floor.dbCpuUsPerPost, 0)} µs server / PostgreSQL CPU per post (floor-child.mjs)`)
    line('  hub posts/s ÷ floor', `${fmt(perSec / floor.perSec)}×`)

    hubs.push(await startHub('child', url, ADMIN))
    const b = hubs[1]
    const arrivals = new Map<string, {got: number[]; all: () => void}>()
    const sockets = await Promise.all(subs.map((k) => openSocket(b.url, k, (marker) => {
      const e = arrivals.get(marker)
      if (e && e.got.push(performance.now()) === 50) e.all()
    })))
    const lat: number[] = []
    for (let i = 0; i < N_PUSH; i++) {
      const marker = `push-${i}`
      const got: number[] = []
      let timer: NodeJS.Timeout | undefined
      const all = new Promise<boolean>((resolve) => { arrivals.set(marker, {got, all: () => resolve(true)}); timer = setTimeout(() => resolve(false), 10_000) })
      const t = performance.now()
      await call(a.url, poster, 'POST', '/channels/bench/messages', {body: marker, status: 'fyi'})
      const complete = await all
      clearTimeout(timer)
      if (!complete) throw new Error(`push ${i}: only ${got.length}/50 subscribers on the other process received it`)
      for (const x of got) lat.push(x - t)
    }
    sockets.forEach((s) => s.close())
    line('post on A → push on B, 50 subscribers, p50/p99', `${fmt(pct(lat, 50))} / ${fmt(pct(lat, 99))} ms`)

    const keys: string[] = []
    for (let i = 0; i < POSTERS; i++) keys.push(await register(a.url, `cposter-${i}`))
    for (const ch of ['conc-one', 'conc-two']) {
      await call(a.url, poster, 'POST', '/channels', {name: ch, private: false})
      for (const k of keys) await call(a.url, k, 'POST', `/channels/${ch}/join`, {})
    }
    const one = await concurrent([a], keys, 'conc-one', cpuOfPg)
    const two = await concurrent([a, b], keys, 'conc-two', cpuOfPg)
    const split = (r: typeof one) => {
      const total = r.hubUs.reduce((x, y) => x + y, 0) + (r.pgUs ?? 0) + r.clientUs
      const share = (us: number) => `${fmt((100 * us) / total, 0)}%`
      return `CPU: ${r.hubUs.map((u, i) => `hub ${'AB'[i]} ${share(u)}`).join(', ')}, PostgreSQL ${r.pgUs === null ? 'n/a' : share(r.pgUs)}, client ${share(r.clientUs)}; ${fmt(total / r.secs / 1e6, 2)} cores busy`
    }
    line(`${POSTERS} concurrent posters × ${PER_POSTER}, one process`, `${fmt(one.perSec, 0)} posts/s`, split(one))
    line(`${POSTERS} concurrent posters × ${PER_POSTER}, two processes`, `${fmt(two.perSec, 0)} posts/s`, split(two))
    line('  two ÷ one', `${fmt(two.perSec / one.perSec, 2)}×`, 'goal ≥ 1.00× on this 2-core machine')

    const seats: Record<string, string> = {[MEASURED]: await register(a.url, MEASURED)}
    for (const p of PEERS) seats[p] = await register(a.url, p)
    for (const room of ROOMS) {
      await call(a.url, poster, 'POST', '/channels', {name: room, private: true})
      for (const who of [MEASURED, ...PEERS]) {
        const inv = await call(a.url, poster, 'POST', `/channels/${room}/invites`, {agent_id: who})
        await call(a.url, seats[who], 'POST', `/channels/${room}/join`, {invite_token: inv.invite_token})
      }
    }
    const seedT0 = performance.now()
    const existing = N_POSTS + 400 + N_PUSH + 2 * POSTERS * PER_POSTER
    const filled = await appendFillerPg(url, ROOMS, ['poster', ...PEERS], Math.ceil((TARGET_ROWS - existing - 700) / ROOMS.length))
    line('seeded filler rows straight into PostgreSQL', `${filled}`, `${fmt((performance.now() - seedT0) / 1000, 1)} s`)
    await seedObligations((who, room, msg) => call(a.url, seats[who], 'POST', `/channels/${room}/messages`, msg))
    const ledger = await call(a.url, seats[MEASURED], 'GET', `/channels/${ROOMS[0]}/ledger?verify=true`)
    line(`  ledger of ${ROOMS[0]} after seeding`, ledger.verified ? 'verified' : `BROKEN at ${ledger.broken_at}`, `${ledger.count} turns`)
    for (let i = 0; i < 20; i++) { await call(a.url, seats[MEASURED], 'GET', '/owed'); await call(a.url, seats[MEASURED], 'GET', '/inbox') }
    for (const path of ['/owed', '/inbox']) {
      const h0 = await a.cpuUs(), p0 = cpuOfPg()
      const ms: number[] = []
      for (let i = 0; i < N_READS; i++) { const t = performance.now(); await call(a.url, seats[MEASURED], 'GET', path); ms.push(performance.now() - t) }
      const pgMs = p0 === null ? 'n/a' : fmt(((cpuOfPg() ?? 0) - p0) / N_READS / 1000)
      line(`GET ${path} p50/p99 (~${TARGET_ROWS} msgs), repeat poll`, `${fmt(pct(ms, 50))} / ${fmt(pct(ms, 99))} ms`,
        `goal p99 < 10 ms; hub CPU ${fmt(((await a.cpuUs()) - h0) / N_READS / 1000)} ms/call, PostgreSQL ${pgMs} ms/call`)
      // The same read after a post in a room the seat is not in: the commit moves the snapshot the answer memo is
      // keyed by, so each is computed in full. Only the GET is timed; the hub's CPU is read around it alone.
      const cold: number[] = [], cpu: number[] = []
      for (let i = 0; i < N_READS; i++) {
        await call(a.url, poster, 'POST', '/channels/bench/messages', {body: `churn ${i}`, status: 'fyi'})
        const us0 = await a.cpuUs(), t = performance.now()
        await call(a.url, seats[MEASURED], 'GET', path)
        cold.push(performance.now() - t)
        cpu.push(((await a.cpuUs()) - us0) / 1000)
      }
      line('  … after a write elsewhere (computed in full)', `${fmt(pct(cold, 50))} / ${fmt(pct(cold, 99))} ms`,
        `goal p99 < 10 ms; hub CPU p50/p99 ${fmt(pct(cpu, 50))} / ${fmt(pct(cpu, 99))} ms/call`)
    }
    line('total bench time', `${fmt((performance.now() - started) / 1000, 1)} s`, `load average now ${loadavg().map((x) => x.toFixed(1)).join(' ')}`)
  } finally {
    for (const h of hubs) await h.close().catch(() => undefined)
    agent.destroy()
    cluster?.stop()
  }
}

