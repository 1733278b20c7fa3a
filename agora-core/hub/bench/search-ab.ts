// `npm run bench:search -- --base <root of a built baseline checkout> [--rounds N]`: the query half of
// bench:search against two hubs at once, this checkout's and the baseline's, both imported from their
// built dist into this one process (set BENCH_TRUST_DIST=1 when src is newer than dist). 10,000 messages
// are posted once through the baseline's post route, the file is copied for each hub (this one migrates
// it forward), and the same query mix runs on each in alternated ABBA blocks, so load on the shared cores
// falls on both alike. Every answer is compared between the hubs (computed_at aside) before timing.
// Two seats run the mix: the poster, in every room, and a reader in 4 of the 5 (a seat outside a room
// that holds messages: SQLite must join every match to count it, where the poster's counts come from the index).
// Cold by default: an untimed store write before each timed query moves the database's change stamp, so the
// SQLite page cache (services/search/page-cache.ts) never serves a timed query; `--warm` drops the writes.
// `--alternate`: each query on both hubs back to back instead of ABBA blocks (finer against load that drifts).
import {copyFileSync, existsSync, mkdtempSync, readdirSync, rmSync, statSync} from 'node:fs'
import {Agent, request} from 'node:http'
import {loadavg, tmpdir} from 'node:os'
import {dirname, join, resolve} from 'node:path'
import {fileURLToPath} from 'node:url'
import {corpus, KINDS, ROOMS} from './search-corpus.js'
import {fmt, pct} from './stats.js'

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..', '..')
const ADMIN = 'bench-admin-' + 'c'.repeat(32)
const N_MESSAGES = 10_000, N_QUERIES = 300
// The poster is in every room (SQLite counts from the index); the reader is in 4 of 5 (every match is joined).
const LABELS = [...KINDS, ...KINDS.map((k) => `${k}, 4 of 5 rooms`)]

type CreateHub = (o: Record<string, unknown>) => Promise<{url: string; close(): Promise<void>}>
interface Side {name: string; root: string; url: string; close(): Promise<void>; agent: Agent; clock: {offset: number}; ms: number[][]; cpu: number[][]; blockP99: number[][]; blockCpu: number[][]}

function newest(dir: string): number {
  if (!existsSync(dir)) return 0
  return Math.max(0, ...readdirSync(dir, {recursive: true, withFileTypes: true}).filter((e) => e.isFile())
    .map((e) => statSync(join(e.parentPath, e.name)).mtimeMs))
}

async function hubOf(root: string): Promise<CreateHub> {
  const hub = join(root, 'agora-core', 'hub')
  if (process.env.BENCH_TRUST_DIST !== '1' && newest(join(hub, 'dist')) < newest(join(hub, 'src'))) {
    throw new Error(`${hub}/dist is older than its src: run \`npx tsc -b tsconfig.json\` there (or set BENCH_TRUST_DIST=1)`)
  }
  return (await import(join(hub, 'dist', 'index.js')) as {createHub: CreateHub}).createHub
}

function call(url: string, agent: Agent, key: string, method: string, path: string, body?: unknown): Promise<any> {
  const payload = body === undefined ? undefined : JSON.stringify(body)
  const headers: Record<string, string> = {authorization: `Bearer ${key}`, 'content-type': 'application/json'}
  if (payload) headers['content-length'] = String(Buffer.byteLength(payload))
  return new Promise((done, fail) => {
    const req = request(url + path, {method, agent, headers}, (res) => {
      const chunks: Buffer[] = []
      res.on('data', (c: Buffer) => chunks.push(c))
      res.on('end', () => {
        const text = Buffer.concat(chunks).toString('utf8')
        if ((res.statusCode ?? 0) >= 300) fail(new Error(`${method} ${path} -> ${res.statusCode} ${text.slice(0, 200)}`))
        else done(JSON.parse(text))
      })
    })
    req.on('error', fail)
    req.end(payload)
  })
}

async function open(name: string, root: string, createHub: CreateHub, db: string): Promise<Side> {
  const clock = {offset: 0}
  const hub = await createHub({db, host: '127.0.0.1', port: 0, adminKey: ADMIN, ratePerMinute: 10_000_000, writeRatePerMinute: 10_000_000,
    notifyDir: null, voteSweepMs: 3_600_000, now: () => Date.now() / 1000 + clock.offset})
  const rows = () => LABELS.map(() => [] as number[])
  return {name, root, url: hub.url, close: () => hub.close(), agent: new Agent({keepAlive: true, maxSockets: 1}), clock, ms: rows(), cpu: rows(), blockP99: rows(), blockCpu: rows()}
}

