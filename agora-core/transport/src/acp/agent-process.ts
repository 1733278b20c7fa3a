import {spawn} from 'node:child_process'
import {Readable, Writable} from 'node:stream'
import {ndJsonStream} from '@agentclientprotocol/sdk'
import type {Stream} from '@agentclientprotocol/sdk'
import type {TurnLaunch} from '@agora/contract'

export interface AgentProcess {
  /** The agent's stdio as an ACP message stream. */
  stream: Stream
  /** Resolves once the agent has exited (or could not start). */
  exited: Promise<{code: number | null; signal: NodeJS.Signals | null; spawnError: string | null}>
  stderr(): string
  /** End of input: a well-behaved agent exits when its stdin closes. */
  closeStdin(): void
  /** Signal the agent's whole process group (its MCP children included). */
  killGroup(signal: NodeJS.Signals): void
}

const MAX_STDERR = 1024 * 1024

/**
 * Start an ACP agent in its own process group with piped stdio; each stdout line also goes to `onStdoutLine`.
 * Never throws once given a command: an empty argv is the caller's slip and throws, as spawn would.
 */
export function startAgent(launch: TurnLaunch, onStdoutLine: (line: string) => void = () => {}): AgentProcess {
  const [file, ...args] = launch.argv
  if (file === undefined) throw new Error('startAgent: launch.argv is empty; it starts with the agent binary')
  const child = spawn(file, args, {cwd: launch.cwd, env: launch.env, detached: true, stdio: ['pipe', 'pipe', 'pipe']})
  let stderr = ''
  child.stderr.setEncoding('utf8').on('data', (chunk: string) => {
    if (stderr.length < MAX_STDERR) stderr += chunk
  })
  // A second listener sees the same bytes the ACP stream parses, so the record can name a garbage line.
  let pending = ''
  child.stdout.on('data', (chunk: Buffer) => {
    const lines = (pending + chunk.toString('utf8')).split('\n')
    pending = lines.pop() ?? ''
    for (const line of lines) if (line.trim()) onStdoutLine(line)
  })
  // A write after the agent died must not crash the caller.
  child.stdin.on('error', () => {})
  const exited = new Promise<{code: number | null; signal: NodeJS.Signals | null; spawnError: string | null}>((resolve) => {
    child.once('error', (error) => resolve({code: null, signal: null, spawnError: error.message}))
    child.once('exit', (code, signal) => resolve({code, signal, spawnError: null}))
  })
  const stream = ndJsonStream(Writable.toWeb(child.stdin) as WritableStream<Uint8Array>, Readable.toWeb(child.stdout) as ReadableStream<Uint8Array>)
  return {
    stream,
    exited,
    stderr: () => stderr,
    closeStdin: () => child.stdin.end(),
    killGroup(signal) {
      try {
        if (child.pid) process.kill(-child.pid, signal)
      } catch {
        // the group is gone
      }
    },
  }
}
