import type {Lease} from '@agora/client'
import {findWorkspace, repoPath} from '@agora/home'
import type {RepoWorkspace} from '@agora/home'
import {Flags} from '@oclif/core'
import {posix, relative, sep} from 'node:path'

import {cleanLine} from './render.js'

export const workspaceFlag = Flags.string({description: 'repository identity (default: computed from this checkout\'s root commit and remote)', helpGroup: 'LEASE'})

/** The checkout and its identity: `--workspace` wins; otherwise the git repository holding the cwd. */
export function leaseWorkspace(flag: string | undefined, cwd = process.cwd()): {id: string; repo: RepoWorkspace | null} {
  const repo = findWorkspace(cwd)
  if (flag) return {id: flag, repo}
  if (!repo) throw new Error('this folder is not inside a git repository with a commit; run from the checkout, or pass --workspace <remote@root-commit>')
  return {id: repo.id, repo}
}

const GLOB = /[*?]/

/**
 * Arguments are relative to the cwd, like any shell path, and become repository-relative. The
 * literal head of a pattern must not pass through a symlink: a lease names where writes land.
 */
export function toRepoPatterns(repo: RepoWorkspace | null, args: string[], cwd = process.cwd()): string[] {
  if (!repo) return args
  const base = relative(repo.root, cwd).split(sep).join('/')
  return args.map((arg) => {
    const joined = posix.normalize(posix.join(base, arg.split(sep).join('/')))
    if (joined === '..' || joined.startsWith('../') || posix.isAbsolute(joined)) {
      throw new Error(`'${arg}' is outside the repository at ${repo.root}; lease paths inside the checkout`)
    }
    const segments = joined.split('/')
    const firstGlob = segments.findIndex((s) => GLOB.test(s))
    const literal = (firstGlob === -1 ? segments : segments.slice(0, firstGlob)).join('/')
    const mapped = literal && literal !== '.' ? repoPath(repo, literal, repo.root) : null
    if (mapped?.real) throw new Error(`'${arg}' goes through a symlink to '${mapped.real}'; lease the target path instead, since that is where writes land`)
    return joined === '.' ? '**' : joined
  })
}

const clock = (s: number): string => new Date(s * 1000).toISOString().slice(11, 16)

/** One row: pattern, mode, holder, expiry, channel, note. */
export function leaseLine(l: Lease): string {
  const where = l.channel ? `#${cleanLine(l.channel)}` : '(private room)'
  return `${cleanLine(l.path)}\t${l.mode}\t${cleanLine(l.holder)}\tuntil ${clock(l.expires_at)} UTC\t${where}${l.note ? `\t${cleanLine(l.note)}` : ''}`
}
