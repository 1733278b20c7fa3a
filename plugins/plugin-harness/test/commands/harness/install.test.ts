import {execFile, execFileSync} from 'node:child_process'
import {mkdtempSync, rmSync} from 'node:fs'
import {tmpdir} from 'node:os'
import {join, resolve} from 'node:path'
import {expect} from 'chai'
import {CLI_ROOT} from './helpers.js'
import type {HarnessListResult} from '../../../src/commands/harness/list.js'

const ADAPTER = resolve(CLI_ROOT, '../harness-adapters/pi')

function agora(args: string[], env: Record<string, string>): Promise<{code: number; stdout: string; stderr: string}> {
  return new Promise((done) => {
    execFile(process.execPath, [join(CLI_ROOT, 'run.js'), ...args], {env: {...process.env, ...env}, timeout: 120_000}, (error, stdout, stderr) => {
      done({code: error ? Number(error.code ?? 1) : 0, stdout, stderr})
    })
  })
}

describe('harness list with an installed adapter tarball', () => {
  let dataDir: string
  let packDir: string
  before(() => {
    dataDir = mkdtempSync(join(tmpdir(), 'agora-data-'))
    packDir = mkdtempSync(join(tmpdir(), 'agora-pack-'))
  })
  after(() => {
    rmSync(dataDir, {recursive: true, force: true})
    rmSync(packDir, {recursive: true, force: true})
  })

  it('shows a packed adapter installed offline as user-installed, and the core one again after uninstall', async function () {
    this.timeout(240_000)
    const env = {AGORA_DATA_DIR: dataDir, npm_config_offline: 'true', npm_config_audit: 'false', npm_config_fund: 'false'}
    const packed = execFileSync('npm', ['pack', '--silent', '--pack-destination', packDir], {cwd: ADAPTER, encoding: 'utf8'}).trim().split('\n').pop()!
    const install = await agora(['plugins', 'install', `file:${join(packDir, packed)}`], env)
    expect(install.code, install.stderr).to.equal(0)

    const listed = await agora(['harness', 'list', '--json'], env)
    const {harnesses} = JSON.parse(listed.stdout) as HarnessListResult
    expect(harnesses.find((h) => h.name === 'pi')).to.include({source: 'user', valid: true, active: true, plugin: '@agora/harness-pi'})
    expect(harnesses.find((h) => h.name === 'pi')!.root).to.contain(dataDir)

    const removed = await agora(['plugins', 'uninstall', '@agora/harness-pi'], env)
    expect(removed.code, removed.stderr).to.equal(0)
    const after = JSON.parse((await agora(['harness', 'list', '--json'], env)).stdout) as HarnessListResult
    expect(after.harnesses.find((h) => h.name === 'pi')).to.include({source: 'core', active: true})
  })
})
