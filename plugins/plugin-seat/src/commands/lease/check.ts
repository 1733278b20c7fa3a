import {ExitCode} from '@agora/command'
import type {LeaseCheck} from '@agora/client'
import {Args} from '@oclif/core'

import {leaseWorkspace, toRepoPatterns, workspaceFlag} from '../../lease-workspace.js'
import {SeatCommand} from '../../seat-command.js'

export default class LeaseCheck_ extends SeatCommand {
  static override strict = false
  static override args = {paths: Args.string({description: 'files you are about to write', required: true})}
  static override description = 'Say whether you may write these files: exits 1 when another seat holds one exclusively.'
  static override examples = ['<%= config.bin %> lease check src/api/users.ts']
  static override flags = {workspace: workspaceFlag}

  async run(): Promise<LeaseCheck> {
    const {argv, flags} = await this.parse(LeaseCheck_)
    const ws = leaseWorkspace(flags.workspace)
    const out = await (await this.openSeat(flags)).client.leaseCheck(ws.id, toRepoPatterns(ws.repo, argv as string[]))
    if (out.clear) this.log('clear: no other seat holds these paths exclusively')
    else {
      this.log(`held: ${out.detail}`)
      process.exitCode = ExitCode.Failed
    }
    return out
  }
}
