import {AgoraClient} from '@agora/client'
import {createHub} from '@agora/hub'
import {mkdtempSync} from 'node:fs'
import {tmpdir} from 'node:os'
import {dirname, join, resolve} from 'node:path'
import {fileURLToPath} from 'node:url'

export const ADMIN_KEY = 'seat-test-admin-0123456789abcdef'
export const PLUGIN_ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..')

export type RunningHub = Awaited<ReturnType<typeof createHub>>

/** A real hub on 127.0.0.1:0; `db` defaults to in-memory SQLite. */
export function startHub(db = ':memory:'): Promise<RunningHub> {
  return createHub({adminKey: ADMIN_KEY, db, host: '127.0.0.1', notifyDir: null, port: 0, ratePerMinute: 6000, voteSweepMs: 3_600_000})
}

export function tempHome(): string {
  return join(mkdtempSync(join(tmpdir(), 'agora-seat-cli-')), 'home')
}

export function adminClient(url: string): AgoraClient {
  return new AgoraClient({adminKey: ADMIN_KEY, url})
}

interface Runnable {
  run(argv: string[], opts?: string): Promise<unknown>
}

/** A command class; its result type is what the instance's run() resolves to. */
type CommandClass = Runnable & (abstract new (...args: never[]) => {run(): Promise<unknown>})
type ResultOf<C extends CommandClass> = Awaited<ReturnType<InstanceType<C>['run']>>

/**
 * Run a command in-process through oclif's real parser and return its typed result plus what
 * it printed. AGORA_* variables of the surrounding shell are hidden so only the flags count.
 */
export async function runCommand<C extends CommandClass>(command: C, argv: string[], env: Record<string, string> = {}): Promise<{result: ResultOf<C>; stdout: string}> {
  const saved = {...process.env}
  for (const key of Object.keys(process.env)) if (key.startsWith('AGORA_')) delete process.env[key]
  Object.assign(process.env, env)
  const chunks: string[] = []
  const write = process.stdout.write.bind(process.stdout)
  process.stdout.write = ((chunk: string | Uint8Array) => {
    chunks.push(typeof chunk === 'string' ? chunk : Buffer.from(chunk).toString('utf8'))
    return true
  }) as typeof process.stdout.write
  try {
    const result = (await command.run(argv, PLUGIN_ROOT)) as ResultOf<C>
    return {result, stdout: chunks.join('')}
  } finally {
    process.stdout.write = write
    for (const key of Object.keys(process.env)) if (!(key in saved)) delete process.env[key]
    Object.assign(process.env, saved)
  }
}

/** The error a command threw (commands throw without --json). */
export async function runFailure(command: CommandClass, argv: string[], env: Record<string, string> = {}): Promise<Error> {
  const outcome = await runCommand(command, argv, env).then(() => null, (e: unknown) => e)
  if (!(outcome instanceof Error)) throw new Error(`expected ${argv.join(' ')} to fail`)
  return outcome
}

/** Register seats through the admin key, cache their keys in a fresh home, return the home. */
export async function homeWithSeats(url: string, ids: string[]): Promise<string> {
  const {cacheKey} = await import('@agora/home')
  const home = tempHome()
  for (const id of ids) {
    const {api_key} = await adminClient(url).registerAgent({id})
    cacheKey(home, url, id, api_key)
  }
  return home
}

/** `--as <id> --url <url> --home <home>` */
export const as = (id: string, url: string, home: string): string[] => ['--as', id, '--url', url, '--home', home]
