import type {Lease} from '@agora/client'
import {Args, Flags} from '@oclif/core'

import {leaseLine, leaseWorkspace, toRepoPatterns, workspaceFlag} from '../../lease-workspace.js'
import {SeatCommand} from '../../seat-command.js'

export default class LeaseRelease extends SeatCommand {
  static override strict = false
  static override args = {paths: Args.string({description: 'patterns to release (default: all of yours in this repository)'})}
  static override description = 'Release your leases (operators: --holder releases another seat\'s).'
  static override examples = ['<%= config.bin %> lease release', '<%= config.bin %> lease release "src/api/**"']
  static override flags = {
    holder: Flags.string({description: 'operator only: release this seat\'s leases'}),
    workspace: workspaceFlag,
  }

  async run(): Promise<{released: Lease[]}> {
    const {argv, flags} = await this.parse(LeaseRelease)
    const ws = leaseWorkspace(flags.workspace)
    const paths = argv.length > 0 ? toRepoPatterns(ws.repo, argv as string[]) : undefined
    const out = await (await this.openSeat(flags)).client.leaseRelease(ws.id, {paths, holder: flags.holder})
    for (const l of out.released) this.log(`released ${leaseLine(l)}`)
    if (out.released.length === 0) this.log('nothing to release')
    return out
  }
}
