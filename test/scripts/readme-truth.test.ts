import {expect} from 'chai'
import {execFile} from 'node:child_process'
import {dirname, join, resolve} from 'node:path'
import {fileURLToPath} from 'node:url'

const REPO = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..')
const SCRIPT = join(REPO, 'scripts', 'readme-truth.mjs')

interface Truth { checked: {commands: number; links: number; scripts: number}; problems: string[] }

function truth(readme: string): Promise<{code: number; result: Truth}> {
  return new Promise((done, fail) => {
    execFile(process.execPath, [SCRIPT, readme, '--json'], {cwd: REPO, timeout: 60_000}, (error, stdout, stderr) => {
      if (error && typeof error.code !== 'number') return fail(error)
      try {
        done({code: error ? Number(error.code) : 0, result: JSON.parse(stdout) as Truth})
      } catch {
        fail(new Error(`readme-truth printed no JSON:\n${stdout}${stderr}`))
      }
    })
  })
}

describe('scripts/readme-truth', () => {
  it('passes the root README: every agora command, relative link, anchor and npm script it names exists', async () => {
    const {code, result} = await truth('README.md')
    expect(result.problems).to.deep.equal([])
    expect(code).to.equal(0)
    expect(result.checked.commands).to.be.above(100)
    expect(result.checked.links).to.be.above(5)
    expect(result.checked.scripts).to.be.above(3)
  })

  it('reports each unknown command, subcommand, missing file, missing anchor, script and workspace of a broken README and exits 1', async () => {
    const {code, result} = await truth('test/scripts/fixtures/broken-readme.md')
    expect(code).to.equal(1)
    const at = (line: number): string => result.problems.find((p) => p.includes(`broken-readme.md:${line}:`)) ?? `nothing at line ${line}`
    expect(result.problems).to.have.length(8)
    expect(at(12)).to.include('`agora frobnicate` is not a command of the CLI')
    expect(at(16)).to.include('`agora lease steal` is not a command').and.include('check, list, release, renew, take')
    expect(at(20)).to.include('`agora lease grab` is not a command')
    expect(at(24)).to.include('no heading with anchor #no-such-section')
    expect(at(25)).to.include('no-such-file.md does not exist')
    expect(at(27)).to.include('no heading with anchor #not-a-heading in ../../../README.md')
    expect(at(31)).to.include('`npm run no-such-script` is not a script of package.json')
    expect(at(32)).to.include('no workspace @agora/no-such-workspace')
  })
})
