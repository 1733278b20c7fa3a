// oclif manifests for the checkout: what `oclif manifest` writes at pack time, for every oclif package of the
// workspace, in one process. Without a manifest oclif imports every command module of every plugin at each
// start to learn their ids and flags (about 1 s of `agora --version`). `npm run build` writes them all;
// bin/run.js refreshes, before oclif starts, any manifest older than its package's last tsc build, so a
// command added and compiled with a bare `tsc -b` is never hidden by a stale manifest.
import {readdirSync, readFileSync, renameSync, statSync, writeFileSync} from 'node:fs'
import {dirname, join} from 'node:path'
import {fileURLToPath} from 'node:url'

const REPO = dirname(dirname(fileURLToPath(import.meta.url)))
const GROUPS = ['plugins', 'harness-adapters']

/** Every workspace package with an `oclif` section: the CLI, conformance, the plugins and harness adapters. */
export function oclifPackages() {
  const roots = [join(REPO, 'bin'), join(REPO, 'conformance')]
  for (const group of GROUPS) for (const name of readdirSync(join(REPO, group))) roots.push(join(REPO, group, name))
  return roots.filter((root) => {
    try {
      return Boolean(JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')).oclif)
    } catch {
      return false
    }
  })
}

const mtime = (file) => {
  try {
    return statSync(file).mtimeMs
  } catch {
    return -1
  }
}

/** Packages whose manifest is missing or older than their last build (tsconfig.tsbuildinfo). */
export function staleManifests(roots = oclifPackages()) {
  return roots.filter((root) => mtime(join(root, 'oclif.manifest.json')) < mtime(join(root, 'tsconfig.tsbuildinfo')))
}

/** Write each root's manifest (atomically: concurrent `agora` starts may read it meanwhile). */
export async function writeManifests(roots) {
  const {Plugin} = await import('@oclif/core')
  for (const root of roots) {
    const plugin = new Plugin({errorOnManifestCreate: true, ignoreManifest: true, respectNoCacheDefault: true, root, type: 'core'})
    await plugin.load()
    const file = join(root, 'oclif.manifest.json')
    const temp = `${file}.${process.pid}.tmp`
    writeFileSync(temp, JSON.stringify(plugin.manifest, null, 2))
    renameSync(temp, file)
  }
  return roots
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const written = await writeManifests(oclifPackages())
  console.log(`oclif manifests: ${written.length} written`)
}
