import {mkdirSync, mkdtempSync, rmSync, writeFileSync} from 'node:fs'
import {tmpdir} from 'node:os'
import {dirname, join} from 'node:path'

/**
 * For a describe block: `fixture(files)` writes a throw-away repository tree (path → content) and returns its
 * root; every tree is removed after each test.
 */
export function fixtureTrees(prefix: string): (files: Record<string, string>) => string {
  const roots: string[] = []
  afterEach(() => roots.splice(0).forEach(root => rmSync(root, {recursive: true, force: true})))
  return files => {
    const root = mkdtempSync(join(tmpdir(), prefix))
    roots.push(root)
    for (const [path, content] of Object.entries(files)) {
      mkdirSync(dirname(join(root, path)), {recursive: true})
      writeFileSync(join(root, path), content)
    }
    return root
  }
}
