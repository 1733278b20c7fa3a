import {ExitCode} from '@agora/command'
import type {LeaseCheck} from '@agora/client'
import {Flags} from '@oclif/core'
import {readFileSync} from 'node:fs'

import {pushedPaths, stagedPaths} from '../../git-guard.js'
import {leaseWorkspace} from '../../lease-workspace.js'
import {SeatCommand} from '../../seat-command.js'

export interface GuardOutcome {
  workspace: string
  paths: string[]
  verdict: 'clear' | 'held' | 'unchecked'
  check: LeaseCheck | null
  reason: string
}

export default class GuardCheck extends SeatCommand {
  static override description = 'What the git guard runs: exits 1 when the staged (or pushed) paths touch another seat\'s exclusive lease.'
  static override examples = ['<%= config.bin %> guard check --staged', 'git diff --name-only | <%= config.bin %> guard check --stdin-paths']
  static override flags = {
    staged: Flags.boolean({description: 'check the paths staged for commit (the pre-commit hook)', exclusive: ['push']}),
    push: Flags.boolean({description: 'check the paths in the commits being pushed, from git\'s pre-push stdin'}),
  }

  async run(): Promise<GuardOutcome> {
    const {flags} = await this.parse(GuardCheck)
    const ws = leaseWorkspace(undefined)
    const root = ws.repo!.root
    const paths = flags.push ? pushedPaths(root, readFileSync(0, 'utf8')) : stagedPaths(root)
    const what = flags.push ? 'push' : 'commit'
    if (paths.length === 0) return {workspace: ws.id, paths, verdict: 'clear', check: null, reason: 'nothing to check'}
    let check: LeaseCheck
    try {
      check = await (await this.openSeat(flags)).client.leaseCheck(ws.id, paths)
    } catch (error) {
      // no seat here (a human's own commit) or no hub: the guard cannot judge, so it lets git proceed
      const reason = `agora guard: leases not checked (${(error as Error).message}); ${what} allowed`
      this.logToStderr(reason)
      return {workspace: ws.id, paths, verdict: 'unchecked', check: null, reason}
    }
    if (check.clear) return {workspace: ws.id, paths, verdict: 'clear', check, reason: 'no staged path is leased by another seat'}
    const [first] = check.conflicts
    if (!first) return {workspace: ws.id, paths, verdict: 'clear', check, reason: 'no staged path is leased by another seat'}
    const where = first.channel ? `ask in #${first.channel}` : `ask ${first.holder}`
    const reason = `agora guard: ${what} refused — ${check.detail}. ${where.charAt(0).toUpperCase()}${where.slice(1)}, ${flags.push ? 'drop those changes from the push' : 'unstage those files (git restore --staged <path>)'}, or wait for the expiry. ` +
      `A human may bypass the guard with \`git ${what} --no-verify\`.`
    this.logToStderr(reason)
    process.exitCode = ExitCode.Failed
    return {workspace: ws.id, paths, verdict: 'held', check, reason}
  }
}
