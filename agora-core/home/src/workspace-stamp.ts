import {readFileSync, statSync} from 'node:fs'
import {join} from 'node:path'

/**
 * What a cached workspace identity is keyed by, read from git's files without running git (one stat,
 * a few more before the first commit). The identity is `<origin remote>@<root commit>`: the remote
 * lives in the common dir's `config`, and the root commit never changes once there is one.
 */
const statKey = (file: string): string => {
  try {
    const s = statSync(file)
    return `${s.ino}.${s.size}.${s.mtimeMs}`
  } catch {
    return '-'
  }
}

/** The key of a known identity: the config file as it is now (a `git remote set-url` rewrites it). */
export function identityStamp(common: string): string {
  return `config ${statKey(join(common, 'config'))}`
}

/**
 * The key of "no commit yet": the identity key plus the refs, so the first commit (a new branch ref,
 * loose or packed) or a fetch into the repository makes the next call ask git again.
 */
export function unbornStamp(common: string, identity: string): string {
  let head = ''
  try { head = readFileSync(join(common, 'HEAD'), 'utf8').trim() } catch { /* no HEAD: git will say */ }
  return `${identity} refs ${statKey(join(common, 'refs', 'heads'))} ${statKey(join(common, 'packed-refs'))} ${head.slice(0, 200)}`
}
