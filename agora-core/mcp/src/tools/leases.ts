import type {Lease} from '@agora/client'
import {findWorkspace, LeasePathError, toRepoPatterns} from '@agora/home'
import {z} from 'zod'

import {fenced} from '../fence.js'
import type {Fence} from '../fence.js'
import {guarded, HubError} from '../result.js'
import type {ToolContext} from './context.js'

const paths = z.array(z.string().min(1)).min(1).describe('repository-relative paths or globs, e.g. ["src/api/**", "schema.sql"]')
const workspace = z.string().min(1).optional().describe('repository identity; omit it to use the git checkout this server runs in')

/** Repository-relative patterns; a path the caller must change is a 400 that names it, not a failure of this server. */
function repoPatterns(repo: NonNullable<ReturnType<typeof findWorkspace>>, p: string[]): string[] {
  try {
    return toRepoPatterns(repo, p, repo.root)
  } catch (error) {
    if (error instanceof LeasePathError) throw new HubError(400, error.message, 'pass paths inside the checkout, relative to its root (e.g. "src/api/**")')
    throw error
  }
}

/** The checkout this server runs in (the seat's workspace), unless the caller names a workspace. */
function resolveWorkspace(named: string | undefined, cwd: string): {id: string; patterns: (p: string[]) => string[]} {
  const repo = findWorkspace(cwd)
  if (named) return {id: named, patterns: (p) => (repo ? repoPatterns(repo, p) : p)}
  if (!repo) throw new HubError(400, 'this seat\'s workspace is not a git repository with a commit, so it has no repository identity', 'pass workspace="<remote>@<root commit>" (see list_leases in a checkout), or run the seat inside the repository')
  return {id: repo.id, patterns: (p) => repoPatterns(repo, p)}
}

const clock = (s: number): string => new Date(s * 1000).toISOString().slice(11, 16)
const line = (f: Fence, l: Lease): string =>
  `${f.inline('path', l.path)} ${l.mode} held by ${f.inline('holder', l.holder)} until ${clock(l.expires_at)} UTC${l.channel ? ` in #${f.inline('channel', l.channel)}` : ''}${l.note ? ` note ${f.inline('note', l.note)}` : ''}`

/** Workspace leases: reserve paths before editing, release after; a harness hook refuses writes on others' leases. */
export function registerLeaseTools({server, hub}: ToolContext, cwd = process.cwd()): void {
  server.registerTool('reserve_paths', {
    description: 'Leases repository paths or globs before you edit them, so other seats\' file writes there are refused. ' +
      'All or nothing: if another seat holds an overlapping path (exact, glob, or a parent/child directory) the call ' +
      'fails naming the holder and expiry, and nothing is leased. Taking your own lease again renews it.',
    inputSchema: {channel: z.string().min(1).describe('the channel where others should ask about the lease'), paths,
      shared: z.boolean().optional().describe('true: others may share it, nobody may take it exclusively'),
      ttl_s: z.number().int().min(10).max(86400).optional().describe('seconds until it lapses unless renewed (default 1800)'),
      note: z.string().max(200).optional(), workspace},
  }, (args) => guarded(async () => {
    const ws = resolveWorkspace(args.workspace, cwd)
    const out = await hub.leaseTake(args.channel, {workspace: ws.id, paths: ws.patterns(args.paths), mode: args.shared ? 'shared' : 'exclusive', ttl_s: args.ttl_s, note: args.note})
    return fenced((f) => [`LEASED in ${ws.id} (release_paths when done; reserve again to renew):`, ...out.leases.map((l) => line(f, l))])
  }))

  server.registerTool('release_paths', {
    description: 'Releases your leases in this repository (all of them when paths is omitted).',
    inputSchema: {paths: paths.optional(), workspace},
  }, (args) => guarded(async () => {
    const ws = resolveWorkspace(args.workspace, cwd)
    const out = await hub.leaseRelease(ws.id, {paths: args.paths ? ws.patterns(args.paths) : undefined})
    if (out.released.length === 0) return 'RELEASED nothing: you held no live leases here.'
    return fenced((f) => ['RELEASED:', ...out.released.map((l) => line(f, l))])
  }))

  server.registerTool('list_leases', {
    description: 'Lists every seat\'s live leases on this repository.',
    inputSchema: {workspace},
  }, (args) => guarded(async () => {
    const ws = resolveWorkspace(args.workspace, cwd)
    const out = await hub.leaseList(ws.id)
    if (out.leases.length === 0) return `No live leases in ${ws.id}.`
    return fenced((f) => [`${out.leases.length} live lease(s) in ${ws.id}:`, ...out.leases.map((l) => line(f, l))])
  }))

  server.registerTool('check_paths', {
    description: 'Says whether you may write these files: CLEAR, or HELD with who holds them, until when and where to ask.',
    inputSchema: {paths, workspace},
  }, (args) => guarded(async () => {
    const ws = resolveWorkspace(args.workspace, cwd)
    const out = await hub.leaseCheck(ws.id, ws.patterns(args.paths))
    if (out.clear) return 'CLEAR: no other seat holds these paths exclusively.'
    return fenced((f) => ['HELD — ask the holder in the named channel or work elsewhere:', ...out.conflicts.map((c) => `${f.inline('requested', c.requested)}: ${line(f, c)}`)])
  }))
}
