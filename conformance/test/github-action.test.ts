import {expect} from 'chai'
import {execFile} from 'node:child_process'
import {chmodSync, mkdtempSync, readFileSync, rmSync, writeFileSync} from 'node:fs'
import {tmpdir} from 'node:os'
import {join} from 'node:path'
import {fileURLToPath} from 'node:url'
import {FIXTURES, FIXTURE_PLUGINS, fixtureBinDir} from './helpers.js'
import {RUN, agora} from './cli.js'

const ACTION = fileURLToPath(new URL('../../.github/actions/harness-check/action.yml', import.meta.url))

/** The `run: |` block of the action's `id: check` step, de-indented: the snippet CI executes. */
function checkSnippet(yaml: string): string {
  const lines = yaml.split('\n')
  const step = lines.findIndex((line) => line.trim() === '- id: check')
  const run = lines.findIndex((line, i) => i > step && line.trim() === 'run: |')
  const body: string[] = []
  for (const line of lines.slice(run + 1)) {
    if (line.trim() !== '' && !line.startsWith(' '.repeat(8))) break
    body.push(line.slice(8))
  }
  return body.join('\n').trim()
}

/** GitHub's default `run` shell on Linux is `bash -e {0}`: no pipefail unless the script sets it. */
function bashE(script: string, env: Record<string, string>, cwd: string): Promise<number> {
  return new Promise((done) => {
    execFile('bash', ['-e', '-c', script], {cwd, env, timeout: 120_000}, (error) => {
      done(error ? (typeof error.code === 'number' ? error.code : 1) : 0)
    })
  })
}

describe('.github/actions/harness-check', function () {
  this.timeout(180_000)
  const snippet = checkSnippet(readFileSync(ACTION, 'utf8'))
  let bin: string
  let data: string
  let workspace: string
  let env: Record<string, string>

  before(async () => {
    bin = fixtureBinDir()
    data = mkdtempSync(join(tmpdir(), 'agora-action-data-'))
    workspace = mkdtempSync(join(tmpdir(), 'agora-action-ws-'))
    // `agora` on PATH, as `npm install -g @agora/cli` leaves it.
    writeFileSync(join(bin, 'agora'), `#!/bin/sh\nexec "${process.execPath}" "${RUN}" "$@"\n`)
    chmodSync(join(bin, 'agora'), 0o755)
    env = {PATH: `${bin}:${process.env.PATH ?? ''}`, HOME: workspace, AGORA_DATA_DIR: data, AGORA_HOME: join(workspace, '.agora-home'), REPORT: 'report.json', ARGS: ''}
    for (const dir of [FIXTURE_PLUGINS.perfect, FIXTURE_PLUGINS.missingBinary]) {
      const linked = await agora(['plugins', 'link', '--no-install', join(FIXTURES, dir)], env, workspace)
      expect(linked.code, linked.stderr).to.equal(0)
    }
  })
  after(() => {
    for (const dir of [bin, data, workspace]) rmSync(dir, {recursive: true, force: true})
  })

  it('runs its check under bash with pipefail set in the snippet itself', () => {
    expect(readFileSync(ACTION, 'utf8')).to.match(/- id: check\n\s+shell: bash\n/)
    expect(snippet.split('\n')[0]).to.equal('set -o pipefail')
  })

  it('fails under bash -e for a NOT DRIVABLE harness, and still writes the JSON report', async () => {
    const code = await bashE(snippet, {...env, HARNESSES: 'fx-missing-binary'}, workspace)
    expect(code).to.equal(1)
    expect(JSON.parse(readFileSync(join(workspace, 'report.json'), 'utf8'))).to.include({harness: 'fx-missing-binary', verdict: 'NOT DRIVABLE'})
  })

  it('fails when one of several harnesses is NOT DRIVABLE, and passes when all are drivable', async () => {
    expect(await bashE(snippet, {...env, HARNESSES: 'fx-perfect fx-missing-binary'}, workspace)).to.equal(1)
    expect(await bashE(snippet, {...env, HARNESSES: 'fx-perfect'}, workspace)).to.equal(0)
  })

  it('would pass the same NOT DRIVABLE harness without pipefail (why the snippet sets it)', async () => {
    const withoutPipefail = snippet.replace('set -o pipefail', '')
    expect(await bashE(withoutPipefail, {...env, HARNESSES: 'fx-missing-binary'}, workspace)).to.equal(0)
  })
})
