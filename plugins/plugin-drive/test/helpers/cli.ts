import {spawn} from 'node:child_process'
import {dirname, resolve} from 'node:path'
import {fileURLToPath} from 'node:url'

export const REPO = resolve(dirname(fileURLToPath(import.meta.url)), '../../../..')
export const AGORA_RUN = resolve(REPO, 'bin/run.js')

export interface Run {
  code: number | null
  stdout: string
  stderr: string
}

/**
 * Run the built `agora` CLI. `keepStdinOpen` leaves the child's stdin pipe open and never ends it,
 * the way a harness that forgets to close the pipe would.
 */
export function runAgora(args: string[], options: {env?: Record<string, string>; cwd?: string; input?: string; keepStdinOpen?: boolean; timeoutMs?: number} = {}): Promise<Run> {
  return new Promise((done) => {
    const child = spawn(process.execPath, [AGORA_RUN, ...args], {cwd: options.cwd ?? REPO, env: {...process.env, ...options.env}, stdio: ['pipe', 'pipe', 'pipe']})
    let stdout = ''
    let stderr = ''
    child.stdout.on('data', (d) => (stdout += d))
    child.stderr.on('data', (d) => (stderr += d))
    if (options.input !== undefined) child.stdin.write(options.input)
    if (!options.keepStdinOpen) child.stdin.end()
    const timer = setTimeout(() => child.kill('SIGKILL'), options.timeoutMs ?? 30_000)
    child.on('close', (code) => {
      clearTimeout(timer)
      done({code, stdout, stderr})
    })
  })
}
