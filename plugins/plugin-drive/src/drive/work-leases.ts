import {AgoraClient, AgoraHttpError} from '@agora/client'
import {findWorkspace, lookupKey, toRepoPatterns} from '@agora/home'

import type {WorkRow} from './work-scan.js'

/**
 * `agora drive` takes the leases a work item names before its chunk and releases them after:
 * a claim row's `paths` (repository-relative paths or globs of the seat's checkout). A crashed
 * driver never releases, so the lease lapses at its ttl (the chunk timeout plus a minute).
 */
export interface WorkLeasePort {
  /** Null when the row names no paths or they are now held by this seat; otherwise why they are not. */
  take(row: WorkRow, ttlS: number): Promise<string | null>
  release(row: WorkRow): Promise<void>
}

/** The paths a claim row names: strings only, at most 50. */
export function claimPaths(value: unknown): string[] | undefined {
  const paths = value && typeof value === 'object' ? (value as Record<string, unknown>).paths : undefined
  if (!Array.isArray(paths)) return undefined
  const strings = paths.filter((p): p is string => typeof p === 'string' && p.trim() !== '').slice(0, 50)
  return strings.length > 0 ? strings : undefined
}

export function workLeases(options: {url: string; agentId: string; home: string; workspace: string}): WorkLeasePort | undefined {
  const repo = findWorkspace(options.workspace)
  if (!repo) return undefined
  const client = (): AgoraClient => {
    const key = lookupKey(options.home, options.url, options.agentId)
    if (!key) throw new Error(`no key cached for ${options.agentId}`)
    return new AgoraClient({url: options.url, apiKey: key, timeoutMs: 10_000})
  }
  return {
    async take(row, ttlS) {
      if (!row.paths || !row.channel) return null
      try {
        const paths = toRepoPatterns(repo, row.paths, repo.root)
        await client().leaseTake(row.channel, {workspace: repo.id, paths, ttl_s: Math.min(86400, Math.max(10, ttlS)), note: `agora drive: ${row.ref}`})
        return null
      } catch (error) {
        return error instanceof AgoraHttpError ? error.detailText : (error as Error).message
      }
    },
    async release(row) {
      if (!row.paths) return
      try {
        await client().leaseRelease(repo.id, {paths: toRepoPatterns(repo, row.paths, repo.root)})
      } catch {
        // already lapsed or released by hand: the lease is gone either way
      }
    },
  }
}
