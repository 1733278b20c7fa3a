import {readFileSync, readdirSync, statSync} from 'node:fs'
import {join, relative, sep} from 'node:path'
import {the} from '../helpers/present.js'

/** Top-level folders that hold workspace packages, and whether each child folder is a package. */
const PACKAGE_PARENTS = ['agora-core', 'plugins', 'harness-adapters']
const SINGLE_PACKAGES = ['conformance', 'bin']
const SKIP_DIRS = new Set(['node_modules', 'dist', '.git', '.nx'])

export interface WorkspacePackage {
  /** Folder relative to the repo root, with forward slashes. */
  dir: string
  name: string
  dependencies: Record<string, string>
  peerDependencies: Record<string, string>
}

export function listPackages(root: string): WorkspacePackage[] {
  const dirs: string[] = []
  for (const parent of PACKAGE_PARENTS) {
    let children: string[] = []
    try {
      children = readdirSync(join(root, parent))
    } catch {
      continue
    }
    for (const child of children) dirs.push(`${parent}/${child}`)
  }
  dirs.push(...SINGLE_PACKAGES)
  const packages: WorkspacePackage[] = []
  for (const dir of dirs) {
    let text: string
    try {
      text = readFileSync(join(root, dir, 'package.json'), 'utf8')
    } catch {
      continue
    }
    const pj = JSON.parse(text) as Partial<WorkspacePackage>
    packages.push({dir, name: pj.name ?? dir, dependencies: pj.dependencies ?? {}, peerDependencies: pj.peerDependencies ?? {}})
  }
  return packages
}

/** Every file under `dir` (relative to root) whose name passes `accept`, skipping build output and dependencies. */
export function walkFiles(root: string, dir: string, accept: (path: string) => boolean): string[] {
  const out: string[] = []
  const visit = (abs: string): void => {
    let entries: string[]
    try {
      entries = readdirSync(abs)
    } catch {
      return
    }
    for (const entry of entries) {
      if (SKIP_DIRS.has(entry)) continue
      const full = join(abs, entry)
      const stats = statSync(full)
      if (stats.isDirectory()) visit(full)
      else if (accept(full)) out.push(relative(root, full).split(sep).join('/'))
    }
  }
  visit(join(root, dir))
  return out
}

export const isCode = (path: string): boolean => /\.(ts|mts|js|mjs|cjs)$/.test(path) && !path.endsWith('.d.ts')

/** Static import and re-export specifiers of a source file (import x from 'y', export … from 'y', import('y')). */
export function importSpecifiers(source: string): string[] {
  const specs: string[] = []
  const patterns = [/\b(?:import|export)\s[^'"]*?\bfrom\s*['"]([^'"]+)['"]/g, /\bimport\s*['"]([^'"]+)['"]/g, /\bimport\(\s*['"]([^'"]+)['"]\s*\)/g]
  for (const pattern of patterns) for (const match of source.matchAll(pattern)) specs.push(the(match, 1))
  return specs
}

/** The package a bare specifier names ('@agora/contract/testing' → '@agora/contract'); null for relative and node: imports. */
export function packageOf(specifier: string): string | null {
  if (specifier.startsWith('.') || specifier.startsWith('node:') || specifier.startsWith('/')) return null
  const parts = specifier.split('/')
  return specifier.startsWith('@') ? parts.slice(0, 2).join('/') : the(parts, 0)
}
