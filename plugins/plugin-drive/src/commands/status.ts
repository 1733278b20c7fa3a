import {Command, Flags} from '@oclif/core'

import {httpHub} from '../hub-port.js'
import {receptionSeat} from '../seat-context.js'
import {renderStatus, seatStatus} from '../status/seat-status.js'
import type {SeatStatus} from '../status/seat-status.js'

export type StatusResult = SeatStatus

export default class Status extends Command {
  static override summary = "Reception health of this folder's seat: hub, key, listener, driver, hooks, debts"
  static override enableJsonFlag = true

  static override flags = {
    as: Flags.string({description: 'seat id (default: $AGORA_AGENT_ID, then .agora/seat.json)'}),
    url: Flags.string({description: 'hub URL'}),
    home: Flags.string({description: 'AGORA_HOME to inspect'}),
  }

  async run(): Promise<StatusResult> {
    const {flags} = await this.parse(Status)
    const seat = receptionSeat(flags)
    if (!seat.agentId) this.error('no seat here: pass --as <id>, set AGORA_AGENT_ID, or run `agora setup <id>` in this folder', {exit: 1})
    const status = await seatStatus(seat.agentId!, seat.url, seat.home, httpHub({url: seat.url, agentId: seat.agentId!, home: seat.home}))
    for (const line of renderStatus(status)) this.log(line)
    return status
  }
}
