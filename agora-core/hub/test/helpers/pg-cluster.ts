// A throw-away PostgreSQL cluster for tests and benches: initdb into a temp dir, serve on a free
// 127.0.0.1 port with its socket in that dir, one database per suite, stopped and deleted on exit.
// It never touches a system cluster. initdb refuses to run as root, so as root every server
// command runs as the unprivileged `postgres` user (the OS package creates it) through runuser.
import {spawn, spawnSync} from 'node:child_process'
import {chownSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync} from 'node:fs'
import {createServer} from 'node:net'
import {tmpdir} from 'node:os'
import {join} from 'node:path'
import pg from 'pg'

const PREFIX = 'agora-pg-'

export interface PgCluster {
  port: number
  dir: string
  /** A connection URL for one database of this cluster. */
  url(database: string): string
  /** Create a fresh database (empty, or a copy of `template`) and return its URL. */
  createDatabase(prefix?: string, template?: string): Promise<string>
  /** Restart the server: 'fast' is a clean shutdown, 'immediate' a crash (recovery replays the WAL). */
  restart(mode: 'fast' | 'immediate'): Promise<void>
  /** Stop the server (clean shutdown) until `up`; the cluster's files stay. */
  down(): Promise<void>
  up(): Promise<void>
  stop(): void
}

export interface ClusterOptions {
  /** true: fsync on (benches measure a server that survives power loss); false (tests): fsync off. */
  durable?: boolean
}

/** The newest PostgreSQL server binaries: $AGORA_PG_BIN, else /usr/lib/postgresql/<newest>/bin, else null. */
export function pgBinDir(): string | null {
  const fromEnv = process.env.AGORA_PG_BIN
  if (fromEnv && existsSync(join(fromEnv, 'initdb'))) return fromEnv
  const root = '/usr/lib/postgresql'
  if (!existsSync(root)) return null
  const versions = readdirSync(root).filter(v => /^\d+$/.test(v)).sort((a, b) => Number(b) - Number(a))
  for (const v of versions) if (existsSync(join(root, v, 'bin', 'initdb'))) return join(root, v, 'bin')
  return null
}

function owner(): {uid: number; gid: number} | null {
  if (process.getuid?.() !== 0) return null
  const r = spawnSync('id', ['-u', 'postgres'], {encoding: 'utf8'})
  const g = spawnSync('id', ['-g', 'postgres'], {encoding: 'utf8'})
  if (r.status !== 0 || g.status !== 0) {
    throw new Error("running as root, initdb needs an unprivileged 'postgres' user: apt-get install -y postgresql creates it")
  }
  return {uid: Number(r.stdout.trim()), gid: Number(g.stdout.trim())}
}

function run(bin: string, args: string[], asUser: boolean): void {
  const [cmd, argv] = asUser ? ['runuser', ['-u', 'postgres', '--', bin, ...args]] : [bin, args]
  // stdio ignored: pg_ctl's postmaster inherits it, and a pipe would keep spawnSync waiting forever.
  const r = spawnSync(cmd, argv, {stdio: 'ignore', timeout: 60_000})
  if (r.status !== 0) throw new Error(`${bin} ${args.join(' ')} exited ${r.status ?? r.signal}`)
}

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = createServer()
    s.once('error', reject)
    s.listen(0, '127.0.0.1', () => {
      const port = (s.address() as {port: number}).port
      s.close(() => resolve(port))
    })
  })
}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0)
    return true
  } catch {
    return false
  }
}

/** Stop and delete clusters whose owning process died without cleaning up (killed with -9). */
function reapOrphans(bin: string, asUser: boolean): void {
  for (const name of readdirSync(tmpdir())) {
    const m = name.startsWith(PREFIX) ? /^agora-pg-(\d+)-/.exec(name) : null
    if (!m || alive(Number(m[1]))) continue
    const dir = join(tmpdir(), name)
    if (existsSync(join(dir, 'data', 'postmaster.pid'))) {
      try { run(join(bin, 'pg_ctl'), ['-D', join(dir, 'data'), '-m', 'immediate', 'stop'], asUser) } catch { /* already gone */ }
    }
    rmSync(dir, {recursive: true, force: true})
  }
}

