import {resolveHome, resolveSeat} from '@agora/home'
import {toPlain} from '@agora/protocol'
import {Command, Errors, Flags} from '@oclif/core'
import {resolve} from 'node:path'

import {clean} from './clean.js'
import {ExitCode} from './exit-codes.js'

export interface HomeFlagValues {
  home?: string
  url?: string
  as?: string
}

/** What every agora command prints under `--json` when it fails; the exit code is the process's too. */
export interface CommandErrorJson {
  error: {
    name: string
    /** One teaching line: the hub's detail and the next step for a refusal, else the error's message. */
    message: string
    exit: number
    /** The hub's HTTP status and detail when the hub refused the call. */
    status?: number
    detail?: unknown
  }
}

/** The flags every agora command that finds a hub accepts; `helpGroup` lets a plugin file them under its own heading. */
export function homeFlags(helpGroup: string) {
  return {
    home: Flags.string({description: 'agora home directory (default: AGORA_HOME, then ~/.agora)', helpGroup}),
    url: Flags.string({description: 'hub URL (default: AGORA_URL, .agora/seat.json, config.json, http://127.0.0.1:8765)', helpGroup}),
  }
}

/** `--as`: the seat a command speaks as. */
export function asFlag(helpGroup: string) {
  return Flags.string({description: 'seat id to act as (default: AGORA_AGENT_ID, then this folder\'s .agora/seat.json)', helpGroup})
}

/**
 * Base of agora's commands: home and hub resolution, `--json` returning typed data (lossless numbers
 * printed as plain JSON numbers), and errors shown as one teaching line instead of a stack, or as
 * CommandErrorJson under `--json`.
 */
export abstract class AgoraCommand extends Command {
  static override enableJsonFlag = true

  /** `--home`, else AGORA_HOME, else ~/.agora. */
  protected homeOf(flags: HomeFlagValues): string {
    return flags.home ? resolve(flags.home) : resolveHome(process.env)
  }

  /** `--url`, else AGORA_URL, .agora/seat.json, config.json, the default. */
  protected urlOf(flags: HomeFlagValues, home: string = this.homeOf(flags)): string {
    return resolveSeat({url: flags.url}, {cwd: process.cwd(), env: process.env, home}).url
  }

  protected override toSuccessJson(result: unknown): unknown {
    return toPlain(result)
  }

  protected override toErrorJson(error: unknown): CommandErrorJson {
    return {error: errorJson(error)}
  }

  override async catch(error: Error & {exitCode?: number; oclif?: unknown}): Promise<unknown> {
    // oclif's catch exits 1 under --json whatever this.error(…, {exit}) said; the process exits with the printed `exit`
    if (this.jsonEnabled() && !(error instanceof Errors.ExitError)) process.exitCode ??= errorJson(error).exit
    if (this.jsonEnabled() || error.oclif || error instanceof Errors.ExitError) return super.catch(error)
    return super.catch(new Errors.CLIError(spokenMessage(error), {exit: error.exitCode ?? ExitCode.Failed}))
  }
}

/** A hub refusal is spoken as advice (AgoraHttpError.spoken), not as `METHOD /path → status`. */
function spokenMessage(error: Error): string {
  const said = (error as {spoken?: unknown}).spoken
  return clean(typeof said === 'string' ? said : error.message)
}

function errorJson(error: unknown): CommandErrorJson['error'] {
  if (!(error instanceof Error)) return {name: 'Error', message: clean(String(error)), exit: ExitCode.Failed}
  const {exitCode, oclif, status, detail} = error as Error & {exitCode?: unknown; oclif?: {exit?: unknown}; status?: unknown; detail?: unknown}
  const exit = typeof exitCode === 'number' ? exitCode : typeof oclif?.exit === 'number' ? oclif.exit : ExitCode.Failed
  return {
    name: error.name,
    message: spokenMessage(error),
    exit,
    ...(typeof status === 'number' ? {status, detail} : {}),
  }
}
