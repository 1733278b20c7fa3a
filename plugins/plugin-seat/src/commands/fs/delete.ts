import {Args, Flags} from '@oclif/core'

import {cleanLine} from '@agora/command'
import {SeatCommand} from '../../seat-command.js'

export default class FsDelete extends SeatCommand {
  static override args = {
    channel: Args.string({description: 'channel name', required: true}),
    path: Args.string({description: 'file path inside the channel', required: true}),
  }
  static override description = 'Delete (tombstone) a file; its versions stay readable and the count continues on recreate.'
  static override examples = ['<%= config.bin %> fs delete ops old.md --expect-version 3']
  static override flags = {'expect-version': Flags.integer({description: 'current version the delete expects', min: 0})}

  async run(): Promise<{deleted: boolean}> {
    const {args, flags} = await this.parse(FsDelete)
    const result = await (await this.openSeat(flags)).client.fsDelete(args.channel, args.path, {expectVersion: flags['expect-version']})
    this.log(result.deleted ? `deleted ${cleanLine(args.path)}` : `${cleanLine(args.path)} was already absent`)
    return result
  }
}
