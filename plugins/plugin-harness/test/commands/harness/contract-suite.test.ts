import {execFile} from 'node:child_process'
import {createRequire} from 'node:module'
import {join} from 'node:path'
import {expect} from 'chai'
import {FIXTURES} from './helpers.js'

const MOCHA = createRequire(import.meta.url).resolve('mocha/bin/mocha.js')

/** Run one spec file in a fresh mocha process, as an adapter's own `npm test` would. */
function runSuite(spec: string): Promise<{code: number; output: string}> {
  return new Promise((resolve) => {
    const args = [MOCHA, '--no-config', '--node-option', 'import=tsx', '--node-option', 'conditions=agora-source', '--reporter', 'spec', spec]
    execFile(process.execPath, args, {cwd: FIXTURES, timeout: 60_000}, (error, stdout, stderr) => {
      resolve({code: error ? Number(error.code ?? 1) : 0, output: `${stdout}\n${stderr}`})
    })
  })
}

describe('describeHarnessContract on fixture plugins', () => {
  it('fails a plugin whose buildCommand ignores its declared model, naming the knob', async function () {
    this.timeout(60_000)
    const {code, output} = await runSuite(join(FIXTURES, 'contract-suite.fixture.ts'))
    expect(code, output).to.equal(1)
    expect(output).to.contain('1 failing')
    expect(output).to.match(/changes the built command for its declared knob model:\s+AssertionError: model was accepted and dropped/)
  })
})
