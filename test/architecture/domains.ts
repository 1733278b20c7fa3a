import {existsSync, readFileSync, statSync} from 'node:fs'
import {join, posix} from 'node:path'
import {isCode, listPackages, walkFiles} from './repo-scan.js'
import {present, the} from '../helpers/present.js'

/** One relative import: where it points (repo-relative) and whether it vanishes at compile time. */
export interface LocalImport {
  target: string
  typeOnly: boolean
}

const RELATIVE = /\b(import|export)\s+(type\s+)?(?:[^'";]*?\bfrom\s*)?['"](\.{1,2}\/[^'"]+)['"]|\bimport\(\s*['"](\.{1,2}\/[^'"]+)['"]\s*\)/g

/** The file a relative specifier names: `x.js` is the `x.ts` beside it in source. */
function resolveSpecifier(root: string, from: string, spec: string): string {
  const joined = posix.normalize(posix.join(posix.dirname(from), spec))
  for (const candidate of [joined.replace(/\.js$/, '.ts'), joined.replace(/\.mjs$/, '.mts'), joined, `${joined}.ts`, `${joined}/index.ts`]) {
    const full = join(root, candidate)
    if (existsSync(full) && statSync(full).isFile()) return candidate
  }
  return joined
}

/** Relative imports and re-exports of one source file; `import type`/`export type` are marked type-only. */
export function localImports(root: string, file: string): LocalImport[] {
  const source = readFileSync(join(root, file), 'utf8')
  const out: LocalImport[] = []
  for (const m of source.matchAll(RELATIVE)) {
    const spec = present(m[3] ?? m[4], 'the specifier of an import')
    out.push({target: resolveSpecifier(root, file, spec), typeOnly: m[2] !== undefined})
  }
  return out
}

/** Import cycles among the files of `files` (runtime imports only), each as `a → b → … → a`, smallest first. */
export function findCycles(root: string, files: string[]): string[] {
  const inSet = new Set(files)
  const edges = new Map(files.map(f => [f, [...new Set(localImports(root, f).filter(i => !i.typeOnly && inSet.has(i.target)).map(i => i.target))].sort()]))
  // Tarjan's strongly connected components; each component of 2+ files (or a self-import) is a cycle.
  let counter = 0
  const index = new Map<string, number>()
  const low = new Map<string, number>()
  const stack: string[] = []
  const onStack = new Set<string>()
  const components: string[][] = []
  const visit = (v: string): void => {
    index.set(v, counter)
    low.set(v, counter++)
    stack.push(v)
    onStack.add(v)
    for (const w of edges.get(v) ?? []) {
      if (!index.has(w)) {
        visit(w)
        low.set(v, Math.min(low.get(v)!, low.get(w)!))
      } else if (onStack.has(w)) low.set(v, Math.min(low.get(v)!, index.get(w)!))
    }
    if (low.get(v) === index.get(v)) {
      const component: string[] = []
      let w: string
      do {
        w = stack.pop()!
        onStack.delete(w)
        component.push(w)
      } while (w !== v)
      if (component.length > 1 || edges.get(v)!.includes(v)) components.push(component)
    }
  }
  for (const f of [...files].sort()) if (!index.has(f)) visit(f)
  return components.map(c => describeCycle(c, edges)).sort()
}

/** One concrete loop through a component: start at its first file, follow edges inside it back home. */
function describeCycle(component: string[], edges: Map<string, string[]>): string {
  const members = new Set(component)
  const start = the([...component].sort(), 0)
  const path = [start]
  const seen = new Set([start])
  const step = (v: string): boolean => {
    for (const w of edges.get(v) ?? []) {
      if (w === start) return true
      if (!members.has(w) || seen.has(w)) continue
      seen.add(w)
      path.push(w)
      if (step(w)) return true
      path.pop()
    }
    return false
  }
  step(start)
  return `${[...path, start].join(' → ')}${component.length > path.length ? ` (a knot of ${component.length} files)` : ''}`
}

/** No runtime import cycle among the source files of any workspace package. */
export function checkNoCycles(root: string): string[] {
  return listPackages(root).flatMap(pkg => findCycles(root, walkFiles(root, `${pkg.dir}/src`, isCode)).map(c => `${pkg.dir}: import cycle ${c}`))
}

export const HUB_DOMAINS = 'agora-core/hub/src/services'

/**
 * Each folder under the hub's services is a domain; its index.ts is its public face. A file outside
 * a domain (routes, ws, http, another domain) imports only `<domain>/index.ts`, never a file inside
 * it, and a loose file directly in services/ belongs to no domain.
 */
export function checkDomainFaces(root: string, domainsDir = HUB_DOMAINS): string[] {
  const violations: string[] = []
  const src = posix.dirname(domainsDir)
  const domainOf = (file: string): string | null => {
    if (!file.startsWith(`${domainsDir}/`)) return null
    const rest = file.slice(domainsDir.length + 1)
    return rest.includes('/') ? the(rest.split('/'), 0) : ''
  }
  const files = walkFiles(root, src, isCode)
  const domains = new Set(files.map(domainOf).filter((d): d is string => !!d))
  for (const d of [...domains].sort()) if (!files.includes(`${domainsDir}/${d}/index.ts`)) violations.push(`${domainsDir}/${d}: a domain folder needs an index.ts (its public face)`)
  for (const file of files) {
    const own = domainOf(file)
    if (own === '') violations.push(`${file}: every service lives in a domain folder (services/<domain>/), not loose in services/`)
    for (const {target} of localImports(root, file)) {
      const d = domainOf(target)
      if (!d || d === own) continue
      if (target !== `${domainsDir}/${d}/index.ts`) violations.push(`${file}: imports ${target.slice(src.length + 1)}; import from services/${d}/index.js, the domain's public face`)
    }
  }
  return violations
}
