// What `agora up` needs before the hub starts: flags + env + config resolved and checked, and the
// command line of a hub child when node flags are asked for. Kept free of @agora/hub so a parent
// that only waits on that child stays small.
import {existsSync} from 'node:fs'
import {dirname, join, resolve} from 'node:path'
import {fileURLToPath} from 'node:url'
import {readConfig, resolveHome} from '@agora/home'

export interface UpFlags {
  host?: string
  port?: number
  db?: string
  home?: string
  'notify-dir'?: string
}

/** The flags of `agora up`, as data: the oclif command and the lean launcher (launch.ts) both read them. */
export interface UpFlagSpec { type: 'string' | 'integer'; description: string; min?: number; max?: number }
export const UP_FLAGS: Record<keyof UpFlags, UpFlagSpec> = {
  host: {type: 'string', description: 'interface to bind (default 127.0.0.1; env AGORA_HOST)'},
  port: {type: 'integer', description: 'TCP port, 0 picks a free one (default 8765; env AGORA_PORT)', min: 0, max: 65535},
  db: {type: 'string', description: 'SQLite database file or postgres://user@host:5432/db URL (default <home>/agora.db; env AGORA_DB)'},
  home: {type: 'string', description: 'agora home directory (default ~/.agora; env AGORA_HOME)'},
  'notify-dir': {type: 'string', description: "where per-seat notify files go (default: the home); '' disables them"},
}

export interface UpSettings {
  home: string
  host: string
  port: number
  db: string
  ratePerMinute: number
  writeRatePerMinute: number
  toCloseMinAge: number
  notifyDir: string | null
  /** Stop when the launching process dies (default); AGORA_STOP_WITH_PARENT=0 keeps serving, e.g. under `nohup ... &`. */
  stopWithParent: boolean
}

function envNumber(env: NodeJS.ProcessEnv, name: string, fallback: number, allowZero: boolean): number {
  const raw = env[name]?.trim()
  if (!raw) return fallback
  const n = Number(raw)
  if (!Number.isFinite(n) || n < 0 || (!allowZero && n === 0)) {
    throw new Error(`${name}=${raw} is not a ${allowZero ? 'non-negative' : 'positive'} number; unset it or fix it`)
  }
  return n
}

/** Flags win over env (AGORA_HOST, AGORA_PORT, AGORA_DB, AGORA_HOME), which win over config.json. */
export function resolveUpSettings(flags: UpFlags, env: NodeJS.ProcessEnv = process.env): UpSettings {
  const home = flags.home ? resolve(flags.home) : resolveHome(env)
  const stored = existsSync(join(home, 'config.json')) ? readConfig(home) : {}
  const port = flags.port ?? envNumber(env, 'AGORA_PORT', 8765, true)
  if (!Number.isInteger(port) || port > 65535) throw new Error(`port ${port} is not a TCP port; use 0-65535 (0 picks a free one)`)
  const notify = flags['notify-dir'] ?? env.AGORA_NOTIFY_DIR
  return {
    home,
    host: flags.host ?? (env.AGORA_HOST?.trim() || '127.0.0.1'),
    port,
    db: dbSetting(flags.db ?? (env.AGORA_DB?.trim() || stored.db_path || join(home, 'agora.db'))),
    ratePerMinute: envNumber(env, 'AGORA_RATE_PER_MINUTE', 60, false),
    writeRatePerMinute: envNumber(env, 'AGORA_WRITE_RATE_PER_MINUTE', 120, false),
    toCloseMinAge: envNumber(env, 'AGORA_TO_CLOSE_MIN_AGE', 300, true),
    notifyDir: notify === undefined ? home : notify === '' ? null : resolve(notify),
    stopWithParent: env.AGORA_STOP_WITH_PARENT?.trim() !== '0',
  }
}

/**
 * A file path is made absolute; a value with a URL scheme (postgres://…) is passed on as written,
 * and the hub refuses any scheme it does not serve, naming what works (never a directory `postgres:`).
 */
export function dbSetting(value: string): string {
  const v = value.trim()
  if (v === ':memory:' || !/^[a-z][a-z0-9+.-]+:/i.test(v)) return resolve(value)
  if (/^postgres(ql)?:\/\/./i.test(v)) return v
  const shown = v.replace(/^([a-z][a-z0-9+.-]*:\/\/[^:/@]*):[^@/]*@/i, '$1:***@')
  throw new Error(`--db '${shown}' is not supported: pass a SQLite file path (./agora.db) or a PostgreSQL URL (postgres://user@host:5432/agora)`)
}

/**
 * V8 flags the hub process starts with: none. Measured on a quiet box (docs/benchmarks.md `## Hub`),
 * `--max-semi-space-size=1` cut the RSS after the read workload from ~195 to ~137 MB but pushed
 * /owed and /inbox p99 past 10 ms (~40% more CPU per call); latency is what seats feel, so memory
 * is the operator's trade through AGORA_HUB_NODE_OPTIONS.
 */
export const DEFAULT_HUB_NODE_FLAGS: string[] = []

/** The node/V8 flags the hub must start under: the defaults, then AGORA_HUB_NODE_OPTIONS; a word that is not a --flag is refused. */
export function hubNodeFlags(env: NodeJS.ProcessEnv = process.env): string[] {
  const extra = env.AGORA_HUB_NODE_OPTIONS?.trim() ? env.AGORA_HUB_NODE_OPTIONS.trim().split(/\s+/) : []
  const bad = extra.find((f) => !f.startsWith('--'))
  if (bad !== undefined) {
    throw new Error(`AGORA_HUB_NODE_OPTIONS holds '${bad}', which is not a --flag; use node/V8 flags such as --max-semi-space-size=16, or unset it`)
  }
  return [...DEFAULT_HUB_NODE_FLAGS, ...extra]
}

/**
 * The command line of a hub child: node, the default V8 flags, then AGORA_HUB_NODE_OPTIONS
 * (space-separated `--flags`, appended so they win), the serve entry and the settings as JSON.
 */
export function hubCommand(settings: UpSettings, env: NodeJS.ProcessEnv = process.env): {command: string; args: string[]} {
  const flags = hubNodeFlags(env)
  const here = fileURLToPath(import.meta.url)
  const fromSource = here.endsWith('.ts')
  const entry = join(dirname(here), fromSource ? 'serve.ts' : 'serve.js')
  const loader = fromSource ? ['--import=tsx', '--conditions=agora-source'] : []
  return {command: process.execPath, args: [...flags, ...loader, entry, JSON.stringify(settings)]}
}
