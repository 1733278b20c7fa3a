import {execa} from 'execa'

export interface SpawnRequest {
  argv: string[]
  env: Record<string, string>
  cwd: string
  timeoutMs: number
  /** Each complete stdout line as it arrives (flight recorder). */
  onLine?: (line: string) => void
  /** Aborting (operator interrupt) kills the turn's group at once. */
  signal?: AbortSignal
}

export interface SpawnResult {
  stdout: string
  stderr: string
  exitCode: number | null
  timedOut: boolean
  /** The process never started (binary missing, not executable). */
  spawnError: string | null
  durationMs: number
}

/** After the group is killed, how long pipes held by a stray grandchild may keep us waiting. */
const PIPE_GRACE_MS = 1500
const TERM_GRACE_MS = 2000

/**
 * One turn as its own process group (detached), stdin closed. On timeout the whole group is
 * killed, so a grandchild holding stdout cannot stall the driver; a process that escaped the group
 * and still holds the pipes is cut loose after a short grace.
 */
export async function spawnTurn(request: SpawnRequest): Promise<SpawnResult> {
  const started = Date.now()
  const [file, ...args] = request.argv
  if (file === undefined) throw new Error('spawnTurn: request.argv is empty; it starts with the harness binary')
  const child = execa(file, args, {
    cwd: request.cwd, env: request.env, extendEnv: false, stdin: 'ignore', detached: true,
    buffer: false, reject: false, stripFinalNewline: false, encoding: 'utf8', cleanup: true,
  })
  let stdout = ''
  let stderr = ''
  let pending = ''
  child.stdout?.on('data', (chunk: string | Buffer) => {
    const text = chunk.toString()
    stdout += text
    if (!request.onLine) return
    const lines = (pending + text).split('\n')
    pending = lines.pop() ?? ''
    for (const line of lines) if (line.trim()) request.onLine(line)
  })
  child.stderr?.on('data', (chunk: string | Buffer) => (stderr += chunk.toString()))
  const settled = child.then((result) => result, (error: unknown) => error as {exitCode?: number; code?: string; message?: string})

  let timedOut = false
  const killGroup = (signal: NodeJS.Signals): void => {
    try {
      if (child.pid) process.kill(-child.pid, signal)
    } catch {
      // the group is already gone
    }
  }
  const timer = setTimeout(() => {
    timedOut = true
    killGroup('SIGTERM')
    setTimeout(() => killGroup('SIGKILL'), TERM_GRACE_MS).unref()
  }, request.timeoutMs)

  const onAbort = (): void => killGroup('SIGKILL')
  request.signal?.addEventListener('abort', onAbort, {once: true})
  const exit = await new Promise<{code: number | null; error: string | null}>((resolve) => {
    child.once('exit', (code) => resolve({code, error: null}))
    child.once('error', (error) => resolve({code: null, error: error.message}))
  })
  clearTimeout(timer)
  request.signal?.removeEventListener('abort', onAbort)
  killGroup('SIGKILL')
  const streamsDone = settled.then(() => 'done' as const)
  const grace = new Promise<'grace'>((resolve) => setTimeout(() => resolve('grace'), PIPE_GRACE_MS).unref())
  if ((await Promise.race([streamsDone, grace])) === 'grace') {
    child.stdout?.destroy()
    child.stderr?.destroy()
  }
  const result = (await Promise.race([settled, grace])) as {code?: string; message?: string} | 'grace'
  const spawnError = exit.error ?? (typeof result === 'object' && result?.code === 'ENOENT' ? (result.message ?? 'ENOENT') : null)
  if (pending.trim() && request.onLine) request.onLine(pending)
  return {stdout, stderr, exitCode: spawnError ? null : exit.code, timedOut, spawnError, durationMs: Date.now() - started}
}
