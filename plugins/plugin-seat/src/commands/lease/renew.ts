import type {Lease} from '@agora/client'
import {Args, Flags} from '@oclif/core'

import {leaseLine, leaseWorkspace, toRepoPatterns, workspaceFlag} from '../../lease-workspace.js'
import {SeatCommand} from '../../seat-command.js'

export default class LeaseRenew extends SeatCommand {
  static override strict = false
  static override args = {paths: Args.string({description: 'patterns to renew (default: all of yours in this repository)'})}
  static override description = 'Heartbeat: push out the expiry of your live leases. A lapsed lease is gone; take it again.'
  static override examples = ['<%= config.bin %> lease renew', '<%= config.bin %> lease renew "src/api/**" --ttl 3600']
  static override flags = {
    ttl: Flags.integer({description: 'seconds from now (10-86400, default 1800)'}),
    workspace: workspaceFlag,
  }

  async run(): Promise<{leases: Lease[]}> {
    const {argv, flags} = await this.parse(LeaseRenew)
    const ws = leaseWorkspace(flags.workspace)
    const paths = argv.length > 0 ? toRepoPatterns(ws.repo, argv as string[]) : undefined
    const out = await (await this.openSeat(flags)).client.leaseRenew(ws.id, {paths, ttlS: flags.ttl})
    for (const l of out.leases) this.log(`renewed ${leaseLine(l)}`)
    if (out.leases.length === 0) this.log('you hold no live leases in this repository')
    return out
  }
}