/** Start a new cluster; the caller stops it (or process exit does). */
export async function startCluster(opts: ClusterOptions = {}): Promise<PgCluster> {
  const bin = pgBinDir()
  if (!bin) throw new Error('PostgreSQL server binaries not found under /usr/lib/postgresql/*/bin: apt-get install -y postgresql (or set AGORA_PG_BIN)')
  const user = owner()
  reapOrphans(bin, user !== null)
  const dir = mkdtempSync(join(tmpdir(), `${PREFIX}${process.pid}-`))
  if (user) chownSync(dir, user.uid, user.gid)
  const data = join(dir, 'data')
  const port = await freePort()
  const asUser = user !== null
  let stopped = false
  const stop = (): void => {
    if (stopped) return
    stopped = true
    try { run(join(bin, 'pg_ctl'), ['-D', data, '-m', 'immediate', 'stop'], asUser) } catch { /* never started */ }
    rmSync(dir, {recursive: true, force: true})
  }
  process.once('exit', stop)
  try {
    run(join(bin, 'initdb'), ['-D', data, '-U', 'postgres', '-A', 'trust', '-E', 'UTF8', '--locale=C', '--no-sync'], asUser)
    const settings = [
      `port = ${port}`, "listen_addresses = '127.0.0.1'", `unix_socket_directories = '${dir}'`, 'max_connections = 200',
      ...(opts.durable ? [] : ['fsync = off', 'synchronous_commit = off', 'full_page_writes = off']),
    ]
    const conf = join(data, 'postgresql.conf')
    writeFileSync(conf, `${readFileSync(conf, 'utf8')}\n# agora throw-away cluster\n${settings.join('\n')}\n`)
    run(join(bin, 'pg_ctl'), ['-D', data, '-l', join(dir, 'server.log'), '-w', '-t', '60', 'start'], asUser)
  } catch (err) {
    const log = existsSync(join(dir, 'server.log')) ? readFileSync(join(dir, 'server.log'), 'utf8').slice(-2000) : ''
    stop()
    throw new Error(`${(err as Error).message}${log ? `\n${log}` : ''}`)
  }
  // Asynchronous, so the caller's clients keep sending while the server stops or restarts.
  const pgCtl = async (args: string[]): Promise<void> => {
    const full = [join(bin, 'pg_ctl'), '-D', data, '-w', '-t', '60', ...args]
    const [cmd, argv] = asUser ? ['runuser', ['-u', 'postgres', '--', ...full]] : [full[0]!, full.slice(1)]
    await new Promise<void>((resolve, reject) => {
      const child = spawn(cmd, argv, {stdio: 'ignore'})
      child.once('error', reject)
      child.once('exit', code => code === 0 ? resolve() : reject(new Error(`pg_ctl ${args.join(' ')} exited ${code}`)))
    })
  }
  let n = 0
  const url = (database: string): string => `postgres://postgres@127.0.0.1:${port}/${database}`
  return {
    port, dir, url, stop,
    restart: mode => pgCtl(['-m', mode, '-l', join(dir, 'server.log'), 'restart']),
    down: () => pgCtl(['-m', 'fast', 'stop']),
    up: () => pgCtl(['-l', join(dir, 'server.log'), 'start']),
    async createDatabase(prefix = 'suite', template?: string) {
      const name = `${prefix.toLowerCase().replace(/[^a-z0-9_]/g, '_')}_${process.pid}_${++n}`
      const client = new pg.Client({connectionString: url('postgres')})
      await client.connect()
      try {
        await client.query(`CREATE DATABASE ${name}${template ? ` TEMPLATE ${template}` : ''}`)
      } finally {
        await client.end()
      }
      return url(name)
    },
  }
}

let shared: Promise<PgCluster> | null = null

/** One cluster per test process, started on first use and stopped when the process exits. */
export function sharedCluster(): Promise<PgCluster> {
  shared ??= startCluster()
  return shared
}

/** A fresh, empty database on the shared cluster, for one suite. */
export async function freshDatabase(prefix?: string): Promise<string> {
  return (await sharedCluster()).createDatabase(prefix)
}

let template: Promise<string> | null = null

/**
 * A fresh database already at the hub's latest schema: a copy of one migrated template (a file
 * copy, ~4x faster than migrating each), for suites that start a hub per test. The hub still runs
 * its migrator at open and finds every step done.
 */
export async function migratedDatabase(prefix?: string): Promise<string> {
  const cluster = await sharedCluster()
  template ??= (async () => {
    const {openPostgres} = await import('../../src/db/open-pg.js')
    const tpl = await cluster.createDatabase('agora_template')
    await (await openPostgres(tpl)).close()
    return new URL(tpl).pathname.slice(1)
  })()
  return cluster.createDatabase(prefix, await template)
}
