import {ackRulings} from '@agora/client'
import type {RulingAcks} from '@agora/client'
import {Args} from '@oclif/core'

import {SeatCommand} from '../../seat-command.js'

export default class RulingsAck extends SeatCommand {
  static override description = 'Acknowledge rulings you have read, at their current version (POST /channels/{c}/ruling-acks); a changed ruling needs a new ack.'
  static override examples = ['<%= config.bin %> rulings ack build ruling:no-force-push', '<%= config.bin %> rulings ack build ruling:a ruling:b --json']
  static override strict = false
  static override args = {channel: Args.string({description: 'the channel', required: true}), keys: Args.string({description: 'one or more ruling keys', required: true})}

  async run(): Promise<RulingAcks> {
    const {args, argv, flags} = await this.parse(RulingsAck)
    const keys = (argv as string[]).slice(1)
    const {client} = await this.openSeat(flags)
    const r = await ackRulings(client, args.channel, keys)
    this.log(`acknowledged ${r.acked.map((a) => `${a.key} (v${a.version})`).join(', ')}; still unacknowledged: ${r.unacknowledged_rulings.join(', ') || 'none'}`)
    return r
  }
}
