// `agora up` without oclif: bin/run.js hands `up` here so the long-running hub process carries no
// CLI framework (oclif and every plugin's commands cost ~58 MB resident). The flags are the same
// data the oclif command declares (UP_FLAGS); `agora up --help` still goes through oclif.
import {spawn} from 'node:child_process'
import {constants as osConstants} from 'node:os'
import {parseArgs} from 'node:util'
import {ExitCode} from '@agora/command/exit-codes'
import {hubCommand, hubNodeFlags, resolveUpSettings, UP_FLAGS} from './settings.js'
import type {UpFlags, UpSettings} from './settings.js'
import {watchParent} from './parent-watch.js'

/** A refusal worded like oclif's, with the exit code it should end the process with. */
export class UpUsageError extends Error {
  constructor(message: string, readonly exitCode = ExitCode.Refused) { super(message) }
}

/** argv after `up` → typed flags; unknown flags, stray arguments and bad integers are refused. */
export function parseUpArgv(argv: string[]): UpFlags {
  const options = Object.fromEntries(Object.keys(UP_FLAGS).map((name) => [name, {type: 'string' as const}]))
  let values: Record<string, string | undefined>
  try {
    ({values} = parseArgs({args: argv, options, strict: true, allowPositionals: false}) as {values: Record<string, string | undefined>})
  } catch (err) {
    throw new UpUsageError(`${(err as Error).message.replace(/\. To specify.*$/s, '')}; see \`agora up --help\``)
  }
  const flags: Record<string, string | number> = {}
  for (const [name, raw] of Object.entries(values)) {
    if (raw === undefined) continue
    const spec = UP_FLAGS[name as keyof UpFlags]
    if (spec.type === 'string') { flags[name] = raw; continue }
    const n = /^-?\d+$/.test(raw.trim()) ? Number(raw) : NaN
    if (!Number.isInteger(n)) throw new UpUsageError(`--${name} expects an integer but received '${raw}'`)
    if ((spec.min !== undefined && n < spec.min) || (spec.max !== undefined && n > spec.max)) {
      throw new UpUsageError(`--${name} expects an integer between ${spec.min} and ${spec.max} but received ${n}`)
    }
    flags[name] = n
  }
  return flags as UpFlags
}

/** Wait on a hub child started under node flags, forwarding signals; resolves the exit code to end with. */
async function runHubChild(settings: UpSettings, env: NodeJS.ProcessEnv): Promise<number> {
  const hub = hubCommand(settings, env)
  const child = spawn(hub.command, hub.args, {stdio: 'inherit'})
  const forward = (signal: NodeJS.Signals): void => { child.kill(signal) }
  process.on('SIGINT', forward)
  process.on('SIGTERM', forward)
  // The child watches this process; this process watches its own launcher (npx, a wrapper).
  const unwatch = settings.stopWithParent === false ? () => undefined : watchParent(() => forward('SIGTERM'))
  const [code, signal] = await new Promise<[number | null, NodeJS.Signals | null]>((resolve, reject) => {
    child.once('error', reject)
    child.once('exit', (c, s) => resolve([c, s]))
  }).finally(() => {
    unwatch()
    process.off('SIGINT', forward)
    process.off('SIGTERM', forward)
  })
  // Node exits 9 ("Invalid Argument") before running any code when one of its options is unknown.
  if (code === 9 && env.AGORA_HUB_NODE_OPTIONS?.trim()) {
    throw new UpUsageError(`node refused AGORA_HUB_NODE_OPTIONS='${env.AGORA_HUB_NODE_OPTIONS.trim()}' (see the line above); use flags \`node --v8-options\` lists, or unset it`)
  }
  return signal ? 128 + (osConstants.signals[signal] ?? 0) : code ?? 0
}

/**
 * Serve in this process, or, when node flags are asked for (node fixes them at start), in one child
 * that runs under them. Resolves only for a child; serving in-process owns the process until a signal.
 */
export async function runHub(settings: UpSettings, env: NodeJS.ProcessEnv = process.env): Promise<number> {
  if (hubNodeFlags(env).length > 0) return runHubChild(settings, env)
  const {serveHub} = await import('./serve-hub.js')
  await serveHub(settings)
  return new Promise<number>(() => undefined)
}

/** `agora up <argv>` from bin/run.js: refusals go to stderr as oclif words them, with exit 2. */
export async function runUp(argv: string[], env: NodeJS.ProcessEnv = process.env): Promise<void> {
  try {
    const code = await runHub(resolveUpSettings(parseUpArgv(argv), env), env)
    process.exit(code)
  } catch (err) {
    process.stderr.write(` ›   Error: ${(err as Error).message}\n`)
    process.exit(err instanceof UpUsageError ? err.exitCode : 2)
  }
}
