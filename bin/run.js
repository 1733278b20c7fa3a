#!/usr/bin/env node
// `agora up` is the one long-lived command: it skips oclif, whose plugin loading would stay resident
// beside the hub for its whole life (~58 MB). `hook PreToolUse` (the lease gate) skips it too: a
// harness runs it before every file write, and oclif's start-up is most of its cost. `--version` prints oclif's
// own line (name/version platform-arch node-version) without loading oclif. `harness list [--json]` reads the
// bundled plugins' declarations without oclif when no user plugin is installed (else it answers false and oclif
// runs it). Help goes through oclif.
const [command, ...rest] = process.argv.slice(2)
const wantsHelp = rest.some((a) => a === '--help' || a === '-h')
if (command === '--version' && rest.length === 0) {
  const {readFileSync} = await import('node:fs')
  const {name, version} = JSON.parse(readFileSync(new URL('./package.json', import.meta.url), 'utf8'))
  console.log(`${name}/${version} ${process.platform}-${process.arch} node-${process.version}`)
} else if (command === 'up' && !wantsHelp) {
  const {runUp} = await import('@agora/plugin-hub/launch')
  await runUp(rest)
} else if (command === 'hook' && rest[0] === 'PreToolUse' && !wantsHelp) {
  const {runGateCli} = await import('@agora/plugin-drive/lease-gate')
  await runGateCli(rest.slice(1))
} else if (command === 'harness' && rest[0] === 'list' && rest.length <= 2 && rest.slice(1).every((a) => a === '--json') &&
    (await (await import('@agora/plugin-harness/list-fast')).runHarnessListFast(decodeURIComponent(new URL('./package.json', import.meta.url).pathname), rest[1] === '--json'))) {
  // listed without oclif
} else {
  // In the checkout (tsconfig.json sits beside this file; the published package has none), refresh any oclif
  // manifest older than its package's last build, so a newly compiled command is never hidden by a stale one.
  const {existsSync} = await import('node:fs')
  if (existsSync(new URL('./tsconfig.json', import.meta.url))) {
    const {staleManifests, writeManifests} = await import('../scripts/oclif-manifests.mjs')
    const stale = staleManifests()
    if (stale.length > 0) await writeManifests(stale)
  }
  // oclif's execute(), with a hub refusal spoken as advice (what to run) instead of `POST /path → 409: …`.
  const {flush, handle, run, settings} = await import('@oclif/core')
  // A linked harness plugin is ESM JavaScript (agora harness init writes one), which oclif runs as is; left on,
  // its TypeScript auto-transpile lookup only warns on every command that it cannot transpile it.
  settings.enableAutoTranspile ??= false
  const {speakError} = await import('./dist/speak-error.js')
  await run(process.argv.slice(2), import.meta.url).then(() => flush()).catch((error) => handle(speakError(error)))
}
