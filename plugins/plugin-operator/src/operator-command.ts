import {AgoraClient, connectAsSeat} from '@agora/client'
import {AgoraCommand, homeFlags, requireAdminKey} from '@agora/command'
import type {HomeFlagValues} from '@agora/command'
import {resolveSeat} from '@agora/home'

export type HubFlagValues = HomeFlagValues

/** Base of the operator commands: AgoraCommand's `--home/--url`, `--json` and teaching errors, plus admin and seat clients. */
export abstract class OperatorCommand extends AgoraCommand {
  static override baseFlags = homeFlags('HUB')

  /** A client holding the hub's admin key; the key from config.json only goes to config.json's own hub. */
  protected adminClient(flags: HubFlagValues): AgoraClient {
    const home = this.homeOf(flags)
    const url = this.urlOf(flags, home)
    return new AgoraClient({url, adminKey: requireAdminKey(home, url)})
  }

  /** A client speaking as seat `--as` with its cached key. */
  protected async seatClient(flags: HubFlagValues): Promise<AgoraClient> {
    const home = this.homeOf(flags)
    const seat = resolveSeat({as: flags.as, url: flags.url}, {cwd: process.cwd(), env: process.env, home})
    return (await connectAsSeat({agentId: seat.agentId, env: process.env, home, url: seat.url, selfRegister: false})).client
  }
}
