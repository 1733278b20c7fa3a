// The hub processes under benchmark. `up`: what a user runs, `node bin/run.js up` (one process; a waiting
// parent plus a hub child when AGORA_HUB_NODE_OPTIONS asks for node flags); `child`: hub-child.mjs alone.
// CPU and RSS come from /proc for `up` (no IPC there) and from the child itself for `child`.
import {fork, spawn, type ChildProcess} from 'node:child_process'
import {chmodSync, existsSync, mkdirSync, readdirSync, readFileSync, statSync, writeFileSync} from 'node:fs'
import {dirname, join} from 'node:path'
import {fileURLToPath} from 'node:url'

const HERE = dirname(fileURLToPath(import.meta.url))
const ROOT = join(HERE, '..', '..', '..')
const TICK_US = 10_000 // USER_HZ is 100 on Linux

export type Mode = 'up' | 'child'
export interface Mem { rss: number; cliRss?: number; heapUsed?: number; external?: number; rssAfterGc?: number; heapUsedAfterGc?: number; heapTotalAfterGc?: number; rssAnon?: number; rssFile?: number; rssShmem?: number }
export interface HubProc {
  url: string; mode: Mode; label: string; cpuUs(): Promise<number>; mem(): Promise<Mem>; close(): Promise<void>
  /** `child` only: profile the hub while `fn` runs, into `file` (.cpuprofile). */
  profile?<T>(file: string, fn: () => Promise<T>): Promise<T>
  /** `child` only: the hub's GC pauses so far (ms, count) and the longest since the last ask. */
  gc?(): Promise<{ms: number; count: number; max: number; maxKind: string}>
}

/** Newest modification time of any file under `dir` (0 when it does not exist). */
function newest(dir: string): number {
  if (!existsSync(dir)) return 0
  return Math.max(0, ...readdirSync(dir, {recursive: true, withFileTypes: true}).filter((e) => e.isFile())
    .map((e) => statSync(join(e.parentPath ?? e.path, e.name)).mtimeMs))
}

const statusKb = (status: string, key: string): number => Number(new RegExp(`${key}:\\s+(\\d+)`).exec(status)?.[1] ?? 0) * 1024
const rssOf = (pid: number): number => statusKb(readFileSync(`/proc/${pid}/status`, 'utf8'), 'VmRSS')
function memOf(pid: number): Mem {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8')
  return {rss: statusKb(status, 'VmRSS'), rssAnon: statusKb(status, 'RssAnon'), rssFile: statusKb(status, 'RssFile'), rssShmem: statusKb(status, 'RssShmem')}
}
function cpuOf(pid: number): number {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8')
  const f = stat.slice(stat.lastIndexOf(')') + 2).split(' ')
  return (Number(f[11]) + Number(f[12])) * TICK_US // utime, stime
}

function exited(proc: ChildProcess): Promise<void> {
  return proc.exitCode !== null || proc.signalCode !== null ? Promise.resolve() : new Promise((resolve) => proc.once('exit', () => resolve()))
}

export async function startHub(mode: Mode, db: string, adminKey: string): Promise<HubProc> {
  return mode === 'up' ? startUp(db, adminKey) : startChild(db, adminKey)
}

/** `agora up` exactly as a user starts it; the admin key is pre-seeded in the home's config.json. */
async function startUp(db: string, adminKey: string): Promise<HubProc> {
  if (newest(join(ROOT, 'plugins', 'plugin-hub', 'dist')) < newest(join(ROOT, 'plugins', 'plugin-hub', 'src'))) {
    throw new Error('plugins/plugin-hub/dist is older than src: run `npx tsc -b bin plugins/plugin-hub` first')
  }
  const home = join(dirname(db), 'home')
  if (!existsSync(home)) {
    mkdirSync(home, {mode: 0o700})
    writeFileSync(join(home, 'config.json'), JSON.stringify({admin_key: adminKey, db_path: db}), {mode: 0o600})
    chmodSync(join(home, 'config.json'), 0o600)
  }
  const proc = spawn(process.execPath, [join(ROOT, 'bin', 'run.js'), 'up', '--port', '0', '--db', db, '--home', home, '--notify-dir', ''], {
    cwd: ROOT, env: {...process.env, AGORA_RATE_PER_MINUTE: '10000000', AGORA_WRITE_RATE_PER_MINUTE: '10000000'}, stdio: ['ignore', 'pipe', 'inherit'],
  })
  let out = ''
  const url = await new Promise<string>((resolve, reject) => {
    proc.stdout!.on('data', (d) => { out += d; const m = /listening on (http:\/\/[\d.:]+)/.exec(out); if (m) resolve(m[1]) })
    proc.once('exit', (code) => reject(new Error(`agora up exited with ${code}: ${out}`)))
  })
  proc.removeAllListeners('exit')
  // One process unless AGORA_HUB_NODE_OPTIONS asks for node flags; then the hub is its one child.
  const kids = readFileSync(`/proc/${proc.pid}/task/${proc.pid}/children`, 'utf8').trim().split(/\s+/).filter(Boolean).map(Number)
  if (kids.length > 1) throw new Error(`agora up has ${kids.length} child processes, expected none or the one hub process`)
  const hubPid = kids[0] ?? proc.pid!
  const flags = readFileSync(`/proc/${hubPid}/cmdline`, 'utf8').split('\0').filter((a) => a.startsWith('--max') || a.startsWith('--optimize')).join(' ')
  return {
    url, mode: 'up',
    label: kids.length ? `agora up (waiting parent + hub child: node ${flags} serve.js)` : 'agora up (one process: bin/run.js up, no oclif)',
    cpuUs: async () => cpuOf(hubPid),
    mem: async () => ({...memOf(hubPid), ...(kids.length ? {cliRss: rssOf(proc.pid!)} : {})}),
    close: async () => { proc.kill('SIGTERM'); await exited(proc) },
  }
}

