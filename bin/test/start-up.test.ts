import {expect} from 'chai'
import {Config} from '@oclif/core'
import {mkdtempSync, mkdirSync, readFileSync, rmSync, utimesSync, writeFileSync} from 'node:fs'
import {tmpdir} from 'node:os'
import {join} from 'node:path'
import {CLI_ROOT, agora} from './helpers.js'
// @ts-expect-error the checkout-only script is plain JavaScript without declarations
import {oclifPackages, staleManifests} from '../../scripts/oclif-manifests.mjs'
import {exactly} from '../../test/helpers/present.js'

const PLUGIN_HUB = join(CLI_ROOT, '..', 'plugins', 'plugin-hub')

describe('agora start-up', () => {
  it('prints the same --version line as oclif without loading it', async () => {
    const config = await Config.load({root: CLI_ROOT})
    const result = await agora(['--version'])
    expect([result.code, result.stdout]).to.deep.equal([0, `${config.userAgent}\n`])
  })

  it('lists every oclif package of the workspace for manifests', () => {
    const roots = (oclifPackages() as string[]).map((root) => root.slice(join(CLI_ROOT, '..').length + 1))
    expect(roots).to.include.members(['bin', 'conformance', 'plugins/plugin-hub', 'harness-adapters/claude'])
    expect(roots).not.to.include('agora-core/hub')
  })

  it('finds a manifest stale when it is missing or older than its package build', () => {
    const dir = mkdtempSync(join(tmpdir(), 'agora-manifests-'))
    const [fresh, old, missing] = exactly(['fresh', 'old', 'missing'].map((name) => join(dir, name)), 3)
    for (const root of [fresh, old, missing]) {
      mkdirSync(root)
      writeFileSync(join(root, 'tsconfig.tsbuildinfo'), '{}')
      utimesSync(join(root, 'tsconfig.tsbuildinfo'), 1000, 1000)
    }
    writeFileSync(join(fresh, 'oclif.manifest.json'), '{}')
    writeFileSync(join(old, 'oclif.manifest.json'), '{}')
    utimesSync(join(old, 'oclif.manifest.json'), 500, 500)
    expect(staleManifests([fresh, old, missing])).to.deep.equal([old, missing])
    rmSync(dir, {recursive: true, force: true})
  })

  it('rewrites a stale manifest before oclif starts, so the commands it lists are current', async function () {
    this.timeout(60_000)
    const manifest = join(PLUGIN_HUB, 'oclif.manifest.json')
    writeFileSync(manifest, JSON.stringify({commands: {}, version: '0.0.0'}))
    utimesSync(manifest, 1000, 1000)
    const help = await agora(['up', '--help'])
    expect(help.code, help.stderr).to.equal(0)
    const written = JSON.parse(readFileSync(manifest, 'utf8')) as {commands: Record<string, unknown>; version: string}
    expect(Object.keys(written.commands)).to.include('up')
    expect(staleManifests([PLUGIN_HUB])).to.deep.equal([])
  })
})
