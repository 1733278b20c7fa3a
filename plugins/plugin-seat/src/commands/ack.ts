import {Args} from '@oclif/core'

import {cleanLine} from '@agora/command'
import {SeatCommand} from '../seat-command.js'

export default class Ack extends SeatCommand {
  static override args = {
    channel: Args.string({description: 'channel name', required: true}),
    seq: Args.integer({description: 'highest seq handled in that channel', min: 1, required: true}),
  }
  static override description = 'Move this seat\'s triage cursor (never rewinds, clamps to head). Acking settles no obligation.'
  static override examples = ['<%= config.bin %> ack commons 42']

  async run(): Promise<{acked: Record<string, number>}> {
    const {args, flags} = await this.parse(Ack)
    const result = await (await this.openSeat(flags)).client.ack({[args.channel]: args.seq})
    for (const [channel, seq] of Object.entries(result.acked ?? {})) this.log(`cursor ${cleanLine(channel)} → ${seq}`)
    return result
  }
}