export interface Forked { proc: ChildProcess; url: string; ask<T>(msg: unknown, type: string): Promise<T>; cpuUs(): Promise<number>; close(): Promise<void> }

/**
 * A server script forked with IPC that sends `{type: 'ready', url}` once listening and answers `'cpu'` with
 * `{type: 'cpu', us}` and `'close'` with `{type: 'closed'}` (hub-child.mjs, floor-child.mjs, check-floor-child.mjs).
 */
export async function forkServer(file: string, args: string[], execArgv: string[] = []): Promise<Forked> {
  const proc = fork(file, args, {execArgv, stdio: ['ignore', 'inherit', 'inherit', 'ipc']})
  const url = await new Promise<string>((resolve, reject) => {
    proc.once('message', (m: any) => (m?.type === 'ready' ? resolve(m.url) : reject(new Error(JSON.stringify(m)))))
    proc.once('exit', (code) => reject(new Error(`${file} exited with ${code}`)))
  })
  proc.removeAllListeners('exit')
  const ask = <T>(msg: unknown, type: string): Promise<T> => new Promise((resolve) => {
    const on = (m: any) => { if (m?.type === type) { proc.off('message', on); resolve(m) } }
    proc.on('message', on)
    proc.send(msg as string)
  })
  return {proc, url, ask, cpuUs: async () => (await ask<{us: number}>('cpu', 'cpu')).us,
    close: async () => { if (proc.connected) await ask('close', 'closed'); await exited(proc) }}
}

/** The previous baseline: hub-child.mjs (compiled dist when up to date, else source through tsx), no V8 flags. */
async function startChild(db: string, adminKey: string): Promise<HubProc> {
  const dist = join(HERE, '..', 'dist', 'index.js')
  // BENCH_TRUST_DIST=1: measure the built dist even when src is newer (someone is editing src meanwhile).
  const fresh = process.env.BENCH_TRUST_DIST === '1' || newest(join(HERE, '..', 'dist')) >= newest(join(HERE, '..', 'src'))
  const useDist = fresh && existsSync(dist) && (await import(dist)).createHub !== undefined
  const extra = process.env.AGORA_HUB_NODE_OPTIONS?.trim().split(/\s+/) ?? []
  const execArgv = [...extra, ...(useDist ? ['--expose-gc'] : ['--expose-gc', '--import=tsx', '--conditions=agora-source'])]
  const {proc, url, ask} = await forkServer(join(HERE, 'hub-child.mjs'), [db, adminKey], execArgv)
  return {
    url, mode: 'child',
    label: `lean child (hub-child.mjs, no V8 flags, ${useDist ? 'dist' : 'source via tsx: dist missing or older than src, RSS includes the tsx loader'})`,
    cpuUs: async () => (await ask<{us: number}>('cpu', 'cpu')).us,
    mem: () => ask<Mem>('rss', 'rss'),
    gc: () => ask<{ms: number; count: number; max: number; maxKind: string}>('gc', 'gc'),
    profile: async (file, fn) => {
      await ask({type: 'profile-start'}, 'profiling')
      try { return await fn() } finally { await ask({type: 'profile-stop', file}, 'profiled') }
    },
    // The child exits by itself after 'closed' (so --cpu-prof and friends can write); kill only a straggler.
    close: async () => {
      if (proc.connected) await ask('close', 'closed')
      await Promise.race([exited(proc), new Promise((resolve) => setTimeout(resolve, 10_000).unref())])
      proc.kill()
      await exited(proc)
    },
  }
}
