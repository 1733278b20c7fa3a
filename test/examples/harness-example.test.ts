import {expect} from 'chai'
import {execFile} from 'node:child_process'
import {chmodSync, mkdtempSync, rmSync, writeFileSync} from 'node:fs'
import {tmpdir} from 'node:os'
import {dirname, join, resolve} from 'node:path'
import {fileURLToPath} from 'node:url'
import type {HarnessDeclaration} from '@agora/contract'
import {describeHarnessContract} from '@agora/contract/testing'

const REPO = resolve(dirname(fileURLToPath(import.meta.url)), '../..')
const EXAMPLE = join(REPO, 'docs/examples/harness-myagent')
const hook = (await import(join(EXAMPLE, 'hooks/harness.js'))) as {default: () => Promise<HarnessDeclaration>}
const declaration = await hook.default()

function agora(args: string[], env: Record<string, string>, cwd: string): Promise<{code: number; stdout: string; stderr: string}> {
  return new Promise((done) => {
    execFile(process.execPath, [join(REPO, 'bin/run.js'), ...args], {cwd, env: {...process.env, ...env}, timeout: 120_000}, (error, stdout, stderr) => {
      done({code: error ? (typeof error.code === 'number' ? error.code : 1) : 0, stdout, stderr})
    })
  })
}

describe('the README harness plugin example (docs/examples/harness-myagent)', () => {
  describeHarnessContract(declaration)

  describe('installed by link, with zero lines of generic code', () => {
    let dataDir: string
    let binDir: string
    let workspace: string
    let env: Record<string, string>
    before(async function () {
      this.timeout(120_000)
      dataDir = mkdtempSync(join(tmpdir(), 'agora-example-data-'))
      binDir = mkdtempSync(join(tmpdir(), 'agora-example-bin-'))
      workspace = mkdtempSync(join(tmpdir(), 'agora-example-ws-'))
      writeFileSync(join(binDir, 'myagent'), '#!/bin/sh\necho "myagent 1.0.0"\n')
      chmodSync(join(binDir, 'myagent'), 0o755)
      env = {AGORA_DATA_DIR: dataDir, AGORA_HOME: join(workspace, '.home'), PATH: `${binDir}:${process.env.PATH}`, OCLIF_DISABLE_LINKED_ESM_WARNING: '1'}
      const linked = await agora(['plugins', 'link', '--no-install', EXAMPLE], env, workspace)
      expect(linked.code, linked.stderr).to.equal(0)
    })
    after(() => [dataDir, binDir, workspace].forEach((dir) => rmSync(dir, {recursive: true, force: true})))

    it('is listed as a valid linked harness', async () => {
      const listed = await agora(['harness', 'list', '--json'], env, workspace)
      const {harnesses} = JSON.parse(listed.stdout) as {harnesses: Array<{name: string; source: string; valid: boolean; active: boolean}>}
      const row = harnesses.find((candidate) => candidate.name === 'myagent')
      expect(row).to.include({valid: true, active: true, source: 'link'})
    })

    it('passes harness-check as DRIVABLE with exit 0', async function () {
      this.timeout(60_000)
      const checked = await agora(['harness-check', 'myagent', '--json', '--as', 'example-seat', '--url', 'http://127.0.0.1:9'], env, workspace)
      const report = JSON.parse(checked.stdout) as {drivable: boolean; limitations: string[]; probes: Array<{id: string; status: string}>}
      expect(checked.code, checked.stderr).to.equal(0)
      expect(report.drivable).to.equal(true)
      expect(report.limitations).to.deep.equal([])
      expect(report.probes.filter((probe) => probe.status === 'FAIL')).to.deep.equal([])
    })
  })
})
