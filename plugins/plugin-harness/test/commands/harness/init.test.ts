import {expect} from 'chai'
import {execFile} from 'node:child_process'
import {mkdtempSync, readFileSync, rmSync, statSync, symlinkSync} from 'node:fs'
import {tmpdir} from 'node:os'
import {join} from 'node:path'
import {CLI_ROOT} from './helpers.js'

const REPO = join(CLI_ROOT, '..')

function run(file: string, args: string[], cwd: string, env: Record<string, string> = {}): Promise<{code: number; stdout: string; stderr: string}> {
  return new Promise((done) => {
    execFile(file, args, {cwd, env: {...process.env, ...env}, timeout: 120_000}, (error, stdout, stderr) => {
      done({code: error ? (typeof error.code === 'number' ? error.code : 1) : 0, stdout, stderr})
    })
  })
}
const agora = (args: string[], cwd: string, env: Record<string, string> = {}) => run(process.execPath, [join(CLI_ROOT, 'run.js'), ...args], cwd, env)

describe('commands/harness/init', function () {
  this.timeout(180_000)
  let root: string
  let demo: string
  let env: Record<string, string>
  before(async () => {
    root = mkdtempSync(join(tmpdir(), 'agora-init-'))
    demo = join(root, 'demo')
    env = {AGORA_DATA_DIR: join(root, 'data'), AGORA_HOME: join(root, 'home'), OCLIF_DISABLE_LINKED_ESM_WARNING: '1'}
    const made = await agora(['harness', 'init', 'demo', '--json'], root, env)
    expect(made.code, made.stderr).to.equal(0)
  })
  after(() => rmSync(root, {recursive: true, force: true}))

  it('writes the declaration, code, test, fake binary, README and workflow of agora-harness-<name>', async () => {
    const made = await agora(['harness', 'init', 'other', '--json'], root, env)
    expect(JSON.parse(made.stdout)).to.deep.equal({
      dir: join(root, 'other'),
      package: 'agora-harness-other',
      transport: 'argv',
      files: ['package.json', 'README.md', '.gitignore', 'lib/declaration.js', 'lib/build-command.js', 'lib/evidence.js', 'hooks/harness.js', 'test/contract.test.js', 'fake-bin/other', '.github/workflows/harness-check.yml'],
    })
    expect(statSync(join(root, 'other/fake-bin/other')).mode & 0o111).to.not.equal(0)
    expect(readFileSync(join(root, 'other/README.md'), 'utf8')).to.contain('| `--model` | `--model <m>` |')
    expect(readFileSync(join(root, 'other/.github/workflows/harness-check.yml'), 'utf8')).to.contain('set -o pipefail')
  })

  it('passes its own tests (describeHarnessContract and a turn through the fake binary)', async () => {
    // The scaffold's devDependencies (@agora/contract, mocha, chai) as this checkout resolves them.
    symlinkSync(join(REPO, 'node_modules'), join(demo, 'node_modules'))
    const tested = await run(process.execPath, [join(REPO, 'node_modules/mocha/bin/mocha.js'), '--no-config'], demo)
    expect(tested.code, tested.stdout + tested.stderr).to.equal(0)
    expect(tested.stdout).to.match(/13 passing/)
  })

  it('validates, links and passes harness-check as DRIVABLE with the fake binary on PATH', async () => {
    expect((await agora(['harness', 'validate', demo], root, env)).code).to.equal(0)
    const linked = await agora(['plugins', 'link', '--no-install', demo], root, env)
    expect(linked.code, linked.stderr).to.equal(0)
    const checked = await agora(['harness-check', 'demo', '--json'], root, {...env, PATH: `${join(demo, 'fake-bin')}:${process.env.PATH ?? ''}`})
    const report = JSON.parse(checked.stdout) as {verdict: string; counts: {fail: number}}
    expect([report.verdict, report.counts.fail, checked.code]).to.deep.equal(['DRIVABLE', 0, 0])
  })

  it('scaffolds an ACP agent plugin that passes its own tests and harness-check as DRIVABLE with its fake agent', async () => {
    const made = await agora(['harness', 'init', 'acpdemo', '--transport', 'acp', '--json'], root, env)
    expect(made.code, made.stderr).to.equal(0)
    const acp = join(root, 'acpdemo')
    expect(JSON.parse(made.stdout)).to.deep.include({transport: 'acp', files: ['package.json', 'README.md', '.gitignore', 'lib/declaration.js', 'lib/build-command.js', 'hooks/harness.js', 'test/contract.test.js', 'fake-bin/acpdemo', '.github/workflows/harness-check.yml']})
    expect(readFileSync(join(acp, 'README.md'), 'utf8')).to.contain('| `--model` | `session/set_model` |')
    symlinkSync(join(REPO, 'node_modules'), join(acp, 'node_modules'))
    const tested = await run(process.execPath, [join(REPO, 'node_modules/mocha/bin/mocha.js'), '--no-config'], acp)
    expect(tested.code, tested.stdout + tested.stderr).to.equal(0)
    expect((await agora(['harness', 'validate', acp], root, env)).code).to.equal(0)
    expect((await agora(['plugins', 'link', '--no-install', acp], root, env)).code).to.equal(0)
    const checked = await agora(['harness-check', 'acpdemo', '--json'], root, {...env, PATH: `${join(acp, 'fake-bin')}:${process.env.PATH ?? ''}`})
    const report = JSON.parse(checked.stdout) as {verdict: string; counts: {fail: number}; probes: Array<{id: string; status: string; detail: string}>}
    expect([report.verdict, report.counts.fail, checked.code]).to.deep.equal(['DRIVABLE', 0, 0])
    expect(report.probes.find((p) => p.id === 'C2')!.detail).to.match(/^`initialize` answered by acpdemo 0\.0\.0-fake/)
  })

  it('refuses a bad name and a non-empty folder, naming what works', async () => {
    const bad = await agora(['harness', 'init', 'My_Agent'], root, env)
    expect(bad.code).to.equal(2)
    expect(bad.stderr).to.contain('agora harness init my-agent')
    const taken = await agora(['harness', 'init', 'demo'], root, env)
    expect(taken.code).to.equal(2)
    expect(taken.stderr).to.contain('--dir')
  })
})
