/**
 * The lease gate's cost, the hook path a harness runs before every file write (`npm run bench:lease`):
 *  1. the hub route alone: POST /leases/check round trips on one kept-alive loopback connection to a
 *     hub in its own process, and that process's CPU per check (what other load on the box barely moves);
 *  2. the gate in-process: payload → repository path (workspace id cached in .git) → the check;
 *  3. the whole `agora hook PreToolUse` process a harness spawns, beside a bare `node -e 0` start.
 * The workspace holds 50 live leases from other seats among 1,000 other store rows.
 * LEASE_BENCH_N / LEASE_BENCH_SPAWNS override the sample sizes. LEASE_BENCH_BASE_BIN (an older entry
 * script taking the same argv) is spawned alternately with this checkout's, so a loaded box slows both alike.
 */
import {AgoraClient} from '@agora/client'
import {cacheKey, findWorkspace} from '@agora/home'
import {execFileSync, spawn} from 'node:child_process'
import {mkdirSync, mkdtempSync, realpathSync, rmSync} from 'node:fs'
import {Agent, request} from 'node:http'
import {loadavg, tmpdir} from 'node:os'
import {dirname, join, resolve} from 'node:path'
import {fileURLToPath} from 'node:url'

import {startHub} from '../../../agora-core/hub/bench/procs.js'
import {postCheck} from '../src/hook/gate-main.js'
import {leaseGate} from '../src/hook/lease-gate.js'

const REPO = resolve(dirname(fileURLToPath(import.meta.url)), '../../..')
const AGORA = join(REPO, 'bin', 'run.js')
const ADMIN = 'lease-bench-admin-' + 'a'.repeat(24)
const N = Number(process.env.LEASE_BENCH_N ?? 2000)
const SPAWNS = Number(process.env.LEASE_BENCH_SPAWNS ?? 40)
const BASE_BIN = process.env.LEASE_BENCH_BASE_BIN

const pct = (values: number[], p: number): number => {
  const sorted = [...values].sort((a, b) => a - b)
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))]
}
const report = (label: string, ms: number[], goal = ''): void => {
  const text = `min ${ms.reduce((a, b) => Math.min(a, b)).toFixed(2)}  median ${pct(ms, 50).toFixed(2)}  p99 ${pct(ms, 99).toFixed(2)} ms`
  console.log(`${label.padEnd(46)} ${text.padStart(44)}   ${goal}`)
}

const agent = new Agent({keepAlive: true, maxSockets: 1})
function post(url: string, key: string, path: string, body: unknown): Promise<{status: number; text: string}> {
  const payload = JSON.stringify(body)
  return new Promise((done, fail) => {
    const req = request(url + path, {method: 'POST', agent, headers: {authorization: `Bearer ${key}`, 'content-type': 'application/json', 'content-length': String(Buffer.byteLength(payload))}}, (res) => {
      const chunks: Buffer[] = []
      res.on('data', (c: Buffer) => chunks.push(c))
      res.on('end', () => done({status: res.statusCode ?? 0, text: Buffer.concat(chunks).toString('utf8')}))
    })
    req.on('error', fail)
    req.end(payload)
  })
}

function spawnTimed(argv: string[], input: string, cwd: string): Promise<{ms: number; stdout: string}> {
  return new Promise((done) => {
    const t0 = performance.now()
    const child = spawn(process.execPath, argv, {cwd, stdio: ['pipe', 'pipe', 'ignore']})
    let stdout = ''
    child.stdout.on('data', (d) => (stdout += d))
    child.on('close', () => done({ms: performance.now() - t0, stdout}))
    child.stdin.end(input)
  })
}

