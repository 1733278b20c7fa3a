import {StdioServerTransport} from '@modelcontextprotocol/sdk/server/stdio.js'

import {httpTimeoutMs, registerSeat} from './hub-http.js'
import {IdentityError, resolveIdentity} from './identity.js'
import {createAgoraServer} from './server.js'
import {agoraVersion, mcpSdkVersion} from './version.js'

const USAGE = 'usage: agora-mcp            serve the agora tools over stdio (identity from AGORA_URL, AGORA_AGENT_ID and keys.json)\n' +
  '       agora-mcp --self-check   print one JSON health line and exit'

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
  if (argv.length > 0) {
    process.stderr.write(`agora-mcp: unexpected argument${argv.length > 1 ? 's' : ''} ${argv.join(' ')}\n${USAGE}\n`)
    return 2
  }
  const version = agoraVersion()
  let identity
  let timeoutMs
  try {
    timeoutMs = httpTimeoutMs(env)
    identity = await resolveIdentity(env, (url, adminKey, id, about) => registerSeat(url, adminKey, id, about, version))
  } catch (error) {
    process.stderr.write(`${error instanceof IdentityError ? error.message : `agora-mcp: ${(error as Error).message}`}\n`)
    return 1
  }
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
