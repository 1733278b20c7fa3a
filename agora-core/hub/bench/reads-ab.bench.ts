// A/B benchmark of GET /owed and GET /inbox at 100k messages (a script, not a test):
//   npm run bench:reads-ab -- --base <root of a built baseline checkout> [--db postgres] [--rounds 3] [--block 40] [--profile <dir>]
// One database is seeded once (the hub.bench.ts rooms, filler and debts, through the BASELINE hub), then
// copied (file copy on SQLite, CREATE DATABASE … TEMPLATE on PostgreSQL, then both ANALYZEd) so both hubs read identical rows;
// each hub then applies its own migrations. Both answers are compared (computed_at aside) before timing.
// Blocks alternate between the two hubs in ABBA order; printed per path: each hub's median CPU ms per call
// over the blocks with its spread (min–max), the ratio, storage-port queries per call, and wall p50/p99.
// --churn: before every measured call, one post (not measured) by another seat in a room the measured seat is not in,
// so no answer kept from the call before can be served: the CPU of the computation itself, read around each call.
// --keep: leave the seeded SQLite files in place. --trace: each hub's queries of one call (text, ms, rows). --profile <dir>: one more block per hub and path under the V8 profiler, written as <dir>/<side>-<path>.cpuprofile.
import {fork, type ChildProcess} from 'node:child_process'
import {copyFileSync, existsSync, mkdtempSync, rmSync} from 'node:fs'
import {Agent, request} from 'node:http'
import {loadavg, tmpdir} from 'node:os'
import {dirname, join, resolve} from 'node:path'
import {fileURLToPath} from 'node:url'
import Database from 'better-sqlite3'
import {appendFiller} from './rows.js'
import {fmt, pct} from './stats.js'
import {MEASURED, PEERS, ROOMS, seedObligations} from './seed-obligations.js'

const HERE = dirname(fileURLToPath(import.meta.url))
const ADMIN = 'bench-admin-' + 'a'.repeat(32)
const arg = (name: string): string | undefined => { const i = process.argv.indexOf(name); return i >= 0 ? process.argv[i + 1] : undefined }
const baseRoot = arg('--base')
if (!baseRoot) throw new Error('pass --base <root of a built baseline checkout>, e.g. a `git worktree add --detach` of main built with `npx tsc -b tsconfig.json`')
const ROUNDS = Number(arg('--rounds') ?? 3)
const BLOCK = Number(arg('--block') ?? 40)
const DB = arg('--db') ?? 'sqlite'
if (DB !== 'sqlite' && DB !== 'postgres') throw new Error(`--db ${DB}: use sqlite (default) or postgres (a throw-away cluster)`)
const PROFILE = arg('--profile')
const CHURN = process.argv.includes('--churn')
const TARGET_ROWS = 100_000
const PATHS = ['/owed', '/inbox'] as const
type Path = typeof PATHS[number]

interface Hub { url: string; proc: ChildProcess; agent: Agent }
interface Side { name: string; root: string; db: string; hub?: Hub; keys: Record<string, string>; cpu: Record<Path, number[]>; queries: Record<Path, number[]>; ms: Record<Path, number[]> }

async function start(root: string, db: string): Promise<Hub> {
  const proc = fork(join(HERE, 'reads-child.mjs'), [root, db, ADMIN], {stdio: ['ignore', 'inherit', 'inherit', 'ipc']})
  const url = await new Promise<string>((ok, fail) => {
    proc.once('message', (m: any) => (m?.type === 'ready' ? ok(m.url) : fail(new Error(JSON.stringify(m)))))
    proc.once('exit', (code) => fail(new Error(`hub child of ${root} exited with ${code}`)))
  })
  proc.removeAllListeners('exit')
  return {url, proc, agent: new Agent({keepAlive: true, maxSockets: 1})}
}

function ask<T>(hub: Hub, msg: unknown, type: string): Promise<T> {
  return new Promise((ok) => {
    const on = (m: any) => { if (m?.type === type) { hub.proc.off('message', on); ok(m) } }
    hub.proc.on('message', on)
    hub.proc.send(msg as any)
  })
}

async function stop(hub: Hub): Promise<void> {
  hub.agent.destroy()
  const exited = new Promise((ok) => hub.proc.once('exit', ok))
  await ask(hub, 'close', 'closed')
  await exited
}

function call(hub: Hub, key: string, method: string, path: string, body?: unknown): Promise<any> {
  const text = body === undefined ? undefined : JSON.stringify(body)
  const headers: Record<string, string> = {authorization: `Bearer ${key}`, 'content-type': 'application/json'}
  if (text !== undefined) headers['content-length'] = String(Buffer.byteLength(text))
  return new Promise((ok, fail) => {
    const req = request(hub.url + path, {method, agent: hub.agent, headers}, (res) => {
      const chunks: Buffer[] = []
      res.on('data', (c: Buffer) => chunks.push(c))
      res.on('end', () => {
        const out = Buffer.concat(chunks).toString('utf8')
        if ((res.statusCode ?? 0) >= 300) fail(new Error(`${method} ${path} -> ${res.statusCode} ${out.slice(0, 300)}`))
        else ok(out ? JSON.parse(out) : null)
      })
    })
    req.on('error', fail)
    req.end(text)
  })
}

