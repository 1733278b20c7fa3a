import {readFileSync} from 'node:fs'
import {join} from 'node:path'
import {importSpecifiers, isCode, listPackages, packageOf, walkFiles} from './repo-scan.js'

/** Which @agora packages each core library may depend on. Plugins and the CLI are checked by rule. */
const CORE_EDGES: Record<string, string[]> = {
  '@agora/contract': [],
  '@agora/home': [],
  '@agora/protocol': ['@agora/contract'],
  '@agora/model-stub': [],
  '@agora/transport': ['@agora/contract'],
  '@agora/hub': ['@agora/protocol', '@agora/home'],
  '@agora/client': ['@agora/protocol', '@agora/home'],
  '@agora/command': ['@agora/client', '@agora/protocol', '@agora/home'],
  '@agora/mcp': ['@agora/client', '@agora/protocol', '@agora/home'],
  '@agora/agent': ['@agora/client', '@agora/protocol', '@agora/home'],
  '@agora/desk': ['@agora/protocol'],
  '@agora/conformance': ['@agora/contract', '@agora/client', '@agora/command', '@agora/home', '@agora/transport'],
}
const CLI = '@agora/cli'

function allowedAgoraDeps(dir: string, name: string): Set<string> | 'any-core' | null {
  if (dir.startsWith('harness-adapters/')) return new Set(['@agora/contract'])
  if (dir.startsWith('plugins/')) return 'any-core'
  if (name === CLI) return null
  return new Set(CORE_EDGES[name] ?? [])
}

function edgeAllowed(allowed: Set<string> | 'any-core' | null, target: string, self: string): boolean {
  if (target === self) return true
  if (target === CLI) return false
  if (allowed === null) return true
  if (allowed === 'any-core') return !target.startsWith('@agora/plugin-') && !target.startsWith('@agora/harness-')
  return allowed.has(target)
}

/**
 * Dependency direction: adapters and probes import only the contract, adapters never import each
 * other, hub and mcp never import each other, nothing imports the CLI. Checks package.json
 * dependencies and every static import in src/.
 */
export function checkDependencyDirection(root: string): string[] {
  const violations: string[] = []
  for (const pkg of listPackages(root)) {
    const allowed = allowedAgoraDeps(pkg.dir, pkg.name)
    if (pkg.dir.startsWith('harness-adapters/') && Object.keys(pkg.dependencies).length > 0) {
      violations.push(`${pkg.dir}/package.json: a harness adapter has no runtime dependencies (found ${Object.keys(pkg.dependencies).join(', ')})`)
    }
    for (const dep of Object.keys({...pkg.dependencies, ...pkg.peerDependencies})) {
      if (dep.startsWith('@agora/') && !edgeAllowed(allowed, dep, pkg.name)) violations.push(`${pkg.dir}/package.json: ${pkg.name} may not depend on ${dep}`)
    }
    for (const file of walkFiles(root, `${pkg.dir}/src`, isCode)) {
      const isProbe = file.startsWith('conformance/src/probes/')
      for (const spec of importSpecifiers(readFileSync(join(root, file), 'utf8'))) {
        const target = packageOf(spec)
        if (target === null) continue
        if (isProbe && target !== '@agora/contract') violations.push(`${file}: a conformance probe imports only @agora/contract (found ${spec})`)
        else if (pkg.dir.startsWith('harness-adapters/') && target !== '@agora/contract') violations.push(`${file}: a harness adapter imports only @agora/contract (found ${spec})`)
        else if (target.startsWith('@agora/') && !edgeAllowed(allowed, target, pkg.name)) violations.push(`${file}: ${pkg.name} may not import ${target}`)
      }
    }
  }
  return violations
}

/** Harness names as they would appear in code; `cursor` only in its vendor forms, since cursors are a hub concept. */
const VENDOR_PATTERNS: RegExp[] = [
  /(?<![a-z])claude(?![a-z])/i,
  /(?<![a-z])codex(?![a-z])/i,
  /(?<![a-z])opencode(?![a-z])/i,
  /(?<![a-z])abstractcode(?![a-z])/i,
  /(?<![a-z])gemini(?![a-z])/i,
  /cursor-agent|\.cursor\b|['"`]cursor['"`]/i,
  /(?<![a-z0-9_.$])pi(?![a-z0-9_])|\bPI_[A-Z]/i,
]
const GENERIC_ROOTS = ['agora-core', 'plugins', 'conformance']

/** No harness name in generic code: a harness is data declared in its own adapter package. */
export function checkNoVendorNames(root: string): string[] {
  const violations: string[] = []
  for (const pkg of listPackages(root)) {
    if (!GENERIC_ROOTS.some((top) => pkg.dir === top || pkg.dir.startsWith(`${top}/`))) continue
    for (const file of walkFiles(root, `${pkg.dir}/src`, isCode)) {
      const lines = readFileSync(join(root, file), 'utf8').split('\n')
      lines.forEach((line, index) => {
        const hit = VENDOR_PATTERNS.find((pattern) => pattern.test(line))
        if (hit) violations.push(`${file}:${index + 1}: names a harness (${line.trim().slice(0, 80)})`)
      })
    }
  }
  return violations
}

export const MAX_FILE_LINES = 500

/** No source or test file over 500 lines (fixtures and *.generated.* files exempt). */
export function checkFileSizes(root: string): string[] {
  const dirs = [...listPackages(root).map((pkg) => pkg.dir), 'test']
  const violations: string[] = []
  for (const dir of dirs) {
    for (const file of walkFiles(root, dir, (path) => isCode(path) && !/[\\/]fixtures[\\/]/.test(path) && !/\.generated\./.test(path))) {
      const count = readFileSync(join(root, file), 'utf8').split('\n').length
      if (count > MAX_FILE_LINES) violations.push(`${file}: ${count} lines (limit ${MAX_FILE_LINES}: split it)`)
    }
  }
  return violations
}
