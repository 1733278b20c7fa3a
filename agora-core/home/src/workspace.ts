import {existsSync, readFileSync, realpathSync, statSync, writeFileSync} from 'node:fs'
import {dirname, isAbsolute, join, posix, relative, resolve, sep} from 'node:path'

import {identityStamp, unbornStamp} from './workspace-stamp.js'

/**
 * A workspace is a repository identity, `<remote>@<root commit>`, never a machine path, so seats on
 * different machines working on clones of one repository share leases. It is cached in the git
 * common dir (`agora-workspace`), because the pre-tool hook asks for it on every tool call, and in
 * this process per checkout. Both are keyed by git's own state (workspace-stamp.ts): a changed
 * remote recomputes it, and a repository without a commit yet is asked again once a branch appears.
 */
export interface RepoWorkspace {
  /** The checkout's top-level directory (real path). */
  root: string
  /** The identity the hub keys leases by. */
  id: string
}

const CACHE_FILE = 'agora-workspace'

/** The checkout holding `from`, or null outside git. No subprocess when the cache is warm. */
export function findWorkspace(from: string): RepoWorkspace | null {
  const top = findTop(realpathSync(resolve(from)))
  if (!top) return null
  const common = commonDir(top)
  if (!common) {
    const id = computeId(top)
    return id ? {root: top, id} : null
  }
  const stamp = identityStamp(common)
  const seen = known.get(top)
  if (seen && (seen.id ? seen.stamp === stamp : seen.stamp === unbornStamp(common, stamp))) return seen.id ? {root: top, id: seen.id} : null
  const file = join(common, CACHE_FILE)
  const cached = readCache(file)
  if (cached && (cached.id ? cached.stamp === stamp : cached.stamp === unbornStamp(common, stamp))) return remember(top, cached.id, cached.stamp)
  const id = computeId(top)
  // before the first commit there is no identity yet: remembered against the refs, so the next call skips git
  const fresh = id ? stamp : unbornStamp(common, stamp)
  try { writeFileSync(file, `${id ?? '-'}\n${fresh}\n`) } catch { /* a read-only .git only costs the cache */ }
  return remember(top, id, fresh)
}

/** This process's answers per checkout root (drive and the in-process gate ask repeatedly); bounded. */
const known = new Map<string, {id: string | null; stamp: string}>()
function remember(top: string, id: string | null, stamp: string): RepoWorkspace | null {
  if (known.size >= 100) known.clear()
  known.set(top, {id, stamp})
  return id ? {root: top, id} : null
}

function findTop(dir: string): string | null {
  for (let d = dir; ; d = dirname(d)) {
    if (existsSync(join(d, '.git'))) return d
    if (dirname(d) === d) return null
  }
}

/** `.git` is the common dir, or a file pointing at a worktree dir whose `commondir` names it. */
function commonDir(top: string): string | null {
  const dotGit = join(top, '.git')
  try {
    if (statSync(dotGit).isDirectory()) return dotGit
    const pointer = /^gitdir:\s*(.+)$/m.exec(readFileSync(dotGit, 'utf8'))?.[1]?.trim()
    if (!pointer) return null
    const gitDir = resolve(top, pointer)
    const common = join(gitDir, 'commondir')
    return existsSync(common) ? resolve(gitDir, readFileSync(common, 'utf8').trim()) : gitDir
  } catch {
    return null
  }
}

/** `<id or ->\n<stamp>`; a file from before the stamp (the id alone) reads as stale and is rewritten. */
function readCache(file: string): {id: string | null; stamp: string} | null {
  try {
    const [id = '', stamp = ''] = readFileSync(file, 'utf8').split('\n')
    if (!stamp) return null
    if (id === '-') return {id: null, stamp}
    return /^[A-Za-z0-9._:/@+~-]{1,200}$/.test(id) ? {id, stamp} : null
  } catch {
    return null
  }
}

