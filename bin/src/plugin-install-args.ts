import {existsSync} from 'node:fs'
import {homedir} from 'node:os'
import {isAbsolute, resolve} from 'node:path'

const SCHEME = /^[a-z][a-z0-9+.-]*:/i

/** True when an argument names a local file or folder rather than an npm package or URL. */
export function looksLikeLocalPath(arg: string): boolean {
  if (arg.startsWith('-') || SCHEME.test(arg)) return false
  if (arg === '.' || arg === '..' || arg.startsWith('./') || arg.startsWith('../') || arg.startsWith('~/')) return true
  if (isAbsolute(arg)) return true
  return /\.(tgz|tar\.gz|tar)$/i.test(arg)
}

/**
 * Rewrite every local path among `plugins install` arguments to `file:<absolute path>`, the form
 * npm and oclif install from. A local path that does not exist is refused with the form to use.
 */
export function rewritePluginInstallArgs(argv: string[], cwd: string): {argv: string[]; error?: string} {
  const out: string[] = []
  for (const arg of argv) {
    if (!looksLikeLocalPath(arg)) {
      out.push(arg)
      continue
    }
    const expanded = arg.startsWith('~/') ? resolve(homedir(), arg.slice(2)) : resolve(cwd, arg)
    if (!existsSync(expanded)) {
      return {argv, error: `no file or folder at ${expanded}: to install a local plugin, give an existing path, e.g. agora plugins install file:${expanded}`}
    }
    out.push(`file:${expanded}`)
  }
  return {argv: out}
}
