import type {LeaseList} from '@agora/client'
import {Flags} from '@oclif/core'

import {leaseLine, leaseWorkspace, workspaceFlag} from '../../lease-workspace.js'
import {SeatCommand} from '../../seat-command.js'

export default class LeaseList_ extends SeatCommand {
  static override description = 'List the live leases on this repository, from every seat.'
  static override examples = ['<%= config.bin %> lease list', '<%= config.bin %> lease list --mine --json']
  static override flags = {
    holder: Flags.string({description: 'only this seat\'s leases'}),
    mine: Flags.boolean({description: 'only your own leases', exclusive: ['holder']}),
    workspace: workspaceFlag,
  }

  async run(): Promise<LeaseList> {
    const {flags} = await this.parse(LeaseList_)
    const ws = leaseWorkspace(flags.workspace)
    const seat = await this.openSeat(flags)
    const out = await seat.client.leaseList(ws.id, {holder: flags.mine ? seat.agentId ?? undefined : flags.holder})
    this.log(`workspace ${out.workspace}: ${out.leases.length} live lease(s)`)
    for (const l of out.leases) this.log(leaseLine(l))
    return out
  }
}
