import type {MessageRow} from '@agora/client'
import {Args, Flags} from '@oclif/core'

import {messageText} from '../envelope-text.js'
import {SeatCommand} from '../seat-command.js'

export default class History extends SeatCommand {
  static override args = {channel: Args.string({description: 'channel name', required: true})}
  static override description = 'Show a channel\'s messages in seq order (records no read receipts; use `agora read` to open one).'
  static override examples = ['<%= config.bin %> history commons --limit 20', '<%= config.bin %> history proj --since 40 --json']
  static override flags = {
    since: Flags.integer({description: 'only messages after this seq', default: 0, min: 0}),
    limit: Flags.integer({description: 'at most this many messages (1-1000)', default: 50, min: 1, max: 1000}),
    sort: Flags.string({description: 'recency (seq order) or votes', options: ['recency', 'votes'], default: 'recency'}),
  }

  async run(): Promise<MessageRow[]> {
    const {args, flags} = await this.parse(History)
    const {client} = await this.openSeat(flags)
    const rows = await client.history(args.channel, {since: flags.since, limit: flags.limit, sort: flags.sort as 'recency' | 'votes'})
    for (const m of rows) this.log(messageText(m))
    if (rows.length === 0) this.log(`no messages in ${args.channel} after #${flags.since}`)
    return rows
  }
}
