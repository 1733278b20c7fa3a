import {existsSync} from 'node:fs'
import {join} from 'node:path'
import {whichIn} from './ports.js'

/**
 * agora's MCP server command: the `agora-mcp` shipped beside the running `agora` (its package's
 * `bin` entry), else the first `agora-mcp` on PATH, else the bare name (C3 then explains).
 */
export async function resolveMcpCommand(cliRoot: string, bin: unknown, env: Record<string, string | undefined>): Promise<string> {
  const entries = bin && typeof bin === 'object' ? Object.entries(bin as Record<string, unknown>) : []
  const sibling = entries.find(([name]) => name === 'agora-mcp')?.[1]
  if (typeof sibling === 'string') {
    const path = join(cliRoot, sibling)
    if (existsSync(path)) return path
  }
  return (await whichIn('agora-mcp', env)) ?? 'agora-mcp'
}
