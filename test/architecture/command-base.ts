import {readFileSync} from 'node:fs'
import {join} from 'node:path'
import {isCode, listPackages, walkFiles} from './repo-scan.js'

/**
 * Classes allowed to extend oclif's Command directly, by file and class name, each with its reason.
 * Every other command extends AgoraCommand (@agora/command), so flags, home, --json shapes and exit
 * codes live in one place.
 */
export const DIRECT_OCLIF_COMMANDS: Record<string, {className: string; reason: string}> = {
  'agora-core/command/src/agora-command.ts': {className: 'AgoraCommand', reason: 'it is the base every agora command extends'},
}

/** The local names a source binds to oclif's Command: `Command`, an alias (`Command as Base`), or `ns.Command` for `import * as ns`. */
export function oclifCommandNames(source: string): string[] {
  const names: string[] = []
  for (const match of source.matchAll(/\bimport\s+(?!type\b)([^'";]*?)\s+from\s*['"]@oclif\/core['"]/g)) {
    const clause = match[1] ?? ''
    const named = /\{([^}]*)\}/.exec(clause)
    for (const part of named?.[1]?.split(',') ?? []) {
      const [imported = '', local] = part.trim().replace(/^type\s+/, '\u0000').split(/\s+as\s+/)
      if (imported === 'Command') names.push((local ?? imported).trim())
    }
    const namespace = /\*\s+as\s+([\w$]+)/.exec(clause)
    if (namespace) names.push(`${namespace[1]}.Command`)
  }
  return names
}

/** `file: class X extends <oclif's Command>` for every class outside DIRECT_OCLIF_COMMANDS, and every stale exception. */
export function checkCommandBase(root: string, allowed = DIRECT_OCLIF_COMMANDS): string[] {
  const violations: string[] = []
  const seen = new Set<string>()
  for (const pkg of listPackages(root)) {
    for (const file of walkFiles(root, `${pkg.dir}/src`, isCode)) {
      const source = readFileSync(join(root, file), 'utf8')
      const names = new Set(oclifCommandNames(source))
      if (names.size === 0) continue
      for (const match of source.matchAll(/\bclass\s+([\w$]+)\s+extends\s+([\w$]+(?:\.[\w$]+)?)/g)) {
        const [, className, base] = match
        if (base === undefined || !names.has(base)) continue
        if (allowed[file]?.className === className) {
          seen.add(file)
          continue
        }
        violations.push(`${file}: class ${className} extends oclif's Command directly; extend AgoraCommand from @agora/command ` +
          '(or list it in DIRECT_OCLIF_COMMANDS with its reason)')
      }
    }
  }
  for (const [file, {className}] of Object.entries(allowed)) {
    if (!seen.has(file)) violations.push(`${file}: listed in DIRECT_OCLIF_COMMANDS but class ${className} there no longer extends oclif's Command; drop the entry`)
  }
  return violations
}
