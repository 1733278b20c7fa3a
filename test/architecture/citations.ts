import {existsSync, readFileSync} from 'node:fs'
import {join} from 'node:path'
import {isCode, listPackages, walkFiles} from './repo-scan.js'

/**
 * What counts as citing a specification that lives outside this repository. The protocol reference
 * is docs/protocol.md; a section sign is fine on a line that also points there. Patterns are written
 * with escapes so this file does not match itself.
 */
const OUTSIDE_SPEC: Array<{pattern: RegExp; what: string}> = [
  {pattern: /\bspec\/(hub|harness|style|peers|ecosystem)\.md\b/, what: 'an outside spec file'},
  {pattern: /(?<![\w-])(hub|harness|style)\.md\b/, what: 'an outside spec file'},
  {pattern: /(^|[\s('"`])(\/work|\/home\/[^/\s]+\/[^\s]*?)\/(shared|spec)\//, what: 'an absolute path to an outside spec'},
  // The hub's own route GET /work/{item_id} (written /work/{…}, /work/:item, /work/${…} or with an item id) is not a path.
  {pattern: /(^|[\s('"`=])\/work\/(?!\{|:|\$\{|[a-z0-9._]+-[0-9]+\b)/, what: 'an absolute path on a development machine'},
  {pattern: /(^|[^\w])shared\/spec\b/, what: 'an outside spec folder'},
]
const SECTION = /\u00a7\s?\d/
const DOCS_POINTER = /docs\/[\w-]+\.md/

const isCodeOrDoc = (path: string): boolean => isCode(path) || path.endsWith('.md')

/** Which files the rule covers: every package's sources, tests, benches and READMEs, the root README, docs/ and test/. */
function coveredFiles(root: string): string[] {
  const files = existsSync(join(root, 'README.md')) ? ['README.md'] : []
  for (const pkg of listPackages(root)) files.push(...walkFiles(root, pkg.dir, isCodeOrDoc))
  files.push(...walkFiles(root, 'docs', isCodeOrDoc), ...walkFiles(root, 'test', isCodeOrDoc))
  return [...new Set(files)]
}

/** No source file or README cites a spec outside the repository: point into docs/protocol.md or say it in place. */
export function checkNoOutsideSpecCitations(root: string): string[] {
  const violations: string[] = []
  for (const file of coveredFiles(root)) {
    readFileSync(join(root, file), 'utf8').split('\n').forEach((line, index) => {
      const where = `${file}:${index + 1}`
      const hit = OUTSIDE_SPEC.find(({pattern}) => pattern.test(line))
      if (hit) violations.push(`${where}: cites ${hit.what} (${line.trim().slice(0, 80)})`)
      else if (SECTION.test(line) && !DOCS_POINTER.test(line)) violations.push(`${where}: cites a numbered section with no docs/ pointer (${line.trim().slice(0, 80)})`)
    })
  }
  return violations
}
