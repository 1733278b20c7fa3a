import type {Message} from '@agora/client'
import {Args, Flags} from '@oclif/core'

import {cleanLine} from '@agora/command'
import {SeatCommand} from '../../seat-command.js'

export default class FsHistory extends SeatCommand {
  static override args = {
    channel: Args.string({description: 'channel name', required: true}),
    path: Args.string({description: 'file path inside the channel', required: true}),
  }
  static override description = 'List the audit messages (fs:put / fs:delete) of one file.'
  static override examples = ['<%= config.bin %> fs history ops plan.md']
  static override flags = {
    limit: Flags.integer({description: 'at most this many rows (hub default 200)', max: 1000, min: 1}),
    'since-seq': Flags.integer({description: 'only audit messages after this channel seq', min: 0}),
  }

  async run(): Promise<Message[]> {
    const {args, flags} = await this.parse(FsHistory)
    const rows = await (await this.openSeat(flags)).client.fsHistory(args.channel, args.path, {limit: flags.limit, sinceSeq: flags['since-seq']})
    for (const m of rows) {
      const data = (m.data ?? {}) as {version?: unknown}
      this.log(`${cleanLine(m.channel)}#${m.seq} ${cleanLine(m.title)} v${String(data.version ?? '?')} by ${cleanLine(m.sender)}`)
    }
    return rows
  }
}
