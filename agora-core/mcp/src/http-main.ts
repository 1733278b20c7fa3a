import {AgoraClient} from '@agora/client'
import {TURN_TOKEN_TTL_MAX} from '@agora/protocol'

import {serveAgoraMcpHttp} from './http.js'
import type {McpIdentity} from './identity.js'

export const HTTP_USAGE = 'usage: agora-mcp --http [--host 127.0.0.1] [--port 0] [--turn <turn id> [--ttl <seconds>]]\n' +
  '  serve the seat\'s tools over MCP streamable HTTP; clients present a per-turn token, never the seat key.\n' +
  '  --turn mints that turn\'s token at start, prints it in the ready line and revokes it on exit.\n' +
  '  example: AGORA_AGENT_ID=alice agora-mcp --http --turn wake-42 --ttl 600'

export interface HttpFlags {
  host: string
  port: number
  turn: string | null
  ttl: number | null
}

/** Parse the flags after `--http`; a string is the refusal to print with the usage. */
export function parseHttpFlags(argv: string[]): HttpFlags | string {
  const flags: HttpFlags = {host: '127.0.0.1', port: 0, turn: null, ttl: null}
  for (let i = 0; i < argv.length; i += 2) {
    const [name, value] = [argv[i], argv[i + 1]]
    if (value === undefined) return `${name} needs a value`
    if (name === '--host') flags.host = value
    else if (name === '--port') {
      flags.port = Number(value)
      if (!Number.isInteger(flags.port) || flags.port < 0 || flags.port > 65535) return `--port must be 0–65535, got "${value}"`
    } else if (name === '--turn') flags.turn = value
    else if (name === '--ttl') {
      flags.ttl = Number(value)
      if (!Number.isInteger(flags.ttl) || flags.ttl < 1 || flags.ttl > TURN_TOKEN_TTL_MAX) return `--ttl must be 1–${TURN_TOKEN_TTL_MAX} seconds, got "${value}"`
    } else return `unknown flag ${name}`
  }
  if (flags.ttl !== null && flags.turn === null) return '--ttl goes with --turn'
  return flags
}

/**
 * `agora-mcp --http`: one ready JSON line on stdout (`url`, `agent_id`, and with --turn the
 * minted `token`, `token_id`, `expires_at`), then serve until stdin closes or SIGTERM/SIGINT.
 * On the way out the turn's token is revoked, so it dies with the turn even before its expiry.
 */
export async function runHttpMcp(flags: HttpFlags, identity: McpIdentity, version: string, timeoutMs: number): Promise<number> {
  const server = await serveAgoraMcpHttp({identity, version, timeoutMs, host: flags.host, port: flags.port})
  const hub = new AgoraClient({url: identity.url, apiKey: identity.apiKey, clientVersion: version, timeoutMs})
  let minted: {token: string; token_id: string; expires_at: number} | null = null
  try {
    if (flags.turn !== null) minted = await hub.turnTokenMint(flags.turn, flags.ttl === null ? {} : {ttlSeconds: flags.ttl})
  } catch (error) {
    await server.close()
    process.stderr.write(`agora-mcp: could not mint the turn token: ${(error as Error).message}\n`)
    return 1
  }
  const ready: Record<string, unknown> = {component: 'agora-mcp', transport: 'http', url: server.url, agent_id: identity.agentId}
  if (minted) Object.assign(ready, {token: minted.token, token_id: minted.token_id, expires_at: minted.expires_at})
  process.stdout.write(JSON.stringify(ready) + '\n')
  await new Promise<void>((resolve) => {
    process.stdin.once('end', resolve)
    process.stdin.resume()
    process.once('SIGTERM', resolve)
    process.once('SIGINT', resolve)
  })
  if (minted) await hub.turnTokenRevoke(minted.token_id).catch(() => undefined)
  await server.close()
  return 0
}
