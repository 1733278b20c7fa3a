import {fail} from '../kernel/index.js'

/**
 * Lease patterns are repository-relative POSIX paths with `*` and `?` (within one segment) and `**`
 * (any number of segments). Everything else, `[id].tsx` included, is literal. Comparison ignores
 * case, because one checkout on a case-insensitive disk makes `Src/A.ts` and `src/a.ts` one file.
 */
export const PATTERN_MAX = 400

/** One canonical spelling per pattern, or a 400 that says how to write it. */
export function normalizePattern(raw: unknown, field = 'path'): string {
  if (typeof raw !== 'string' || raw.trim() === '') fail(400, `each ${field} must be a non-empty repository-relative path such as 'src/api/**'`)
  // eslint-disable-next-line no-control-regex
  if (/[\u0000-\u001f\u007f]/.test(raw)) fail(400, `${field} '${raw.slice(0, 80)}' contains control characters; send a plain path`)
  if (raw.includes('\\')) fail(400, `${field} '${raw}' uses a backslash; write paths with '/' relative to the repository root`)
  if (raw.startsWith('/') || /^[A-Za-z]:/.test(raw)) fail(400, `${field} '${raw}' is absolute; leases name paths relative to the repository root, e.g. 'src/api/**'`)
  const segments = raw.split('/').filter((s) => s !== '' && s !== '.')
  if (segments.includes('..')) fail(400, `${field} '${raw}' contains '..'; name the path inside the repository without climbing out of it`)
  if (segments.length === 0) fail(400, `${field} '${raw}' names the repository root; lease '**' if you really mean every file`)
  const out = segments.join('/')
  if (out.length > PATTERN_MAX) fail(400, `${field} is ${out.length} characters; the limit is ${PATTERN_MAX}, lease a parent directory instead`)
  return out
}

/**
 * True when some file could be covered by both: equal paths, a glob matching the other, or one an
 * ancestor directory of the other (a lease on `src` covers `src/a.ts`, and the reverse conflicts too).
 * A pattern may name a directory only when its last segment is literal (`*.md` names files); `bIsFile`
 * says `b` is a concrete file being written, which has no descendants.
 */
export function overlaps(a: string, b: string, bIsFile = false): boolean {
  const sa = segmentsOf(a)
  const sb = segmentsOf(b)
  return segmentsOverlap(sa, sb, mayBeDirectory(sa), !bIsFile && mayBeDirectory(sb))
}

/**
 * A check compares the written path with every live lease: each lease pattern's lower-cased
 * segments are kept rather than split again per check (read only; bounded, dropped when full).
 */
const SEGMENTS_MAX = 10_000
const segmentMemo = new Map<string, readonly string[]>()
function segmentsOf(pattern: string): readonly string[] {
  let s = segmentMemo.get(pattern)
  if (s === undefined) {
    if (segmentMemo.size >= SEGMENTS_MAX) segmentMemo.clear()
    s = pattern.toLowerCase().split('/')
    segmentMemo.set(pattern, s)
  }
  return s
}

const isGlob = (segment: string): boolean => segment.includes('*') || segment.includes('?')
const mayBeDirectory = (segments: readonly string[]): boolean => !isGlob(segments.at(-1) ?? '')
const allGlobstar = (segments: readonly string[], from: number): boolean => segments.slice(from).every((s) => s === '**')

function segmentsOverlap(a: readonly string[], b: readonly string[], aDir: boolean, bDir: boolean): boolean {
  const memo = new Map<number, boolean>()
  const walk = (i: number, j: number): boolean => {
    // one side ran out: equal, or it names a directory that holds what the other still describes
    const x = a[i], y = b[j]
    if (x === undefined) return j === b.length || allGlobstar(b, j) || aDir
    if (y === undefined) return allGlobstar(a, i) || bDir
    const k = i * (b.length + 1) + j
    const seen = memo.get(k)
    if (seen !== undefined) return seen
    let result: boolean
    if (x === '**') result = walk(i + 1, j) || walk(i, j + 1)
    else if (y === '**') result = walk(i, j + 1) || walk(i + 1, j)
    else result = segmentOverlap(x, y) && walk(i + 1, j + 1)
    memo.set(k, result)
    return result
  }
  return walk(0, 0)
}

/** Whether two one-segment globs (`*`, `?`, literals) can match the same name. */
export function segmentOverlap(p: string, q: string): boolean {
  if (!p.includes('*') && !p.includes('?') && !q.includes('*') && !q.includes('?')) return p === q
  const memo = new Map<number, boolean>()
  const walk = (x: number, y: number): boolean => {
    if (x === p.length && y === q.length) return true
    const k = x * (q.length + 1) + y
    const seen = memo.get(k)
    if (seen !== undefined) return seen
    let result = false
    if (p[x] === '*') result = walk(x + 1, y) || (y < q.length && walk(x, y + 1))
    else if (q[y] === '*') result = walk(x, y + 1) || (x < p.length && walk(x + 1, y))
    else if (x < p.length && y < q.length) result = (p[x] === q[y] || p[x] === '?' || q[y] === '?') && walk(x + 1, y + 1)
    memo.set(k, result)
    return result
  }
  return walk(0, 0)
}

/** Workspace ids are opaque repository identities (`<remote>@<root commit>`), never machine paths. */
export function normalizeWorkspace(raw: unknown): string {
  if (typeof raw !== 'string' || !/^[A-Za-z0-9._:/@+~-]{1,200}$/.test(raw)) {
    fail(400, "workspace must be a repository identity of 1-200 characters from [A-Za-z0-9._:/@+~-], e.g. 'github.com/acme/app@1a2b3c4d5e6f'; `agora lease` computes it from the git root commit and remote")
  }
  if (raw.startsWith('/')) fail(400, `workspace '${raw}' looks like a machine path; send the repository identity (remote@root-commit) so seats on other machines share the lease`)
  return raw
}
