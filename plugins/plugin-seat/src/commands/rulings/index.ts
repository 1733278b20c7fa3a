import {fetchRulings} from '@agora/client'
import type {Ruling} from '@agora/client'
import {Args} from '@oclif/core'

import {clean} from '@agora/command'
import {SeatCommand} from '../../seat-command.js'

export default class Rulings extends SeatCommand {
  static override description = 'Show a channel\'s standing rulings (operator ruling: rows) and mark the ones you have not acknowledged; acknowledge them with agora rulings ack.'
  static override examples = ['<%= config.bin %> rulings build', '<%= config.bin %> rulings build --json']
  static override args = {channel: Args.string({description: 'the channel', required: true})}

  async run(): Promise<{channel: string; rulings: Ruling[]; unacknowledged_rulings: string[]}> {
    const {args, flags} = await this.parse(Rulings)
    const {client} = await this.openSeat(flags)
    const d = await fetchRulings(client, args.channel)
    if (d.rulings.length === 0) this.log(`no rulings in ${args.channel}`)
    for (const r of d.rulings) {
      const fresh = d.unacknowledged_rulings.includes(r.key)
      this.log(`${fresh ? 'NEW ' : ''}${r.key} v${r.version} by ${r.updated_by}: ${clean(r.text)}`)
    }
    if (d.unacknowledged_rulings.length) this.log(`acknowledge with: agora rulings ack ${args.channel} ${d.unacknowledged_rulings.join(' ')}`)
    return {channel: args.channel, rulings: d.rulings, unacknowledged_rulings: d.unacknowledged_rulings}
  }
}
