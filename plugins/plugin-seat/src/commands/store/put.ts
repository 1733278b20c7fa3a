import type {StoreEntry} from '@agora/client'
import {parseJsonLossless} from '@agora/protocol'
import {Args, Flags} from '@oclif/core'

import {SeatCommand} from '../../seat-command.js'

export default class StorePut extends SeatCommand {
  static override args = {
    channel: Args.string({description: 'channel name', required: true}),
    key: Args.string({description: 'store key', required: true}),
    value: Args.string({description: 'the value as JSON (a bare word that is not JSON is stored as a string)', required: true}),
  }
  static override description = 'Write one key of a channel\'s store. --expect-version makes it compare-and-swap (0 = create only); a stale version is refused with the current one named.'
  static override examples = [
    '<%= config.bin %> store put proj plan \'{"step":2}\' --as alice',
    '<%= config.bin %> store put proj owner bob --expect-version 0 --json',
  ]
  static override flags = {'expect-version': Flags.integer({description: 'write only if the key is at this version (0: only if absent)', min: 0})}

  async run(): Promise<StoreEntry> {
    const {args, flags} = await this.parse(StorePut)
    const {client} = await this.openSeat(flags)
    let value: unknown
    try {
      value = parseJsonLossless(args.value)
    } catch {
      value = args.value
    }
    const e = await client.storePut(args.channel, args.key, value,
      flags['expect-version'] === undefined ? {} : {expectVersion: flags['expect-version']})
    this.log(`${args.channel}/${args.key} is now v${e.version}`)
    return e
  }
}
