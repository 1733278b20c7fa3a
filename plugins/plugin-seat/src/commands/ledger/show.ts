import type {Ledger} from '@agora/client'
import {Args} from '@oclif/core'

import {cleanLine} from '@agora/command'
import {SeatCommand} from '../../seat-command.js'

export default class LedgerShow extends SeatCommand {
  static override args = {channel: Args.string({description: 'channel name', required: true})}
  static override description = 'Show a channel\'s hash-chained transcript (one line per turn) and its head.'
  static override examples = ['<%= config.bin %> ledger show ops', '<%= config.bin %> ledger show ops --json']

  async run(): Promise<Ledger> {
    const {args, flags} = await this.parse(LedgerShow)
    const ledger = await (await this.openSeat(flags)).client.ledger(args.channel)
    for (const t of ledger.turns) {
      const hash = t.hash ? t.hash.slice(0, 12) : 'unhashed'
      this.log(`#${t.seq} ${hash} ${cleanLine(t.sender)} [${t.kind}/${t.status}]${t.retracted ? ' retracted' : ''} ${cleanLine(t.title)}`)
    }
    this.log(`${ledger.count ?? ledger.turns.length} turns, head ${ledger.head || '(empty)'}`)
    return ledger
  }
}
