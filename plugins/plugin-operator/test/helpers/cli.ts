import {migratedDatabase} from '../../../../agora-core/hub/test/helpers/pg-cluster.js'
import {AgoraClient} from '@agora/client'
import {cacheKey, writeConfig} from '@agora/home'
import {createHub} from '@agora/hub'
import {mkdtempSync} from 'node:fs'
import {tmpdir} from 'node:os'
import {dirname, join, resolve} from 'node:path'
import {fileURLToPath} from 'node:url'

export const ADMIN_KEY = 'operator-test-admin-0123456789abcdef'
export const PLUGIN_ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..')

export type RunningHub = Awaited<ReturnType<typeof createHub>>

export interface ClockedHub {
  hub: RunningHub
  url: string
  db: string
  /** Move the hub's clock forward (seconds). */
  advance(seconds: number): void
}

export function tempDir(label = 'dir'): string {
  return mkdtempSync(join(tmpdir(), `agora-operator-${label}-`))
}

/** A real hub on 127.0.0.1:0 over a SQLite FILE, with a clock tests can move. */
export async function startHub(given?: string): Promise<ClockedHub> {
  // AGORA_TEST_DB=postgres: the same suites against a hub on the throw-away PostgreSQL cluster.
  const db = given ?? (process.env.AGORA_TEST_DB === 'postgres' ? await migratedDatabase('operator') : join(tempDir('db'), 'agora.db'))
  let offset = 0
  const hub = await createHub({
    adminKey: ADMIN_KEY, db, host: '127.0.0.1', notifyDir: null, port: 0, ratePerMinute: 60_000, voteSweepMs: 3_600_000,
    now: () => Date.now() / 1000 + offset,
  })
  return {hub, url: hub.url, db, advance: (seconds) => { offset += seconds }}
}

/** The hub machine's home: config.json with url, admin key and db path, as `agora up` writes it. */
export function operatorHome(hub: ClockedHub): string {
  const home = join(tempDir('hub-home'), 'home')
  writeConfig(home, {url: hub.url, admin_key: ADMIN_KEY, db_path: hub.db})
  return home
}

export function adminClient(url: string): AgoraClient {
  return new AgoraClient({adminKey: ADMIN_KEY, url})
}

/** Register seats with the admin key and cache their keys in `home`. */
export async function addSeats(url: string, home: string, ids: string[], operator = false): Promise<void> {
  for (const id of ids) {
    const {api_key} = await adminClient(url).registerAgent({id, ...(operator ? {operator: true} : {})})
    cacheKey(home, url, id, api_key)
  }
}

interface Runnable {
  run(argv: string[], opts?: string): Promise<unknown>
}
type CommandClass = Runnable & (abstract new (...args: never[]) => {run(): Promise<unknown>})
type ResultOf<C extends CommandClass> = Awaited<ReturnType<InstanceType<C>['run']>>

/**
 * Run a command in-process through oclif's real parser; returns its typed result and stdout.
 * AGORA_* variables of the surrounding shell are hidden so only flags and `env` count.
 */
export async function runCommand<C extends CommandClass>(command: C, argv: string[], env: Record<string, string> = {}): Promise<{result: ResultOf<C>; stdout: string}> {
  const saved = {...process.env}
  for (const key of Object.keys(process.env)) if (key.startsWith('AGORA_')) delete process.env[key]
  Object.assign(process.env, env)
  const chunks: string[] = []
  const write = process.stdout.write.bind(process.stdout)
  const writeErr = process.stderr.write.bind(process.stderr)
  process.stdout.write = ((chunk: string | Uint8Array) => {
    chunks.push(typeof chunk === 'string' ? chunk : Buffer.from(chunk).toString('utf8'))
    return true
  }) as typeof process.stdout.write
  process.stderr.write = (() => true) as typeof process.stderr.write
  try {
    const result = (await command.run(argv, PLUGIN_ROOT)) as ResultOf<C>
    return {result, stdout: chunks.join('')}
  } finally {
    process.stdout.write = write
    process.stderr.write = writeErr
    for (const key of Object.keys(process.env)) if (!(key in saved)) delete process.env[key]
    Object.assign(process.env, saved)
  }
}

/** The error a command threw. */
export async function runFailure(command: CommandClass, argv: string[], env: Record<string, string> = {}): Promise<Error> {
  const outcome = await runCommand(command, argv, env).then(() => null, (e: unknown) => e)
  if (!(outcome instanceof Error)) throw new Error(`expected ${argv.join(' ')} to fail`)
  return outcome
}