/** Seats, private rooms, ~100k filler rows and the debts of seed-obligations.ts, written through the baseline hub. */
async function seed(root: string, db: string, fill: (perRoom: number) => Promise<number>): Promise<Record<string, string>> {
  let hub = await start(root, db)
  const register = async (id: string): Promise<string> => (await call(hub, ADMIN, 'POST', '/agents', {id})).api_key
  const poster = await register('poster')
  const keys: Record<string, string> = {[MEASURED]: await register(MEASURED), poster}
  for (const p of PEERS) keys[p] = await register(p)
  for (const room of ROOMS) {
    await call(hub, poster, 'POST', '/channels', {name: room, private: true})
    for (const who of [MEASURED, ...PEERS]) {
      const inv = await call(hub, poster, 'POST', `/channels/${room}/invites`, {agent_id: who})
      await call(hub, keys[who], 'POST', `/channels/${room}/join`, {invite_token: inv.invite_token})
    }
  }
  await call(hub, poster, 'POST', '/channels', {name: 'churn'})
  await stop(hub)
  const filled = await fill(Math.ceil((TARGET_ROWS - 710) / ROOMS.length))
  hub = await start(root, db)
  const posted = await seedObligations((who, room, msg) => call(hub, keys[who], 'POST', `/channels/${room}/messages`, msg))
  await stop(hub)
  console.log(`seeded ${filled} filler rows + ${posted} API posts through the baseline hub`)
  return keys
}

async function block(side: Side, path: Path): Promise<void> {
  const hub = side.hub!
  if (CHURN) return churnBlock(side, path)
  const s0 = await ask<{us: number; queries: number}>(hub, 'stats', 'stats')
  for (let i = 0; i < BLOCK; i++) {
    const t = performance.now()
    await call(hub, side.keys[MEASURED], 'GET', path)
    side.ms[path].push(performance.now() - t)
  }
  const s1 = await ask<{us: number; queries: number}>(hub, 'stats', 'stats')
  side.cpu[path].push((s1.us - s0.us) / BLOCK / 1000)
  side.queries[path].push((s1.queries - s0.queries) / BLOCK)
}

/** As block(), with a post before every call; the CPU is read around each call alone. */
async function churnBlock(side: Side, path: Path): Promise<void> {
  const hub = side.hub!
  let us = 0, queries = 0
  for (let i = 0; i < BLOCK; i++) {
    await call(hub, side.keys.poster, 'POST', '/channels/churn/messages', {body: `churn ${i}`})
    const s0 = await ask<{us: number; queries: number}>(hub, 'stats', 'stats')
    const t = performance.now()
    await call(hub, side.keys[MEASURED], 'GET', path)
    side.ms[path].push(performance.now() - t)
    const s1 = await ask<{us: number; queries: number}>(hub, 'stats', 'stats')
    us += s1.us - s0.us
    queries += s1.queries - s0.queries
  }
  side.cpu[path].push(us / BLOCK / 1000)
  side.queries[path].push(queries / BLOCK)
}

/** The answer without the clock it was computed at. */
const comparable = (x: any): string => JSON.stringify(x, (k, v) => (k === 'computed_at' ? undefined : v))

