import {execFile} from 'node:child_process'
import {fileURLToPath} from 'node:url'

/** The built `agora` CLI (bin/run.js); CLI-level tests run it as a real child process. */
export const RUN = fileURLToPath(new URL('../../bin/run.js', import.meta.url))

export interface CliResult {
  code: number
  stdout: string
  stderr: string
}

/** Runs `agora <args>`; never rejects, so tests assert on the exit code. */
export function agora(args: string[], env: Record<string, string>, cwd: string, timeout = 180_000): Promise<CliResult> {
  return new Promise((resolve) => {
    execFile(process.execPath, [RUN, ...args], {cwd, env, timeout, maxBuffer: 16 * 1024 * 1024}, (error, stdout, stderr) => {
      resolve({code: error ? (typeof error.code === 'number' ? error.code : 1) : 0, stdout, stderr})
    })
  })
}
