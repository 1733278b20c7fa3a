import {connectAsSeat} from '@agora/client'
import type {AgoraClient} from '@agora/client'
import {AgoraCommand, asFlag, homeFlags} from '@agora/command'
import type {HomeFlagValues} from '@agora/command'
import {resolveSeat} from '@agora/home'

export type SeatFlagValues = HomeFlagValues

export interface OpenSeat {
  client: AgoraClient
  agentId: string | null
  url: string
  home: string
}

/** Base of every command that talks to a hub: AgoraCommand's `--url/--home`, `--json` and teaching errors. */
export abstract class HubCommand extends AgoraCommand {
  static override baseFlags = homeFlags('SEAT')
}

/** Base of every seat command: HubCommand plus `--as`, speaking as one seat. */
export abstract class SeatCommand extends HubCommand {
  static override baseFlags = {
    ...HubCommand.baseFlags,
    as: asFlag('SEAT'),
  }

  /** Resolve identity and key (flags > env > .agora/seat.json > config.json) and connect. */
  protected async openSeat(flags: SeatFlagValues): Promise<OpenSeat> {
    const home = this.homeOf(flags)
    const seat = resolveSeat({as: flags.as, url: flags.url}, {cwd: process.cwd(), env: process.env, home})
    const connection = await connectAsSeat({agentId: seat.agentId, env: process.env, home, url: seat.url, selfRegister: false})
    return {agentId: connection.agentId, client: connection.client, home, url: connection.url}
  }
}
