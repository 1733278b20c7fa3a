import {expect} from 'chai'
import {execFileSync} from 'node:child_process'
import {mkdtempSync, readFileSync, rmSync} from 'node:fs'
import {tmpdir} from 'node:os'
import {join, resolve} from 'node:path'
import {stripVTControlCharacters} from 'node:util'
import {CLI_ROOT, agora} from './helpers.js'
import {the} from '../../test/helpers/present.js'

const version = (JSON.parse(readFileSync(join(CLI_ROOT, 'package.json'), 'utf8')) as {version: string}).version

describe('agora CLI', () => {
  it('prints its version', async () => {
    const result = await agora(['--version'])
    expect(result.code).to.equal(0)
    expect(result.stdout).to.match(new RegExp(`^@agora/cli/${version.replaceAll('.', '\\.')} `))
  })

  it('lists its commands in --help', async () => {
    const result = await agora(['--help'])
    expect(result.code).to.equal(0)
    expect(result.stdout).to.include('plugins')
    expect(result.stdout).to.include('USAGE')
  })

  it('answers an unknown command with exit 127 and where to look (oclif plugin-not-found; a terminal is asked "did you mean")', async () => {
    const result = await agora(['lease', 'tak', 'x'])
    expect(result.code).to.equal(127)
    // oclif colours the command name when its colour detection says yes (a CI=true environment does): read the text.
    const text = stripVTControlCharacters(result.stderr)
    expect(text).to.contain('lease tak x is not a agora command')
    expect(text).to.contain('Run agora help lease for a list of available commands')
  })

  it('lists every command with a whole summary, never a description cut at its first line break', async () => {
    // @ts-expect-error the checkout-only script is plain JavaScript without declarations
    const {staleManifests, writeManifests} = await import('../../scripts/oclif-manifests.mjs')
    await writeManifests(staleManifests())
    const {Config} = await import('@oclif/core')
    const config = await Config.load({root: CLI_ROOT})
    const cut = config.commands.filter((c) => !c.summary && the((c.description ?? '').split('\n\n'), 0).includes('\n')).map((c) => c.id)
    expect(cut).to.deep.equal([])
  })

  describe('plugins', () => {
    let dataDir: string
    let packDir: string
    beforeEach(() => {
      dataDir = mkdtempSync(join(tmpdir(), 'agora-data-'))
      packDir = mkdtempSync(join(tmpdir(), 'agora-pack-'))
    })
    afterEach(() => {
      rmSync(dataDir, {recursive: true, force: true})
      rmSync(packDir, {recursive: true, force: true})
    })
    const env = (): Record<string, string> => ({AGORA_DATA_DIR: dataDir, npm_config_offline: 'true', npm_config_audit: 'false'})

    it('installs a packed harness plugin from a bare tarball path and lists it as user-installed', async function () {
      this.timeout(120_000)
      const fixture = resolve(CLI_ROOT, 'test/fixtures/harness-fixture')
      const tarball = execFileSync('npm', ['pack', '--silent', '--pack-destination', packDir], {cwd: fixture, encoding: 'utf8'}).trim().split('\n').pop()!
      const install = await agora(['plugins', 'install', join(packDir, tarball)], env(), packDir)
      expect(install.code, install.stderr).to.equal(0)
      const listed = await agora(['plugins', '--json'], env())
      const plugins = JSON.parse(listed.stdout) as Array<{name: string; type: string; version: string}>
      const fixturePlugin = plugins.find((plugin) => plugin.name === '@agora/harness-fixture')
      expect(fixturePlugin).to.include({type: 'user', version: '1.2.3'})

      const removed = await agora(['plugins', 'uninstall', '@agora/harness-fixture'], env())
      expect(removed.code, removed.stderr).to.equal(0)
      const after = JSON.parse((await agora(['plugins', '--json'], env())).stdout) as Array<{name: string}>
      expect(after.map((plugin) => plugin.name)).not.to.include('@agora/harness-fixture')
    })

    it('refuses a local path that does not exist at once, naming the file: form', async () => {
      const result = await agora(['plugins', 'install', './missing-plugin.tgz'], env(), packDir)
      expect(result.code).to.equal(2)
      expect(result.stderr).to.include('no file or folder at')
      expect(result.stderr).to.include('file:')
    })
  })
})
