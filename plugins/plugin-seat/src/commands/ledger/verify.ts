import {Args} from '@oclif/core'

import {checkLedger} from '../../ledger-check.js'
import type {LedgerCheck} from '../../ledger-check.js'
import {cleanLine, ExitCode} from '@agora/command'
import {SeatCommand} from '../../seat-command.js'

export default class LedgerVerify extends SeatCommand {
  static override args = {channel: Args.string({description: 'channel name', required: true})}
  static override description = 'Recompute every hash of a channel\'s ledger client-side (the hub\'s own verdict is not trusted). Exit 1 when TAMPERED.'
  static override examples = ['<%= config.bin %> ledger verify ops']

  async run(): Promise<LedgerCheck> {
    const {args, flags} = await this.parse(LedgerVerify)
    const ledger = await (await this.openSeat(flags)).client.ledger(args.channel, {verify: true})
    const check = checkLedger(ledger)
    const detail = check.intact
      ? `turns=${check.turns} head=${check.head || '(empty)'}`
      : check.broken_at === null ? `head_mismatch served=${check.head} computed=${check.computed_head}` : `broken_at=${check.broken_at}`
    this.log(`${check.verdict} ${cleanLine(check.channel)} ${detail}`)
    if (check.hub_verified !== null && check.hub_verified !== check.intact) {
      this.log(`note: the hub's own verification says verified=${check.hub_verified}; this verdict is recomputed here and does not trust it`)
    }
    if (!check.intact) process.exitCode = ExitCode.Failed
    return check
  }
}
