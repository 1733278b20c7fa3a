import {execFileSync} from 'node:child_process'
import {chmodSync, existsSync, mkdirSync, readFileSync, writeFileSync} from 'node:fs'
import {isAbsolute, join, resolve} from 'node:path'

/**
 * The git guard: pre-commit and pre-push hooks that run `agora guard check`, which refuses a commit
 * (or push) touching paths another seat leased exclusively. `--no-verify` stays the human's escape hatch.
 */
export const GUARD_HOOKS = ['pre-commit', 'pre-push'] as const
export type GuardHook = (typeof GUARD_HOOKS)[number]
const MARK = '# agora guard:'

const git = (cwd: string, args: string[], input?: string): string =>
  execFileSync('git', args, {cwd, encoding: 'utf8', input, stdio: [input === undefined ? 'ignore' : 'pipe', 'pipe', 'pipe']}).trim()

const shellWord = (word: string): string => (/^[A-Za-z0-9_/.:@%+=,-]+$/.test(word) ? word : `'${word.replace(/'/g, `'\\''`)}'`)

/** The hook script: our marker line, then exec of the guard check with the seat flags frozen at install. */
export function hookScript(hook: GuardHook, agora: string[], seatArgs: string[]): string {
  const mode = hook === 'pre-commit' ? '--staged' : '--push'
  return `#!/bin/sh\n${MARK} refuses ${hook === 'pre-commit' ? 'a commit' : 'a push'} touching paths another seat leased (agora guard install).\n` +
    `# A human may bypass it with --no-verify.\nexec ${[...agora, 'guard', 'check', mode, ...seatArgs].map(shellWord).join(' ')}\n`
}

/** `git rev-parse --git-path hooks` honours core.hooksPath and worktrees. */
export function hooksDir(repoRoot: string): string {
  const dir = git(repoRoot, ['rev-parse', '--git-path', 'hooks'])
  return isAbsolute(dir) ? dir : resolve(repoRoot, dir)
}

export interface InstallResult { hook: GuardHook; path: string; action: 'installed' | 'replaced' | 'unchanged' }

/** Write both hooks; a foreign hook is left alone unless `force`, with advice on chaining it. */
export function installGuard(repoRoot: string, agora: string[], seatArgs: string[], force: boolean): InstallResult[] {
  const dir = hooksDir(repoRoot)
  mkdirSync(dir, {recursive: true})
  const plan = GUARD_HOOKS.map((hook) => {
    const path = join(dir, hook)
    const current = existsSync(path) ? readFileSync(path, 'utf8') : null
    if (current !== null && !current.includes(MARK) && !force) {
      throw new Error(`${path} already exists and is not agora's; add \`${[...agora, 'guard', 'check', hook === 'pre-commit' ? '--staged' : '--push'].join(' ')}\` to it, or pass --force to replace it`)
    }
    return {hook, path, current}
  })
  return plan.map(({hook, path, current}) => {
    const script = hookScript(hook, agora, seatArgs)
    if (current === script) return {hook, path, action: 'unchanged' as const}
    writeFileSync(path, script)
    chmodSync(path, 0o755)
    return {hook, path, action: current === null ? 'installed' as const : 'replaced' as const}
  })
}

/** Staged paths, both sides of a rename, deletions included. */
export function stagedPaths(repoRoot: string): string[] {
  const out = git(repoRoot, ['diff', '--cached', '--name-only', '--no-renames', '-z'])
  return out.split('\0').filter(Boolean)
}

const ZERO = /^0+$/

/** Paths changed by the commits a push sends, from git's pre-push stdin (`<local ref> <sha> <remote ref> <sha>` lines). */
export function pushedPaths(repoRoot: string, stdin: string): string[] {
  const paths = new Set<string>()
  for (const line of stdin.split('\n')) {
    const [, localSha, , remoteSha] = line.trim().split(/\s+/)
    if (!localSha || ZERO.test(localSha)) continue
    const out = remoteSha && !ZERO.test(remoteSha)
      ? git(repoRoot, ['diff', '--name-only', '--no-renames', '-z', remoteSha, localSha])
      : git(repoRoot, ['log', '--name-only', '--no-renames', '-z', '--format=', localSha, '--not', '--remotes'])
    for (const p of out.split('\0').map((s) => s.trim()).filter(Boolean)) paths.add(p)
  }
  return [...paths]
}
