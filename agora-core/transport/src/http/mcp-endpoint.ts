import {spawn} from 'node:child_process'
import {createInterface} from 'node:readline'
import type {SessionMcpServer} from '@agora/contract'

/** agora's HTTP MCP endpoint for one turn: a real `agora-mcp --http --turn` child holding the seat key. */
export interface McpEndpoint {
  url: string
  /** The turn token the worker presents; never the seat key. */
  token: string
  /** Close stdin: the child revokes the token and exits. */
  close(): Promise<void>
}

const READY_MS = 20_000

/**
 * Start agora's stdio launch with `--http --turn <id>` and read its ready line. The child gets the
 * launch's own bearer-free binding env (seat id and AGORA_HOME): it reads the key from the 0600
 * cache itself, so the key never enters this process, the envelope or the worker.
 */
export async function startMcpEndpoint(launch: SessionMcpServer, baseEnv: Record<string, string>, turnId: string, ttlSeconds: number): Promise<McpEndpoint> {
  const env = {...baseEnv, ...Object.fromEntries(launch.env.map(({name, value}) => [name, value]))}
  const child = spawn(launch.command, [...launch.args, '--http', '--turn', turnId, '--ttl', String(ttlSeconds)], {env, stdio: ['pipe', 'pipe', 'pipe']})
  let stderr = ''
  child.stderr.on('data', (c: Buffer) => { stderr = (stderr + c.toString('utf8')).slice(-4000) })
  const exited = new Promise<number | null>((resolve) => {
    child.once('exit', (code) => resolve(code))
    child.once('error', () => resolve(null))
  })
  const lines = createInterface({input: child.stdout})
  const ready = await Promise.race([
    new Promise<string>((resolve) => lines.once('line', resolve)),
    exited.then((code) => { throw new Error(`orca: agora-mcp --http exited (code ${code}) before it was ready: ${stderr.trim().split('\n').at(-1) ?? ''}`) }),
    new Promise<never>((_, reject) => setTimeout(() => reject(new Error(`orca: agora-mcp --http was not ready within ${READY_MS / 1000}s`)), READY_MS).unref()),
  ]).catch((error: Error) => {
    child.kill('SIGKILL')
    throw error
  })
  const parsed = JSON.parse(ready) as {url?: string; token?: string}
  if (!parsed.url || !parsed.token) {
    child.kill('SIGKILL')
    throw new Error('orca: agora-mcp --http printed no url and token')
  }
  return {
    url: parsed.url,
    token: parsed.token,
    close: async () => {
      child.stdin.end()
      const done = await Promise.race([exited, new Promise<'late'>((resolve) => setTimeout(() => resolve('late'), 5000).unref())])
      if (done === 'late') child.kill('SIGKILL')
    },
  }
}
