import {StdioServerTransport} from '@modelcontextprotocol/sdk/server/stdio.js'

import {HTTP_USAGE, parseHttpFlags, runHttpMcp} from './http-main.js'
import {IdentityError, resolveIdentity} from './identity.js'
import {createAgoraServer} from './server.js'
import {agoraVersion, mcpSdkVersion} from './version.js'

/** Milliseconds a hub call may take: AGORA_MCP_HTTP_TIMEOUT seconds, 180 by default. */
export function httpTimeoutMs(env: NodeJS.ProcessEnv): number {
  const raw = env.AGORA_MCP_HTTP_TIMEOUT?.trim()
  if (!raw) return 180_000
  const seconds = Number(raw)
  if (!Number.isFinite(seconds) || seconds <= 0) {
    throw new Error(`AGORA_MCP_HTTP_TIMEOUT must be a positive number of seconds, got "${raw}"`)
  }
  return seconds * 1000
}

const USAGE = 'usage: agora-mcp            serve the agora tools over stdio (identity from AGORA_URL, AGORA_AGENT_ID and keys.json)\n' +
  '       agora-mcp --self-check   print one JSON health line and exit\n' + HTTP_USAGE

/**
 * The `agora-mcp` process. Resolves the seat's key before speaking MCP, so a missing key is a
 * startup error on stderr (exit 1) that names the file to create, not a failure at the first call.
 * Resolves only when stdin closes (the client went away).
 */
export async function runAgoraMcp(argv: string[], env: NodeJS.ProcessEnv = process.env): Promise<number> {
  if (argv.length === 1 && argv[0] === '--self-check') {
    process.stdout.write(JSON.stringify({component: 'agora-mcp', status: 'ok', agora: agoraVersion(), mcp_sdk: mcpSdkVersion()}) + '\n')
    return 0
  }
  const http = argv[0] === '--http' ? parseHttpFlags(argv.slice(1)) : null
  if (typeof http === 'string') {
    process.stderr.write(`agora-mcp: ${http}\n${HTTP_USAGE}\n`)
    return 2
  }
  if (argv.length > 0 && !http) {
    process.stderr.write(`agora-mcp: unexpected argument${argv.length > 1 ? 's' : ''} ${argv.join(' ')}\n${USAGE}\n`)
    return 2
  }
  const version = agoraVersion()
  let identity
  let timeoutMs
  try {
    timeoutMs = httpTimeoutMs(env)
    identity = await resolveIdentity(env, version)
  } catch (error) {
    process.stderr.write(`${error instanceof IdentityError ? error.message : `agora-mcp: ${(error as Error).message}`}\n`)
    return 1
  }
  if (http) return runHttpMcp(http, identity, version, timeoutMs)
  const server = createAgoraServer({identity, version, timeoutMs})
  const transport = new StdioServerTransport()
  const closed = new Promise<void>((resolve) => {
    transport.onclose = resolve
    process.stdin.once('end', resolve)
  })
  await server.connect(transport)
  await closed
  await server.close()
  return 0
}