function search(side: Side, key: string, q: string): Promise<any> {
  side.clock.offset += 2 // the seat's search bucket refills one token per 2 s of hub time
  return call(side.url, side.agent, key, 'GET', `/search?q=${encodeURIComponent(q)}&limit=10`)
}

/** An untimed store write outside every searched key prefix: it moves the database's change stamp, so the next search is computed afresh. */
const tick = (side: Side, key: string, i: number): Promise<any> => call(side.url, side.agent, key, 'PUT', `/channels/${ROOMS[1]}/store/bench-tick`, {value: i})

async function block(side: Side, keys: string[], queries: string[], ticker: string | null): Promise<void> {
  const ms = LABELS.map(() => [] as number[]), cpu = LABELS.map(() => [] as number[])
  for (const [s, key] of keys.entries()) {
    for (let i = 0; i < queries.length; i++) {
      if (ticker !== null) await tick(side, ticker, i)
      const t = performance.now()
      const c0 = process.cpuUsage()
      await search(side, key, queries[i])
      const c = process.cpuUsage(c0)
      ms[s * 6 + (i % 6)].push(performance.now() - t)
      cpu[s * 6 + (i % 6)].push((c.user + c.system) / 1000)
    }
  }
  record(side, ms, cpu)
}

/** One block's figures per kind onto the side's totals. */
function record(side: Side, ms: number[][], cpu: number[][]): void {
  LABELS.forEach((_, k) => {
    side.ms[k].push(...ms[k]); side.cpu[k].push(...cpu[k])
    side.blockP99[k].push(pct(ms[k], 99)); side.blockCpu[k].push(cpu[k].reduce((a, b) => a + b, 0) / cpu[k].length)
  })
}

/**
 * `--alternate`: every query runs on both hubs back to back (this then base, base then this for the next), so load
 * that drifts over a 300-query block falls on both alike; a round is one block per hub. Each hub still gets its own
 * store write before its query when cold.
 */
async function alternated(sides: Side[], keys: string[], queries: string[], ticker: string | null, round: number): Promise<void> {
  const acc = sides.map(() => ({ms: LABELS.map(() => [] as number[]), cpu: LABELS.map(() => [] as number[])}))
  let n = round
  for (const [s, key] of keys.entries()) {
    for (let i = 0; i < queries.length; i++) {
      for (const j of n++ % 2 === 0 ? [0, 1] : [1, 0]) {
        if (ticker !== null) await tick(sides[j], ticker, i)
        const t = performance.now()
        const c0 = process.cpuUsage()
        await search(sides[j], key, queries[i])
        const c = process.cpuUsage(c0)
        acc[j].ms[s * 6 + (i % 6)].push(performance.now() - t)
        acc[j].cpu[s * 6 + (i % 6)].push((c.user + c.system) / 1000)
      }
    }
  }
  sides.forEach((side, j) => record(side, acc[j].ms, acc[j].cpu))
}

const spread = (xs: number[]): string => `${fmt(pct(xs, 50))} (${fmt(Math.min(...xs))}–${fmt(Math.max(...xs))})`

