import {connectAsSeat} from '@agora/client'
import type {AgoraClient} from '@agora/client'
import {resolveHome, resolveSeat} from '@agora/home'
import {toPlain} from '@agora/protocol'
import {Command, Errors, Flags} from '@oclif/core'
import {resolve} from 'node:path'

import {clean} from './render.js'

export interface SeatFlagValues {
  as?: string
  url?: string
  home?: string
}

export interface OpenSeat {
  client: AgoraClient
  agentId: string | null
  url: string
  home: string
}

/**
 * Base of every command that talks to a hub: `--url/--home`, `--json` returning typed data, errors
 * rendered as one teaching line (the hub's detail) instead of a stack.
 */
export abstract class HubCommand extends Command {
  static override baseFlags = {
    home: Flags.string({description: 'agora home directory (default: AGORA_HOME, then ~/.agora)', helpGroup: 'SEAT'}),
    url: Flags.string({description: 'hub URL (default: AGORA_URL, .agora/seat.json, config.json, http://127.0.0.1:8765)', helpGroup: 'SEAT'}),
  }

  static override enableJsonFlag = true

  protected homeOf(flags: SeatFlagValues): string {
    return flags.home ? resolve(flags.home) : resolveHome(process.env)
  }

  /** `data` subtrees arrive as lossless numbers; --json prints them as plain JSON numbers. */
  protected override toSuccessJson(result: unknown): unknown {
    return toPlain(result)
  }

  override async catch(error: Error & {exitCode?: number; oclif?: unknown}): Promise<unknown> {
    if (this.jsonEnabled() || error.oclif || error instanceof Errors.ExitError) return super.catch(error)
    // a hub refusal is spoken as advice (AgoraHttpError.spoken), not as `METHOD /path → status`
    const said = (error as {spoken?: unknown}).spoken
    return super.catch(new Errors.CLIError(clean(typeof said === 'string' ? said : error.message), {exit: error.exitCode ?? 1}))
  }
}

/** Base of every seat command: HubCommand plus `--as`, speaking as one seat. */
export abstract class SeatCommand extends HubCommand {
  static override baseFlags = {
    ...HubCommand.baseFlags,
    as: Flags.string({description: 'seat id to act as (default: AGORA_AGENT_ID, then this folder\'s .agora/seat.json)', helpGroup: 'SEAT'}),
  }

  /** Resolve identity and key (flags > env > .agora/seat.json > config.json) and connect. */
  protected async openSeat(flags: SeatFlagValues): Promise<OpenSeat> {
    const home = this.homeOf(flags)
    const seat = resolveSeat({as: flags.as, url: flags.url}, {cwd: process.cwd(), env: process.env, home})
    const connection = await connectAsSeat({agentId: seat.agentId, env: process.env, home, url: seat.url, selfRegister: false})
    return {agentId: connection.agentId, client: connection.client, home, url: connection.url}
  }
}
