import {join} from 'node:path'
import {mcpBindingEnv} from '@agora/contract'
import type {DiscoveredHarness} from '@agora/contract'

import {armDrive, stateDirFor} from '../drive/arm.js'
import {removeIfOurs} from '../pidfile.js'
import {seatTurn} from './seat-turn.js'
import {startOrcaServer} from './server.js'
import type {OrcaServer} from './server.js'
import {fileStateStore} from './state-store.js'

export interface ServeOrcaOptions {
  seat: string
  harness?: string
  url?: string
  model?: string
  permissions?: string
  host: string
  port: number
  turnTimeout: number
}

export interface ServeOrcaContext {
  cwd: string
  home: string
  env: NodeJS.ProcessEnv
  found: DiscoveredHarness[]
  out(line: string): void
  agoraScript?: string
  skillPath?: string
}

/**
 * `agora serve orca`: arm the seat as `agora drive` would (harness, knobs, agora-mcp self-check),
 * then answer Orca Harness Protocol v1 on host:port. Serving is not driving: the seat never wakes
 * on its own here, so the driver pidfile is released and an `agora drive` may hold the seat.
 */
export async function serveOrca(options: ServeOrcaOptions, ctx: ServeOrcaContext): Promise<OrcaServer> {
  const armed = await armDrive({harness: options.harness, as: options.seat, url: options.url, model: options.model, permissions: options.permissions}, ctx)
  removeIfOurs(armed.files.drivePid)
  const {decl, seat} = armed
  const state = fileStateStore(join(seat.home, 'orca-serve', seat.agentId))
  const server = await startOrcaServer({
    runtime: `agora:${seat.agentId}:${decl.name}`,
    models: decl.defaults.model ? [decl.defaults.model] : [],
    state,
    host: options.host,
    port: options.port,
    turn: seatTurn({
      decl, all: armed.all, request: armed.request, seat, workspace: ctx.cwd, pluginRoot: armed.pluginRoot,
      mcp: {command: armed.mcpCommand, args: [], env: mcpBindingEnv(seat)}, stateDir: stateDirFor(seat.home, seat.agentId, decl.name),
      skillPath: ctx.skillPath, operatorEnv: ctx.env, state, timeoutS: options.turnTimeout,
    }),
  })
  ctx.out(`AGORA_ORCA event=ready status=ok url=${server.url} seat=${seat.agentId} harness=${decl.name} hub=${seat.url} protocol=orca-harness/v1 turn_timeout=${options.turnTimeout}s`)
  return server
}
