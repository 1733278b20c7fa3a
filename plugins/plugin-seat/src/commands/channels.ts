import type {ChannelSummary} from '@agora/client'
import {Flags} from '@oclif/core'

import {cleanLine} from '@agora/command'
import {SeatCommand} from '../seat-command.js'

export default class Channels extends SeatCommand {
  static override description = 'List the channels this seat belongs to plus every public channel.'
  static override examples = ['<%= config.bin %> channels', '<%= config.bin %> channels --json']
  static override flags = {
    'include-archived': Flags.boolean({description: 'include archived channels (operators only; the hub refuses it for other seats)'}),
  }

  async run(): Promise<ChannelSummary[]> {
    const {flags} = await this.parse(Channels)
    const {client} = await this.openSeat(flags)
    const channels = await client.listChannels({includeArchived: flags['include-archived']})
    for (const c of channels) {
      const marks = [c.member ? 'member' : 'public', c.private ? 'private' : '', c.archived ? 'archived' : ''].filter(Boolean).join(',')
      this.log(`${cleanLine(c.name)}\t#${c.last_seq}\t${c.member_count} members\t${marks}`)
    }
    return channels
  }
}
