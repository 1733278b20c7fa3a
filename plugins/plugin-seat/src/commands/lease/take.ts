import type {Lease} from '@agora/client'
import {Args, Flags} from '@oclif/core'

import {leaseLine, leaseWorkspace, toRepoPatterns, workspaceFlag} from '../../lease-workspace.js'
import {SeatCommand} from '../../seat-command.js'

export default class LeaseTake extends SeatCommand {
  static override strict = false
  static override args = {paths: Args.string({description: 'paths or globs (relative to the cwd) to reserve', required: true})}
  static override description = 'Reserve paths of this repository before editing them; all or nothing, and a conflict names the holder and expiry.'
  static override examples = [
    '<%= config.bin %> lease take "src/api/**" --channel build --ttl 1800 --note "auth refactor"',
    '<%= config.bin %> lease take schema.sql --channel build --shared',
  ]
  static override flags = {
    channel: Flags.string({char: 'c', description: 'channel where others ask about the lease', required: true}),
    shared: Flags.boolean({description: 'a shared lease: others may share it, nobody may take it exclusively'}),
    ttl: Flags.integer({description: 'seconds until it lapses unless renewed (10-86400, default 1800)'}),
    note: Flags.string({description: 'what the lease is for'}),
    workspace: workspaceFlag,
  }

  async run(): Promise<{leases: Lease[]}> {
    const {argv, flags} = await this.parse(LeaseTake)
    const ws = leaseWorkspace(flags.workspace)
    const paths = toRepoPatterns(ws.repo, argv as string[])
    const {client} = await this.openSeat(flags)
    const out = await client.leaseTake(flags.channel, {workspace: ws.id, paths, mode: flags.shared ? 'shared' : 'exclusive', ttl_s: flags.ttl, note: flags.note})
    for (const l of out.leases) this.log(`leased ${leaseLine(l)}`)
    return out
  }
}