const git = (cwd: string, args: string[]): string | null => {
  try {
    // loaded on a cold cache only: the lease hook finds the id cached and never spawns git, so it skips child_process's load
    const {execFileSync} = process.getBuiltinModule('node:child_process')
    return execFileSync('git', args, {cwd, encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore']}).trim()
  } catch {
    return null
  }
}

/** `<remote>@<first 12 hex of the root commit>`; `local@…` without a network remote; null before the first commit. */
export function computeId(top: string): string | null {
  const roots = git(top, ['rev-list', '--max-parents=0', 'HEAD'])
  if (!roots) return null
  const root = roots.split('\n').map((s) => s.trim()).filter(Boolean).sort()[0]
  if (!root) return null
  return `${normalizeRemote(git(top, ['config', '--get', 'remote.origin.url']))}@${root.slice(0, 12)}`
}

/** `git@github.com:acme/app.git` and `https://me@github.com/acme/app` are both `github.com/acme/app`; file remotes are machine paths, so `local`. */
export function normalizeRemote(url: string | null): string {
  if (!url) return 'local'
  let m = /^[a-z+]+:\/\/(?:[^@/]+@)?([^/:]+)(?::\d+)?\/(.+)$/i.exec(url)
  if (!m || /^file:/i.test(url)) m = /^(?:[^@/]+@)?([^/:]+):(?!\/)(.+)$/.exec(url)
  if (!m?.[1] || !m[2] || /^file:/i.test(url)) return 'local'
  const path = m[2].replace(/\.git\/?$/, '').replace(/\/+$/, '')
  return `${m[1].toLowerCase()}/${path}`.replace(/[^A-Za-z0-9._:/@+~-]/g, '-').slice(0, 180)
}

export interface RepoPath {
  /** Repository-relative POSIX path as written (lexically). */
  path: string
  /** The same file after symlinks resolve, when that differs and stays inside the repository. */
  real: string | null
}

/**
 * `target` (absolute, or relative to `cwd`) as a repository-relative path, or null outside the
 * checkout. Symlinks are reported, not followed silently: a write through a link lands on its target.
 */
export function repoPath(ws: RepoWorkspace, target: string, cwd: string): RepoPath | null {
  const abs = isAbsolute(target) ? resolve(target) : resolve(cwd, target)
  const lexical = inside(ws.root, abs) ?? inside(ws.root, realParent(abs))
  if (lexical === null) return null
  const realAbs = realParent(abs)
  const real = inside(ws.root, realAbs)
  return {path: lexical, real: real !== null && real !== lexical ? real : null}
}

function inside(root: string, abs: string): string | null {
  const rel = relative(root, abs)
  if (rel === '' || rel.startsWith('..') || isAbsolute(rel)) return null
  return rel.split(sep).join('/')
}

/** The real path of `abs`: the deepest existing ancestor resolved, the missing rest appended. */
function realParent(abs: string): string {
  let head = abs
  const rest: string[] = []
  while (!existsSync(head)) {
    if (dirname(head) === head) return abs
    rest.unshift(head.slice(dirname(head).length + 1))
    head = dirname(head)
  }
  return join(realpathSync(head), ...rest)
}

const GLOB = /[*?]/

/** A lease path the caller must change (outside the checkout, or through a symlink): a refusal, not a failure. */
export class LeasePathError extends Error {
  constructor(message: string) {
    super(message)
    this.name = 'LeasePathError'
  }
}

/**
 * Arguments are relative to the cwd (or absolute), like any shell path, and become repository-relative. The
 * literal head of a pattern must not pass through a symlink: a lease names where writes land.
 */
export function toRepoPatterns(repo: RepoWorkspace | null, args: string[], cwd = process.cwd()): string[] {
  if (!repo) return args
  const base = relative(repo.root, cwd).split(sep).join('/')
  return args.map((arg) => {
    const rel = isAbsolute(arg) ? relative(repo.root, resolve(arg)).split(sep).join('/') || '.' : posix.join(base, arg.split(sep).join('/'))
    const joined = posix.normalize(rel)
    if (joined === '..' || joined.startsWith('../') || posix.isAbsolute(joined)) {
      throw new LeasePathError(`'${arg}' is outside the repository at ${repo.root}; lease paths inside the checkout`)
    }
    const segments = joined.split('/')
    const firstGlob = segments.findIndex((s) => GLOB.test(s))
    const literal = (firstGlob === -1 ? segments : segments.slice(0, firstGlob)).join('/')
    const mapped = literal && literal !== '.' ? repoPath(repo, literal, repo.root) : null
    if (mapped?.real) throw new LeasePathError(`'${arg}' goes through a symlink to '${mapped.real}'; lease the target path instead, since that is where writes land`)
    return joined === '.' ? '**' : joined
  })
}
