import {Args, Flags} from '@oclif/core'

import {SeatCommand} from '../../seat-command.js'

export default class ChannelArchive extends SeatCommand {
  static override args = {channel: Args.string({description: 'channel name', required: true})}
  static override description = 'Archive a channel you own (operators: any): members are removed and it refuses posts and joins; history is kept. --undo unarchives (operators only).'
  static override examples = ['<%= config.bin %> channel archive proj --as alice', '<%= config.bin %> channel archive proj --undo --as boss --json']
  static override flags = {undo: Flags.boolean({description: 'unarchive instead (operators only)'})}

  async run(): Promise<Record<string, unknown>> {
    const {args, flags} = await this.parse(ChannelArchive)
    const {client} = await this.openSeat(flags)
    const path = `/channels/${encodeURIComponent(args.channel)}/archive`
    const r = await client.request<{channel: string; archived: boolean; evicted?: string[]}>(flags.undo ? 'DELETE' : 'POST', path)
    this.log(flags.undo ? `unarchived ${args.channel}` : `archived ${args.channel}${r.evicted?.length ? `; removed ${r.evicted.join(', ')}` : ''}`)
    return r
  }
}
