import {execFile} from 'node:child_process'
import {resolve} from 'node:path'

import {PLUGIN_ROOT} from './cli.js'

export const REPO = resolve(PLUGIN_ROOT, '..', '..')

export interface Outcome {
  code: number
  stdout: string
  stderr: string
}

/**
 * Run the real `agora` binary (bin/run.js) as a child process, with the shell's AGORA_* variables
 * hidden so only the flags and `env` count; `stdin` is piped in (for seed-key).
 */
export function agora(args: string[], options: {env?: Record<string, string>; stdin?: string} = {}): Promise<Outcome> {
  const env = {...Object.fromEntries(Object.entries(process.env).filter(([k]) => !k.startsWith('AGORA_'))), ...options.env}
  return new Promise((done) => {
    const child = execFile(process.execPath, ['bin/run.js', ...args], {cwd: REPO, env, timeout: 60_000}, (error, stdout, stderr) => {
      done({code: error ? (typeof error.code === 'number' ? error.code : 1) : 0, stderr, stdout})
    })
    child.stdin?.end(options.stdin ?? '')
  })
}

/** Run and parse --json output; a non-zero exit throws with stderr so the failing step is obvious. */
export async function agoraJson<T = any>(args: string[], options: {env?: Record<string, string>; stdin?: string} = {}): Promise<T> {
  const out = await agora([...args, '--json'], options)
  if (out.code !== 0) throw new Error(`agora ${args.join(' ')} exited ${out.code}: ${out.stderr}${out.stdout}`)
  return JSON.parse(out.stdout) as T
}

/** Rebuild this plugin (incremental) so the binary runs the current source. */
export async function buildPlugin(): Promise<void> {
  const out = await new Promise<Outcome>((done) => {
    execFile(process.execPath, [resolve(REPO, 'node_modules/typescript/bin/tsc'), '-b', 'plugins/plugin-seat', 'plugins/plugin-operator', 'plugins/plugin-drive'],
      {cwd: REPO, timeout: 240_000}, (error, stdout, stderr) => done({code: error ? 1 : 0, stdout, stderr}))
  })
  if (out.code !== 0) throw new Error(`tsc -b failed:\n${out.stdout}${out.stderr}`)
}
