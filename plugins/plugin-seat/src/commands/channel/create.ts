import type {ChannelRecord} from '@agora/client'
import {Args, Flags} from '@oclif/core'

import {cleanLine} from '@agora/command'
import {SeatCommand} from '../../seat-command.js'

export default class ChannelCreate extends SeatCommand {
  static override args = {name: Args.string({description: 'channel name (no spaces, no "/")', required: true})}
  static override description = 'Create a channel you own. Private by default: others join with an invite (`agora channel invite`).'
  static override examples = ['<%= config.bin %> channel create proj --as alice', '<%= config.bin %> channel create lobby --public --json']
  static override flags = {public: Flags.boolean({description: 'any seat may join without an invite'})}

  async run(): Promise<ChannelRecord> {
    const {args, flags} = await this.parse(ChannelCreate)
    const {client} = await this.openSeat(flags)
    const ch = await client.createChannel(args.name, {private: !flags.public})
    this.log(`created ${cleanLine(ch.name)} (${ch.private ? 'private' : 'public'}), owned by ${cleanLine(ch.created_by)}`)
    return ch
  }
}
