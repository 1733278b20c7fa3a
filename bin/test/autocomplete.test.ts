import {expect} from 'chai'
import {execFileSync} from 'node:child_process'
import {existsSync, mkdtempSync, readFileSync, rmSync} from 'node:fs'
import {tmpdir} from 'node:os'
import {join} from 'node:path'
import {agora} from './helpers.js'

/** What bash completes for `words` (the last one being typed), with the function `agora autocomplete bash` wrote. */
function bashCompletes(script: string, words: string[]): string[] {
  const array = words.map((w) => `'${w}'`).join(' ')
  const out = execFileSync('bash', ['-c', `source "$0"; COMP_WORDS=(${array}); COMP_CWORD=${words.length - 1}; COMP_LINE="$1"; _agora_autocomplete; printf '%s\\n' "\${COMPREPLY[@]}"`, script, words.join(' ')], {encoding: 'utf8'})
  return [...new Set(out.split('\n').filter(Boolean))]
}

describe('agora autocomplete (oclif plugin-autocomplete)', function () {
  this.timeout(120_000)
  let dir: string
  let env: Record<string, string>
  before(() => {
    dir = mkdtempSync(join(tmpdir(), 'agora-autocomplete-'))
    env = {HOME: dir, AGORA_DATA_DIR: join(dir, 'data'), AGORA_CACHE_DIR: join(dir, 'cache')}
  })
  after(() => rmSync(dir, {recursive: true, force: true}))

  it('prints bash set-up instructions and builds a completion function that completes topics, subcommands and flags', async () => {
    const run = await agora(['autocomplete', 'bash'], env)
    expect(run.code, run.stderr).to.equal(0)
    expect(run.stdout).to.contain('printf "$(agora autocomplete script bash)" >> ~/.bashrc; source ~/.bashrc')
    const script = join(dir, 'cache', 'autocomplete', 'functions', 'bash', 'agora.bash')
    expect(bashCompletes(script, ['agora', 'lea'])).to.deep.equal(['leaderboard', 'lease'])
    expect(bashCompletes(script, ['agora', 'lease', 'ta'])).to.deep.equal(['take'])
    expect(bashCompletes(script, ['agora', 'lease', 'take', '--tt'])).to.deep.equal(['--ttl'])
  })

  it('prints the line a shell rc file sources, pointing into the cache', async () => {
    const run = await agora(['autocomplete', 'script', 'bash'], env)
    expect(run.code, run.stderr).to.equal(0)
    expect(run.stdout.trim()).to.equal(`AGORA_AC_BASH_SETUP_PATH=${join(dir, 'cache', 'autocomplete', 'bash_setup')} && test -f $AGORA_AC_BASH_SETUP_PATH && source $AGORA_AC_BASH_SETUP_PATH; # agora autocomplete setup`)
  })

  it('builds a zsh completion function naming agora commands', async () => {
    const run = await agora(['autocomplete', 'zsh'], env)
    expect(run.code, run.stderr).to.equal(0)
    const fn = join(dir, 'cache', 'autocomplete', 'functions', 'zsh', '_agora')
    expect(existsSync(fn)).to.equal(true)
    expect(readFileSync(fn, 'utf8')).to.match(/#compdef agora/).and.to.contain('harness-check')
  })

  it('refuses a shell it does not support, naming the ones it does', async () => {
    const run = await agora(['autocomplete', 'tcsh'], env)
    expect(run.code).to.not.equal(0)
    expect(run.stderr).to.match(/bash|zsh|powershell/)
  })
})
