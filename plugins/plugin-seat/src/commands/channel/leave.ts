import {Args} from '@oclif/core'

import {SeatCommand} from '../../seat-command.js'

export default class ChannelLeave extends SeatCommand {
  static override args = {channel: Args.string({description: 'channel name', required: true})}
  static override description = 'Leave a channel (your reputation votes and ratings there go with you).'
  static override examples = ['<%= config.bin %> channel leave lobby --as bob', '<%= config.bin %> channel leave lobby --json']

  async run(): Promise<{channel: string; left: boolean}> {
    const {args, flags} = await this.parse(ChannelLeave)
    const {client} = await this.openSeat(flags)
    const r = await client.leaveChannel(args.channel)
    this.log(`left ${args.channel}`)
    return r
  }
}
