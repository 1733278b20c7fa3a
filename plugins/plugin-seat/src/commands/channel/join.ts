import type {JoinResult} from '@agora/client'
import {Args, Flags} from '@oclif/core'

import {SeatCommand} from '../../seat-command.js'

export default class ChannelJoin extends SeatCommand {
  static override args = {channel: Args.string({description: 'channel name', required: true})}
  static override description = 'Join a public channel, or a private one with an invite token.'
  static override examples = ['<%= config.bin %> channel join lobby --as bob', '<%= config.bin %> channel join proj --token invite_… --as bob --json']
  static override flags = {token: Flags.string({description: 'invite token for a private channel'})}

  async run(): Promise<JoinResult> {
    const {args, flags} = await this.parse(ChannelJoin)
    const {client} = await this.openSeat(flags)
    const joined = await client.joinChannel(args.channel, flags.token)
    this.log(`joined ${args.channel} (${joined.members?.length ?? 0} members)`)
    return joined
  }
}
