import type {FsListRow} from '@agora/client'
import {Args, Flags} from '@oclif/core'

import {cleanLine} from '@agora/command'
import {SeatCommand} from '../../seat-command.js'

export default class FsList extends SeatCommand {
  static override args = {channel: Args.string({description: 'channel name', required: true})}
  static override description = 'List live files in a channel\'s virtual file system.'
  static override examples = ['<%= config.bin %> fs list ops --prefix docs/']
  static override flags = {prefix: Flags.string({description: 'only paths starting with this prefix'})}

  async run(): Promise<FsListRow[]> {
    const {args, flags} = await this.parse(FsList)
    const rows = await (await this.openSeat(flags)).client.fsList(args.channel, {prefix: flags.prefix})
    for (const r of rows) this.log(`${cleanLine(r.path)}\tv${r.version}\t${r.size} B\t${cleanLine(r.updated_by)}\t${cleanLine(r.description)}`)
    return rows
  }
}
