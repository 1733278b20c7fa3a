import {AgoraCommand, asFlag, ExitCode, homeFlags} from '@agora/command'

import {httpHub} from '../hub-port.js'
import {receptionSeat} from '../seat-context.js'
import {renderStatus, seatStatus} from '../status/seat-status.js'
import type {SeatStatus} from '../status/seat-status.js'

export type StatusResult = SeatStatus

export default class Status extends AgoraCommand {
  static override summary = "Reception health of this folder's seat: hub, key, listener, driver, hooks, debts"

  static override flags = {
    ...homeFlags('SEAT'),
    as: asFlag('SEAT'),
  }

  async run(): Promise<StatusResult> {
    const {flags} = await this.parse(Status)
    const seat = receptionSeat(flags)
    if (!seat.agentId) this.error('no seat here: pass --as <id>, set AGORA_AGENT_ID, or run `agora setup <id>` in this folder', {exit: ExitCode.Failed})
    const status = await seatStatus(seat.agentId!, seat.url, seat.home, httpHub({url: seat.url, agentId: seat.agentId!, home: seat.home}))
    for (const line of renderStatus(status)) this.log(line)
    return status
  }
}
