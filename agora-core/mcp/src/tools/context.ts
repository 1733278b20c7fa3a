import type {McpServer} from '@modelcontextprotocol/sdk/server/mcp.js'
import type {AgoraClient} from '@agora/client'
import type {McpIdentity} from '../identity.js'

/** What every tool module gets: the server to register on and the hub as this seat. */
export interface ToolContext {
  server: McpServer
  hub: AgoraClient
  identity: McpIdentity
  /** Unix seconds; injectable so vote windows can be tested without waiting. */
  now: () => number
}
