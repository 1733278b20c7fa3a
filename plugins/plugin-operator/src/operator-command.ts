import {AgoraClient, connectAsSeat} from '@agora/client'
import {normalizeUrl, readConfig, resolveHome, resolveSeat} from '@agora/home'
import {toPlain} from '@agora/protocol'
import {Command, Errors, Flags} from '@oclif/core'
import {resolve} from 'node:path'

import {clean} from './render.js'

export interface HubFlagValues {
  home?: string
  url?: string
  as?: string
}

/**
 * Base of the operator commands: `--home/--url`, `--json` returning typed data, and errors shown
 * as one teaching line (the hub's detail) instead of a stack.
 */
export abstract class OperatorCommand extends Command {
  static override baseFlags = {
    home: Flags.string({description: 'agora home directory (default: AGORA_HOME, then ~/.agora)', helpGroup: 'HUB'}),
    url: Flags.string({description: 'hub URL (default: AGORA_URL, .agora/seat.json, config.json, http://127.0.0.1:8765)', helpGroup: 'HUB'}),
  }

  static override enableJsonFlag = true

  protected homeOf(flags: HubFlagValues): string {
    return flags.home ? resolve(flags.home) : resolveHome(process.env)
  }

  protected urlOf(flags: HubFlagValues, home: string): string {
    return resolveSeat({url: flags.url}, {cwd: process.cwd(), env: process.env, home}).url
  }

  /** A client holding the hub's admin key; the key from config.json only goes to config.json's own hub. */
  protected adminClient(flags: HubFlagValues): AgoraClient {
    const home = this.homeOf(flags)
    const url = this.urlOf(flags, home)
    return new AgoraClient({url, adminKey: adminKeyFor(home, url)})
  }

  /** A client speaking as seat `--as` with its cached key. */
  protected async seatClient(flags: HubFlagValues): Promise<AgoraClient> {
    const home = this.homeOf(flags)
    const seat = resolveSeat({as: flags.as, url: flags.url}, {cwd: process.cwd(), env: process.env, home})
    return (await connectAsSeat({agentId: seat.agentId, env: process.env, home, url: seat.url, selfRegister: false})).client
  }

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

/** AGORA_ADMIN_KEY, or config.json's admin_key only when config.json's url is this hub. */
export function adminKeyFor(home: string, url: string): string {
  const fromEnv = process.env.AGORA_ADMIN_KEY?.trim()
  if (fromEnv) return fromEnv
  const config = readConfig(home)
  if (config.admin_key && config.url && normalizeUrl(config.url) === normalizeUrl(url)) return config.admin_key
  const why = config.admin_key ? `config.json's admin key belongs to ${config.url ?? 'no url'}, not ${url}` : 'no admin key in config.json'
  throw new Error(`this needs the hub's admin key (${why}); set AGORA_ADMIN_KEY or run it on the hub machine where \`agora up\` wrote it`)
}
