import type {Lease} from '@agora/protocol'
import {overlaps} from './lease-paths.js'

const isGlob = (segment: string): boolean => segment.includes('*') || segment.includes('?')

/**
 * The hook path's matcher: a workspace's exclusive leases compiled into a trie of their literal
 * leading segments (lower-cased), built once per cached read of the rows and dropped with them when
 * a lease write bumps the generation. Checking a written file walks its own segments down the trie:
 * a lease ending on the way is the file or an ancestor directory of it, and a lease whose pattern turns
 * into a glob at that depth is compared whole (`overlaps`, the rule itself). Leases under other
 * directories are never looked at. Expiry is compared at query time, so time passing needs no rebuild.
 */
interface Entry {
  lease: Lease
  /** Position in the workspace's (path, holder) order, so answers keep the order `conflictsFor` gives. */
  rank: number
}

interface Node {
  children: Map<string, Node>
  /** Literal patterns ending exactly here: the file itself, or a directory holding it. */
  here: Entry[]
  /** Patterns whose segment at this depth is the first glob. */
  globbed: Entry[]
}

export interface LeaseIndex {
  root: Node
  all: Entry[]
}

const node = (): Node => ({children: new Map(), here: [], globbed: []})

/** `sorted`: the workspace's rows in (path, holder) order; only exclusive ones can refuse a write. */
export function buildLeaseIndex(sorted: readonly Lease[]): LeaseIndex {
  const root = node()
  const all: Entry[] = []
  sorted.forEach((lease, rank) => {
    if (lease.mode !== 'exclusive') return
    const segments = lease.path.toLowerCase().split('/')
    const firstGlob = segments.findIndex(isGlob)
    const literal = firstGlob === -1 ? segments : segments.slice(0, firstGlob)
    const entry: Entry = {lease, rank}
    all.push(entry)
    let at = root
    for (const segment of literal) {
      let next = at.children.get(segment)
      if (!next) at.children.set(segment, (next = node()))
      at = next
    }
    ;(firstGlob === -1 ? at.here : at.globbed).push(entry)
  })
  return {root, all}
}

const liveOther = (entry: Entry, holder: string, now: number): boolean => entry.lease.holder !== holder && entry.lease.expires_at > now

/**
 * The live exclusive leases of other seats that cover writing `file` (a normalized repository path), in
 * (path, holder) order: the answer `overlaps(lease, file, true)` gives over every row, without visiting
 * every row. A written name holding `*` or `?` (legal in a file name) is compared against every lease.
 */
export function exclusiveHolders(index: LeaseIndex, file: string, holder: string, now: number): Lease[] {
  if (isGlob(file)) return index.all.filter((e) => liveOther(e, holder, now) && overlaps(e.lease.path, file, true)).map((e) => e.lease)
  const segments = file.toLowerCase().split('/')
  const hits: Entry[] = []
  let at: Node | undefined = index.root
  for (let depth = 0; at; depth++) {
    // a literal pattern ending here is the file itself or one of its directories
    for (const e of at.here) if (liveOther(e, holder, now)) hits.push(e)
    for (const e of at.globbed) if (liveOther(e, holder, now) && overlaps(e.lease.path, file, true)) hits.push(e)
    if (depth === segments.length) break
    at = at.children.get(segments[depth]!)
  }
  if (hits.length > 1) hits.sort((a, b) => a.rank - b.rank)
  return hits.map((e) => e.lease)
}
