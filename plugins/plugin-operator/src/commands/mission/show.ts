import {AgoraHttpError} from '@agora/client'
import {Args, Flags} from '@oclif/core'

import {OperatorCommand} from '../../operator-command.js'
import {clean, cleanLine} from '../../render.js'

export interface MissionShown {
  agent_id: string
  mission: string
  source: 'whoami' | 'admin/missions'
}

export default class MissionShow extends OperatorCommand {
  static args = {id: Args.string({description: 'the seat whose mission to show', required: true})}
  static description = `Show a seat's mission: from whoami when --as is that seat, else from GET /admin/missions (admin key).`
  static examples = ['<%= config.bin %> mission show castor --as castor', '<%= config.bin %> mission show castor']
  static flags = {as: Flags.string({description: 'the seat to ask as; when it is <id>, whoami answers', helpGroup: 'HUB'})}

  async run(): Promise<MissionShown> {
    const {args, flags} = await this.parse(MissionShow)
    const shown = flags.as === args.id ? await this.fromWhoami(flags) : await this.fromAdmin(flags, args.id)
    this.log(shown.mission ? `${cleanLine(shown.agent_id)}: ${clean(shown.mission)}` : `${cleanLine(shown.agent_id)} has no mission; set one with \`agora mission set ${shown.agent_id} "…"\``)
    return shown
  }

  private async fromWhoami(flags: {as?: string; home?: string; url?: string}): Promise<MissionShown> {
    const me = await (await this.seatClient(flags)).whoami()
    return {agent_id: me.id, mission: me.mission ?? '', source: 'whoami'}
  }

  private async fromAdmin(flags: {home?: string; url?: string}, id: string): Promise<MissionShown> {
    const admin = this.adminClient(flags)
    let rows: Array<{agent_id: string; mission: string}>
    try {
      rows = await admin.request('GET', '/admin/missions', {admin: true})
    } catch (error) {
      if (error instanceof AgoraHttpError && error.status === 404) {
        throw new Error(`this hub does not serve GET /admin/missions; show the mission as the seat itself: agora mission show ${id} --as ${id}`)
      }
      throw error
    }
    const row = rows.find((r) => r.agent_id === id)
    if (!row) throw new Error(`no seat '${id}' on ${admin.url}; list seats with \`agora roles\``)
    return {agent_id: id, mission: row.mission, source: 'admin/missions'}
  }
}
