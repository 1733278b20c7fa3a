import type {Lease} from '@agora/client'
import {findWorkspace} from '@agora/home'
import type {RepoWorkspace} from '@agora/home'
import {Flags} from '@oclif/core'

import {cleanLine} from '@agora/command'

export const workspaceFlag = Flags.string({description: 'repository identity (default: computed from this checkout\'s root commit and remote)', helpGroup: 'LEASE'})

export {toRepoPatterns} from '@agora/home'

/** The checkout and its identity: `--workspace` wins; otherwise the git repository holding the cwd. */
export function leaseWorkspace(flag: string | undefined, cwd = process.cwd()): {id: string; repo: RepoWorkspace | null} {
  const repo = findWorkspace(cwd)
  if (flag) return {id: flag, repo}
  if (!repo) throw new Error('this folder is not inside a git repository with a commit; run from the checkout, or pass --workspace <remote@root-commit>')
  return {id: repo.id, repo}
}

const clock = (s: number): string => new Date(s * 1000).toISOString().slice(11, 16)

/** One row: pattern, mode, holder, expiry, channel, note. */
export function leaseLine(l: Lease): string {
  const where = l.channel ? `#${cleanLine(l.channel)}` : '(private room)'
  return `${cleanLine(l.path)}\t${l.mode}\t${cleanLine(l.holder)}\tuntil ${clock(l.expires_at)} UTC\t${where}${l.note ? `\t${cleanLine(l.note)}` : ''}`
}
