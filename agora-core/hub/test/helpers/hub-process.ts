// Spawn and stop hub processes (hub-child.ts) that share one database: the scale-out suites.
import {spawn} from 'node:child_process'
import type {ChildProcess} from 'node:child_process'
import {fileURLToPath} from 'node:url'

const CHILD = fileURLToPath(new URL('./hub-child.ts', import.meta.url))

export interface HubProcess {
  url: string
  child: ChildProcess
  /** Everything the process wrote to stderr so far. */
  stderr(): string
  kill9(): Promise<void>
  stop(): Promise<void>
}

export async function spawnHub(options: Record<string, unknown>): Promise<HubProcess> {
  const child = spawn(process.execPath, ['--import=tsx', '--conditions=agora-source', CHILD, JSON.stringify({host: '127.0.0.1', port: 0, ...options})],
    {stdio: ['ignore', 'pipe', 'pipe', 'ipc']})
  let err = ''
  child.stderr!.on('data', d => { err += d })
  const exited = new Promise<void>(resolve => child.once('exit', () => resolve()))
  const url = await new Promise<string>((resolve, reject) => {
    let out = ''
    child.stdout!.on('data', d => {
      out += d
      const url = /READY (\S+)/.exec(out)?.[1]
      if (url) resolve(url)
    })
    child.once('exit', code => reject(new Error(`hub process exited ${code} before serving: ${err.slice(-1500)}`)))
  })
  return {
    url, child,
    stderr: () => err,
    async kill9() {
      child.kill('SIGKILL')
      await exited
    },
    async stop() {
      if (child.exitCode !== null || child.signalCode !== null) return
      child.kill('SIGTERM')
      await exited
    },
  }
}