async function main(): Promise<void> {
  const root = realpathSync(mkdtempSync(join(tmpdir(), 'agora-lease-bench-')))
  const hub = await startHub('child', join(root, 'hub.db'), ADMIN)
  try {
    const admin = new AgoraClient({url: hub.url, adminKey: ADMIN})
    const seats: Record<string, AgoraClient> = {}
    const home = join(root, 'home')
    for (const id of ['writer', 'peer-a', 'peer-b']) {
      const key = (await admin.registerAgent({id})).api_key
      seats[id] = admin.withApiKey(key)
      cacheKey(home, hub.url, id, key)
    }
    await seats.writer.createChannel('build', {private: false})
    for (const id of ['peer-a', 'peer-b']) await seats[id].joinChannel('build')
    const repo = join(root, 'app')
    mkdirSync(join(repo, 'src', 'api'), {recursive: true})
    execFileSync('git', ['init', '-q', '-b', 'main'], {cwd: repo})
    execFileSync('git', ['-c', 'user.email=a@b', '-c', 'user.name=a', 'commit', '-q', '--allow-empty', '-m', 'root'], {cwd: repo})
    const workspace = findWorkspace(repo)!.id
    for (let i = 0; i < 1000; i++) await seats['peer-b'].storePut('build', `claim:task-${i}`, {owner: 'peer-b', status: 'open'})
    for (let i = 0; i < 40; i++) await seats['peer-a'].leaseTake('build', {workspace, paths: [`src/mod${i}/file${i}.ts`]})
    for (let i = 0; i < 10; i++) await seats['peer-b'].leaseTake('build', {workspace, paths: [`pkg${i}/**/*.ts`]})
    await seats['peer-a'].leaseTake('build', {workspace, paths: ['src/api/**']})
    const key = (seats.writer as unknown as {apiKey: string}).apiKey

    console.log(`lease gate bench: ${N} checks, ${SPAWNS} process spawns; 51 live leases, 1,000 other store rows; loadavg ${loadavg().map((l) => l.toFixed(2)).join(' ')}`)

    const route: number[] = []
    let cpu0 = 0
    for (let i = 0; i < N + 200; i++) {
      if (i === 200) cpu0 = await hub.cpuUs()
      const t0 = performance.now()
      const r = await post(hub.url, key, '/leases/check', {workspace, paths: [i % 2 ? 'src/api/users.ts' : `src/free/file${i}.ts`]})
      if (r.status !== 200) throw new Error(`check answered ${r.status}: ${r.text}`)
      if (i >= 200) route.push(performance.now() - t0)
    }
    const cpuPerCheck = (await hub.cpuUs() - cpu0) / N / 1000
    report('hub route alone (POST /leases/check)', route, 'goal: p99 < 2 ms')
    console.log(`${'hub process CPU per check (mean)'.padEnd(46)} ${`${cpuPerCheck.toFixed(3)} ms`.padStart(44)}`)

    const gate: number[] = []
    const check = (ws: string, paths: string[]) => postCheck(hub.url, key, ws, paths)
    for (let i = 0; i < N + 200; i++) {
      const payload = {tool_name: 'Write', tool_input: {file_path: join(repo, 'src', i % 2 ? 'api' : 'free', `f${i}.ts`)}, cwd: repo}
      const t0 = performance.now()
      const out = await leaseGate(payload, ['file_path'], check)
      if (out.outcome !== (i % 2 ? 'held' : 'clear')) throw new Error(`gate said ${out.outcome}`)
      if (i >= 200) gate.push(performance.now() - t0)
    }
    report('gate in-process (path → workspace → check)', gate, 'goal: p99 < 2 ms')

    const bare: number[] = []
    const whole: number[] = []
    const base: number[] = []
    const input = JSON.stringify({tool_name: 'Write', tool_input: {file_path: join(repo, 'src', 'api', 'users.ts')}, cwd: repo})
    const argv = [AGORA, 'hook', 'PreToolUse', '--as', 'writer', '--url', hub.url, '--home', home, '--path-field', 'file_path']
    for (let i = 0; i < SPAWNS; i++) {
      bare.push((await spawnTimed(['-e', '0'], '', repo)).ms)
      const run = await spawnTimed(argv, input, repo)
      if (!run.stdout.includes('"permissionDecision":"deny"')) throw new Error(`the hook did not deny: ${run.stdout}`)
      whole.push(run.ms)
      if (BASE_BIN) {
        const old = await spawnTimed([BASE_BIN, ...argv.slice(1)], input, repo)
        if (!old.stdout.includes('"permissionDecision":"deny"')) throw new Error(`the base hook did not deny: ${old.stdout}`)
        base.push(old.ms)
      }
    }
    report('bare node start (node -e 0)', bare)
    report('whole `agora hook PreToolUse` process', whole, 'node start + module load dominate')
    const own = pct(whole, 50) - pct(bare, 50)
    console.log(`${"hook's own (median − bare median)".padEnd(46)} ${`${own.toFixed(1)} ms`.padStart(44)}`)
    if (BASE_BIN) {
      report(`base ${BASE_BIN}`, base)
      const baseOwn = pct(base, 50) - pct(bare, 50)
      console.log(`${"base's own; own/base".padEnd(46)} ${`${baseOwn.toFixed(1)} ms; ${(own / baseOwn).toFixed(2)}`.padStart(44)}`)
    }
  } finally {
    agent.destroy()
    await hub.close()
    rmSync(root, {recursive: true, force: true})
  }
}

await main()
