import type {AgoraClient} from '@agora/client'
import {AgoraHttpError} from '@agora/client'
import {Args, Flags} from '@oclif/core'

import {readMission} from '../../hub-calls.js'
import {OperatorCommand} from '../../operator-command.js'
import {clean, cleanLine} from '@agora/command'

export interface MissionShown {
  agent_id: string
  mission: string
  source: 'whoami' | 'admin/missions'
}

export default class MissionShow extends OperatorCommand {
  static override args = {id: Args.string({description: 'the seat whose mission to show', required: true})}
  static override description = `Show a seat's mission, its standing charge.

As the seat itself (--as <id>) it comes from whoami. Any other seat's mission is operator-only (GET /admin/missions/{id}): pass --as an operator seat, or run it where the admin key is (AGORA_ADMIN_KEY or config.json on the hub machine).`

  static override examples = [
    '<%= config.bin %> mission show castor --as castor',
    '<%= config.bin %> mission show castor --as boss',
    '<%= config.bin %> mission show castor',
  ]

  static override flags = {as: Flags.string({description: 'the seat to ask as: <id> itself, or an operator seat', helpGroup: 'HUB'})}

  async run(): Promise<MissionShown> {
    const {args, flags} = await this.parse(MissionShow)
    const shown = flags.as === args.id ? await this.fromWhoami(flags) : await this.fromOperator(flags, args.id)
    this.log(shown.mission ? `${cleanLine(shown.agent_id)}: ${clean(shown.mission)}` : `${cleanLine(shown.agent_id)} has no mission; set one with \`agora mission set ${shown.agent_id} "…"\``)
    return shown
  }

  private async fromWhoami(flags: {as?: string; home?: string; url?: string}): Promise<MissionShown> {
    const me = await (await this.seatClient(flags)).whoami()
    return {agent_id: me.id, mission: me.mission ?? '', source: 'whoami'}
  }

  /** Another seat's mission: the hub decides who may read it (an operator seat or the admin key). */
  private async fromOperator(flags: {as?: string; home?: string; url?: string}, id: string): Promise<MissionShown> {
    const client: AgoraClient = flags.as ? await this.seatClient(flags) : this.adminClient(flags)
    try {
      const row = await readMission(client, id, !flags.as)
      return {agent_id: row.agent_id, mission: row.mission, source: 'admin/missions'}
    } catch (error) {
      if (!(error instanceof AgoraHttpError)) throw error
      if (error.status === 403) {
        throw new Error(`only an operator reads another seat's mission, and '${flags.as}' is not one; ask as the seat itself (--as ${id}), as an operator seat, or with the admin key`)
      }
      if (error.status === 404) throw new Error(`no seat '${id}' on ${client.url}; list seats and their missions with GET /admin/missions, or \`agora roles\``)
      throw error
    }
  }
}
