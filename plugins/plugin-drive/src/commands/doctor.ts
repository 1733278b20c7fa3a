import {AgoraCommand, asFlag, ExitCode, homeFlags} from '@agora/command'

import {fileChecks, hubSection} from '../doctor/hub-and-files.js'
import type {Check, HubSection} from '../doctor/hub-and-files.js'
import {httpHub} from '../hub-port.js'
import {receptionSeat} from '../seat-context.js'
import {renderStatus, seatStatus} from '../status/seat-status.js'
import type {SeatStatus} from '../status/seat-status.js'

export interface DoctorResult {
  ok: boolean
  url: string
  home: string
  hub: HubSection
  files: Check[]
  /** Null when no seat is named here. */
  seat: SeatStatus | null
}

export default class Doctor extends AgoraCommand {
  static override summary = 'One screen: the hub\'s self-checks (with the admin key), this seat\'s key, files, listener, driver, hooks and debts'
  static override description = 'Exits 1 when any check fails; every failing line says what to run.'
  static override examples = ['<%= config.bin %> doctor', '<%= config.bin %> doctor --as alice --json']

  static override flags = {
    ...homeFlags('SEAT'),
    as: asFlag('SEAT'),
  }

  async run(): Promise<DoctorResult> {
    const {flags} = await this.parse(Doctor)
    const place = receptionSeat(flags)
    const hub = await hubSection(place.url, place.home, place.agentId)
    const seat = place.agentId ? await seatStatus(place.agentId, place.url, place.home, httpHub({url: place.url, agentId: place.agentId, home: place.home})) : null
    const files = fileChecks(place.home)
    const failed = [...(hub.doctor?.checks ?? []), hub.seat, ...files].filter((c) => !c.ok).length + (seat?.problems.length ?? 0)
    const result: DoctorResult = {ok: failed === 0, url: place.url, home: place.home, hub, files, seat}
    const mark = (c: Check): string => `${c.ok ? 'ok  ' : 'FAIL'} ${c.name.padEnd(11)} ${c.detail}`
    this.log(`agora doctor — hub ${place.url}${hub.status ? ` (${hub.status.version} ${hub.status.protocol}, up ${Math.round(hub.status.uptime_seconds)} s)` : ''}`)
    if (hub.note) this.log(`note ${hub.note}`)
    for (const c of hub.doctor?.checks ?? []) this.log(mark(c))
    this.log(mark(hub.seat))
    for (const c of files) this.log(mark(c))
    if (seat) for (const line of renderStatus(seat)) this.log(`     ${line}`)
    this.log(failed === 0 ? 'all checks pass' : `${failed} problem(s) above`)
    if (failed > 0) process.exitCode = ExitCode.Failed
    return result
  }
}