export async function searchAb(baseRoot: string, rounds: number, warm: boolean, alternate = false): Promise<void> {
  const dir = mkdtempSync(join(tmpdir(), 'agora-search-ab-'))
  const sides: Side[] = []
  try {
    const [mine, base] = [await hubOf(ROOT), await hubOf(resolve(baseRoot))]
    const gen = corpus(42)
    // Seeded once by the baseline (its schema is the older one; this hub migrates its copy forward).
    const seed = await open('seed', baseRoot, base, join(dir, 'seed.db'))
    const key = (await call(seed.url, seed.agent, ADMIN, 'POST', '/agents', {id: 'poster'})).api_key as string
    for (const room of ROOMS) await call(seed.url, seed.agent, key, 'POST', '/channels', {name: room, private: true})
    const reader = (await call(seed.url, seed.agent, ADMIN, 'POST', '/agents', {id: 'reader'})).api_key as string
    for (const room of ROOMS.slice(1)) {
      const invite = await call(seed.url, seed.agent, key, 'POST', `/channels/${room}/invites`, {agent_id: 'reader'})
      await call(seed.url, seed.agent, reader, 'POST', `/channels/${room}/join`, {invite_token: invite.invite_token})
    }
    for (let i = 0; i < N_MESSAGES; i++) {
      await call(seed.url, seed.agent, key, 'POST', `/channels/${ROOMS[i % ROOMS.length]}/messages`, {body: gen.sentence(24), title: i % 7 === 0 ? gen.sentence(4) : ''})
      if (i % 2000 === 1999) process.stderr.write(`seeded ${i + 1} messages\n`)
    }
    seed.agent.destroy()
    await seed.close()
    for (const name of ['this', 'base']) for (const ext of ['', '-wal', '-shm']) if (existsSync(join(dir, `seed.db${ext}`))) copyFileSync(join(dir, `seed.db${ext}`), join(dir, `${name}.db${ext}`))
    sides.push(await open('this', ROOT, mine, join(dir, 'this.db')), await open('base', baseRoot, base, join(dir, 'base.db')))
    const queries = Array.from({length: N_QUERIES}, (_, i) => gen.query(i))
    // Warm-up pass on each, and the answers compared: a speed-up must not change what a seat sees — each section's
    // total and its hits in order, by identity (a hit's `ref`; before the reference's hit shape, its id, key or path).
    const SECTIONS = ['decisions', 'open_threads', 'work', 'people', 'files', 'messages']
    const seen = (r: any): string => JSON.stringify([r.relaxed, ...SECTIONS.map((s) => [r[s].total, r[s].hits.map((h: any) => h.kind ? h.ref : h.id ?? h.key ?? h.path)])])
    let differ = 0
    for (const q of [...queries, ...queries.map((q) => ({reader: q}))]) {
      const [who, text] = typeof q === 'string' ? [key, q] : [reader, q.reader]
      const [a, b] = await Promise.all(sides.map((s) => search(s, who, text)))
      if (seen(a) !== seen(b) && differ++ === 0) console.log(`answers differ for q=${text}:\n this ${seen(a).slice(0, 400)}\n base ${seen(b).slice(0, 400)}`)
    }
    const load0 = loadavg()
    for (let r = 0; r < rounds; r++) {
      if (alternate) { await alternated(sides, [key, reader], queries, warm ? null : key, r); continue }
      const order = r % 2 === 0 ? [sides[0], sides[1], sides[1], sides[0]] : [sides[1], sides[0], sides[0], sides[1]]
      for (const side of order) await block(side, [key, reader], queries, warm ? null : key)
    }
    const load1 = loadavg()
    const [me, bs] = sides
    console.log(alternate ? `search A/B: ${N_MESSAGES} messages, ${rounds} rounds of ${N_QUERIES} queries per seat, each query on both hubs back to back (order alternating); base ${resolve(baseRoot)}`
      : `search A/B: ${N_MESSAGES} messages, ${rounds} rounds × 2 ABBA blocks of ${N_QUERIES} queries per seat per hub; base ${resolve(baseRoot)}`)
    console.log(warm ? 'warm: the same queries again with no write between (a hub may answer a repeat from its page cache)'
      : 'cold: an untimed store write before every query, so no answer is reused (--warm: without)')
    console.log(`load average ${load0.map((x) => x.toFixed(1)).join(' ')} → ${load1.map((x) => x.toFixed(1)).join(' ')}; answers identical for ${2 * N_QUERIES - differ} of ${2 * N_QUERIES} queries (two seats)`)
    console.log(`per kind: median over ${alternate ? 'rounds' : 'blocks'} (min–max); CPU = process CPU per query (both hubs share this process)`)
    console.log(`${'kind'.padEnd(34)} ${'p99 ms this'.padStart(22)} ${'p99 ms base'.padStart(22)} ${'CPU ms this'.padStart(22)} ${'CPU ms base'.padStart(22)} ${'CPU ratio'.padStart(9)}`)
    LABELS.forEach((kind, k) => {
      const ratio = pct(me.blockCpu[k], 50) / pct(bs.blockCpu[k], 50)
      console.log(`${kind.padEnd(34)} ${spread(me.blockP99[k]).padStart(22)} ${spread(bs.blockP99[k]).padStart(22)} ${spread(me.blockCpu[k]).padStart(22)} ${spread(bs.blockCpu[k]).padStart(22)} ${`${fmt(ratio)}×`.padStart(9)}`)
    })
    for (const s of sides) {
      const all = s.ms.flat(), cpu = s.cpu.flat()
      console.log(`${s.name}: all queries of both seats p50 / p95 / p99 ${fmt(pct(all, 50))} / ${fmt(pct(all, 95))} / ${fmt(pct(all, 99))} ms, CPU mean / p99 ${fmt(cpu.reduce((a, b) => a + b, 0) / cpu.length)} / ${fmt(pct(cpu, 99))} ms`)
    }
  } finally {
    for (const s of sides) { s.agent.destroy(); await s.close() }
    rmSync(dir, {recursive: true, force: true})
  }
}