const dir = mkdtempSync(join(tmpdir(), 'agora-reads-ab-'))
let cluster: {stop(): void} | null = null
const sides: Side[] = []
try {
  const empty = () => ({'/owed': [], '/inbox': []})
  const mk = (name: string, root: string, db: string): Side => ({name, root, db, keys: {}, cpu: empty(), queries: empty(), ms: empty()})
  let keys: Record<string, string>
  if (DB === 'sqlite') {
    const a = join(dir, 'base.db'), b = join(dir, 'this.db')
    keys = await seed(resolve(baseRoot), a, async (perRoom) => appendFiller(a, ROOMS.map((channel) => ({channel, senders: ['poster', ...PEERS]})), perRoom))
    for (const ext of ['', '-wal']) if (existsSync(a + ext)) copyFileSync(a + ext, b + ext)
    const d = new Database(a, {readonly: true})
    console.log(`messages in the database: ${(d.prepare('SELECT count(*) AS n FROM messages').get() as {n: number}).n}`)
    d.close()
    sides.push(mk('this', resolve(HERE, '..', '..', '..'), b), mk('base', resolve(baseRoot), a))
  } else {
    const {startCluster} = await import('../test/helpers/pg-cluster.js')
    const {appendFillerPg} = await import('./pg.bench.js')
    const c = await startCluster({durable: true})
    cluster = c
    const a = await c.createDatabase('base')
    keys = await seed(resolve(baseRoot), a, (perRoom) => appendFillerPg(a, ROOMS, ['poster', ...PEERS], perRoom))
    const b = await c.createDatabase('this', new URL(a).pathname.slice(1))
    // A copy starts with no planner statistics and with activity counters at zero, so autovacuum never analyzes it:
    // its statements took seconds where the template's took milliseconds, billed to whichever hub read the copy. Both are analyzed now.
    const pg = (await import('pg')).default
    for (const url of [a, b]) {
      const client = new pg.Client({connectionString: url})
      await client.connect()
      try { await client.query('ANALYZE') } finally { await client.end() }
    }
    sides.push(mk('this', resolve(HERE, '..', '..', '..'), b), mk('base', resolve(baseRoot), a))
  }
  for (const side of sides) { side.keys = keys; side.hub = await start(side.root, side.db) }
  const [me, base] = sides
  for (const path of PATHS) {
    const [x, y] = [await call(me.hub!, keys[MEASURED], 'GET', path), await call(base.hub!, keys[MEASURED], 'GET', path)]
    if (comparable(x) !== comparable(y)) throw new Error(`GET ${path}: this checkout and the baseline answer differently`)
    const n = Array.isArray(x) ? `${x.length} envelopes` : `to_answer ${x.counts.to_answer}, to_consume ${x.counts.to_consume}, to_close ${x.counts.to_close}, waiting_on ${x.waiting_on.length}`
    console.log(`GET ${path}: both hubs answer the same (${n})`)
  }
  for (const side of sides) for (const path of PATHS) for (let i = 0; i < 20; i++) await call(side.hub!, keys[MEASURED], 'GET', path) // warm-up
  const load0 = loadavg()
  for (let r = 0; r < ROUNDS; r++) {
    for (const path of PATHS) {
      for (const side of r % 2 === 0 ? [me, base, base, me] : [base, me, me, base]) await block(side, path)
    }
  }
  const load1 = loadavg()
  console.log(`A/B /owed + /inbox on ${DB}${CHURN ? ', a post elsewhere before every call' : ''}: ${ROUNDS} rounds × 2 ABBA blocks of ${BLOCK} calls per path per hub; load average ${load0.map((x) => x.toFixed(1)).join(' ')} → ${load1.map((x) => x.toFixed(1)).join(' ')}`)
  console.log(`${'path'.padEnd(12)} ${'this CPU ms/call'.padStart(24)} ${'base CPU ms/call'.padStart(24)} ${'ratio'.padStart(7)} ${'queries this|base'.padStart(18)}   wall p50/p99 this | base (ms)`)
  const spread = (xs: number[]) => `${fmt(pct(xs, 50))} (${fmt(Math.min(...xs))}–${fmt(Math.max(...xs))})`
  for (const path of PATHS) {
    const a = pct(me.cpu[path], 50), b = pct(base.cpu[path], 50)
    console.log(`${('GET ' + path).padEnd(12)} ${spread(me.cpu[path]).padStart(24)} ${spread(base.cpu[path]).padStart(24)} ${`${fmt(a / b)}×`.padStart(7)} ${`${fmt(pct(me.queries[path], 50), 1)}|${fmt(pct(base.queries[path], 50), 1)}`.padStart(18)}   ${fmt(pct(me.ms[path], 50))}/${fmt(pct(me.ms[path], 99))} | ${fmt(pct(base.ms[path], 50))}/${fmt(pct(base.ms[path], 99))}`)
  }
  if (process.argv.includes('--trace')) {
    for (const side of sides) for (const path of PATHS) {
      await ask(side.hub!, 'trace-start', 'tracing')
      await call(side.hub!, keys[MEASURED], 'GET', path)
      const {trace} = await ask<{trace: Array<{sql: string; ms: number; rows: number}>}>(side.hub!, 'trace-stop', 'traced')
      console.log(`-- ${side.name} GET ${path}: ${trace.length} queries`)
      for (const q of trace) console.log(`  ${fmt(q.ms).padStart(6)} ms ${String(q.rows).padStart(5)} rows  ${q.sql}`)
    }
  }
  if (PROFILE) {
    for (const side of sides) for (const path of PATHS) {
      const hub = side.hub!
      await ask(hub, {type: 'profile-start'}, 'profiling')
      for (let i = 0; i < BLOCK; i++) await call(hub, keys[MEASURED], 'GET', path)
      await ask(hub, {type: 'profile-stop', file: join(resolve(PROFILE), `${side.name}-${path.slice(1)}.cpuprofile`)}, 'profiled')
    }
    console.log(`profiles written to ${resolve(PROFILE)}/{this,base}-{owed,inbox}.cpuprofile`)
  }
} finally {
  for (const side of sides) if (side.hub) await stop(side.hub).catch(() => undefined)
  cluster?.stop()
  if (process.argv.includes('--keep')) console.log(`databases kept in ${dir}`)
  else rmSync(dir, {recursive: true, force: true})
}
process.exit(0)
