import {Flags} from '@oclif/core'
import {resolve} from 'node:path'

import {installGuard} from '../../git-guard.js'
import type {InstallResult} from '../../git-guard.js'
import {leaseWorkspace} from '../../lease-workspace.js'
import {HubCommand} from '../../seat-command.js'

export default class GuardInstall extends HubCommand {
  static override description = 'Install the git guard in this repository: pre-commit and pre-push hooks that refuse a commit or push touching paths another seat leased. A human may bypass it with --no-verify.'
  static override examples = ['<%= config.bin %> guard install --as bob', '<%= config.bin %> guard install --force']
  static override flags = {
    as: Flags.string({description: 'seat the guard checks as (default: resolved at commit time from AGORA_AGENT_ID or .agora/seat.json)'}),
    force: Flags.boolean({description: 'replace existing pre-commit/pre-push hooks that are not agora\'s'}),
  }

  async run(): Promise<{repository: string; hooks: InstallResult[]}> {
    const {flags} = await this.parse(GuardInstall)
    const ws = leaseWorkspace(undefined)
    const bins = (this.config.pjson as {bin?: Record<string, string>}).bin ?? {}
    const script = bins[this.config.bin]
    const agora = script ? [resolve(this.config.root, script)] : [this.config.bin]
    const seatArgs = [...(flags.as ? ['--as', flags.as] : []), ...(flags.url ? ['--url', flags.url] : []), ...(flags.home ? ['--home', resolve(flags.home)] : [])]
    const hooks = installGuard(ws.repo!.root, agora, seatArgs, flags.force)
    for (const h of hooks) this.log(`${h.action} ${h.path}`)
    this.log('commits and pushes touching paths another seat leased are now refused; `git commit --no-verify` bypasses the guard (a human decision)')
    return {repository: ws.repo!.root, hooks}
  }
}
