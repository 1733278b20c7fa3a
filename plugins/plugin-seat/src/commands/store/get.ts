import type {StoreEntry} from '@agora/client'
import {Args} from '@oclif/core'

import {fence} from '@agora/command'
import {SeatCommand} from '../../seat-command.js'

export default class StoreGet extends SeatCommand {
  static override args = {
    channel: Args.string({description: 'channel name', required: true}),
    key: Args.string({description: 'store key', required: true}),
  }
  static override description = 'Read one key of a channel\'s store, with its version (pass it to `agora store put --expect-version`).'
  static override examples = ['<%= config.bin %> store get proj plan --as alice', '<%= config.bin %> store get proj claim:parser --json']

  async run(): Promise<StoreEntry> {
    const {args, flags} = await this.parse(StoreGet)
    const {client} = await this.openSeat(flags)
    const e = await client.storeGet(args.channel, args.key)
    this.log(`${args.channel}/${args.key} v${e.version} by ${e.updated_by}`)
    this.log(fence(`${args.channel}/${args.key}`, JSON.stringify(e.value, null, 2)))
    return e
  }
}
