import {HARD_ITEMS, transportOf} from '@agora/contract'
import type {Probe} from '../types.js'
import {buildSurface, hardUnmet} from '../surface.js'
import {declarationOf} from './declaration-of.js'
import {refusalText} from './refusal.js'

/** agora's MCP server command reaches the turn: argv, env, a file the command names or carries, the workspace config, or (acp) the session's mcpServers. */
export const c4ToolReach: Probe = {
  id: 'C4',
  capability: 'tool-reach',
  needs: ['C0'],
  kind: 'structural',
  async run(ctx) {
    const decl = declarationOf(ctx)
    const blocked = decl.unmet.filter((item) => item === 'single-turn' || item === 'tool-reach')
    if (blocked.length > 0) return {status: 'FAIL', detail: `declared unmet (${blocked.join(', ')}) — no command can be built`}
    if (decl.toolReach === 'external') {
      return {
        status: 'WARN',
        detail: "the framework serves agora's tools from its own server — not statically checkable",
        limitation: "tool-reach=unverified (run --live, or check the framework's own tool listing)",
      }
    }
    const hard = hardUnmet(decl, HARD_ITEMS)
    if (hard.length > 0) return {status: 'SKIP', detail: `no command to inspect: agora refuses to build a turn (declared unmet: ${hard.join(', ')})`}
    let surface
    try {
      surface = await buildSurface(ctx, decl, {})
    } catch (error) {
      const refusal = refusalText(error)
      if (refusal === null) throw error
      return {status: 'FAIL', detail: `agora refuses to build a turn: ${refusal}`}
    }
    if (transportOf(decl) !== 'argv') {
      const reached = surface.built.session?.mcpServers.some((server) => server.command === ctx.mcp.command) ?? false
      const how = transportOf(decl) === 'http'
        ? "agora's MCP launch is in the run setup: the transport serves it over HTTP (agora-mcp --http) and puts that URL and a turn token in the envelope's mcpServers"
        : "agora's stdio MCP server is in the session's mcpServers (session/new)"
      return reached
        ? {status: 'PASS', detail: how}
        : {status: 'FAIL', detail: `agora's MCP server (\`${ctx.mcp.command}\`) is not in the session's mcpServers — the plugin's buildCommand must pass turn.session on`}
    }
    if (!surface.text.includes(ctx.mcp.command)) {
      const config = decl.workspace?.mcpConfig?.path
      return {
        status: 'FAIL',
        detail: `agora's MCP server (\`${ctx.mcp.command}\`) is not in the built command, its files${config ? ` or ${config}` : ''} — ` +
          `run \`agora setup ${ctx.seat.agentId} --harness ${decl.name}\` here, or give the framework a per-turn stdio MCP launch`,
      }
    }
    return {status: 'PASS', detail: "agora's MCP server reaches the turn", details: {sources: surface.sources}}
  },
}
