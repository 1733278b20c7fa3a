// `agora harness list [--json]` without oclif, for a CLI with only its bundled plugins: bin/run.js hands it
// here, because oclif's own start-up (loading @oclif/core and every plugin's manifest) is most of the
// command's time. With user-installed or linked plugins, or any set-up beyond the bundled one, the command
// runs through oclif as before (runHarnessListFast answers false), so discovery keeps oclif's rules there.
import {homedir} from 'node:os'
import {readFileSync} from 'node:fs'

import {bundledHookRunner, dataDir, hasUserPlugins, NeedsOclif} from './bundled-hooks.js'
import {listEntries, listLines} from './entries.js'

/** Print the list and answer true, or answer false when oclif must run the command. */
export async function runHarnessListFast(cliPackageJson: string, json: boolean, env = process.env): Promise<boolean> {
  const cli = JSON.parse(readFileSync(cliPackageJson, 'utf8')) as Parameters<typeof dataDir>[0]
  if (hasUserPlugins(dataDir(cli, env, env.HOME || homedir()))) return false
  let runner
  try {
    runner = bundledHookRunner(cliPackageJson)
  } catch (error) {
    if (error instanceof NeedsOclif) return false
    throw error
  }
  const {discoverHarnesses, transportOf} = await import('@agora/contract/discovery')
  const harnesses = listEntries(await discoverHarnesses(runner), transportOf)
  process.stdout.write(json ? JSON.stringify({harnesses}, null, 2) + '\n' : listLines(harnesses).map((l) => l + '\n').join(''))
  return true
}
