import {expect} from 'chai'
import {execFile} from 'node:child_process'
import {join} from 'node:path'
import {CLI_ROOT, FIXTURES} from './helpers.js'

const EXAMPLE = join(CLI_ROOT, '../docs/examples/harness-myagent')

function agora(args: string[]): Promise<{code: number; stdout: string}> {
  return new Promise((done) => {
    execFile(process.execPath, [join(CLI_ROOT, 'run.js'), ...args], {timeout: 60_000}, (error, stdout) => {
      done({code: error ? (typeof error.code === 'number' ? error.code : 1) : 0, stdout})
    })
  })
}

describe('commands/harness/validate', function () {
  this.timeout(60_000)

  it('exits 0 for a valid plugin folder and says so', async () => {
    const {code, stdout} = await agora(['harness', 'validate', EXAMPLE])
    expect(stdout.trim()).to.equal('myagent from @agora/harness-myagent: valid declaration, contract ^1')
    expect(code).to.equal(0)
  })

  it('exits 1 for an invalid one, with its problems in --json', async () => {
    const {code, stdout} = await agora(['harness', 'validate', join(FIXTURES, 'harness-evidence-null'), '--json'])
    expect(JSON.parse(stdout)).to.deep.include({plugin: 'agora-fixture-harness-evidence-null', valid: false, problems: ["evidence must be null exactly when 'evidence' is in unmet"]})
    expect(code).to.equal(1)
  })
})
