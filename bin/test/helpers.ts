import {execFile} from 'node:child_process'
import {dirname, resolve} from 'node:path'
import {fileURLToPath} from 'node:url'

export const CLI_ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..')
export const RUN = resolve(CLI_ROOT, 'run.js')

export interface CliResult {
  code: number
  stdout: string
  stderr: string
}

/** Run the built `agora` CLI as a real child process; never rejects, so tests assert on the exit code. */
export function agora(args: string[], env: Record<string, string> = {}, cwd = CLI_ROOT): Promise<CliResult> {
  return new Promise((resolvePromise) => {
    execFile(process.execPath, [RUN, ...args], {cwd, env: {...process.env, ...env}, timeout: 120_000}, (error, stdout, stderr) => {
      const code = error ? (typeof error.code === 'number' ? error.code : 1) : 0
      resolvePromise({code, stdout, stderr})
    })
  })
}
