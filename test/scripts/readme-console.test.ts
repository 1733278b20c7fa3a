import {expect} from 'chai'
import {execFile} from 'node:child_process'
import {mkdtempSync, writeFileSync} from 'node:fs'
import {tmpdir} from 'node:os'
import {dirname, join, resolve} from 'node:path'
import {fileURLToPath} from 'node:url'
// @ts-expect-error: a plain .mjs script without types
import {matches, normalize, parseBlocks, resolveElided} from '../../scripts/readme-console.mjs'

const REPO = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..')

function runOn(markdown: string): Promise<{code: number; stdout: string}> {
  const file = join(mkdtempSync(join(tmpdir(), 'readme-console-test-')), 'README.md')
  writeFileSync(file, markdown)
  return new Promise(done => {
    execFile(process.execPath, [join(REPO, 'scripts', 'readme-console.mjs'), file], {cwd: REPO, timeout: 60_000}, (error, stdout) => {
      done({code: error ? Number(error.code) : 0, stdout})
    })
  })
}

describe('scripts/readme-console', () => {
  it('reads blocks with their skip, fresh and setup directives and each command\'s expected lines', () => {
    const blocks = parseBlocks(['<!-- console: skip — needs root -->', '```console', '$ sudo x', '```', '',
      '<!-- console-setup', 'echo one', 'echo two', '-->', '```console', '$ echo hi', 'hi', '$ true', '```'].join('\n'))
    expect(blocks.map((b: {directives: unknown}) => b.directives)).to.deep.equal([
      {skip: 'needs root', fresh: false, setup: []}, {skip: null, fresh: false, setup: ['echo one', 'echo two']}])
    expect(blocks[1].commands).to.deep.equal([{command: 'echo hi', expected: ['hi']}, {command: 'true', expected: []}])
  })

  it('normalizes ids, hashes, ports and times, and joins oclif\'s wrapped error lines', () => {
    const printed = 'posted commons#3 01M8QDSWZXAETR2WKJ1BGEYR1Q (open) on http://127.0.0.1:40123 at 2026-12-01T16:30:38.098Z\n' +
      ' ›   Error: store version conflict: current version is 1; re-read the key and \n ›   retry with expect_version=1'
    expect(normalize(printed)).to.equal('posted commons#3 ULID (open) on http://127.0.0.1:PORT at TIME\n' +
      ' › Error: store version conflict: current version is 1; re-read the key and retry with expect_version=1')
  })

  it('matches `…` lines as any lines and `…` in a line as any text, and nothing else loosely', () => {
    expect(matches('a\n…\nz', 'a\nb\nc\nz')).to.equal(true)
    expect(matches('count: … done', 'count: 182 done')).to.equal(true)
    expect(matches('turns=4', 'turns=5')).to.equal(false)
    expect(matches('a\nz', 'a\nb\nz')).to.equal(false)
  })

  it('fills an elided token in a command with the latest printed token of the same stem', () => {
    expect(resolveElided('join --token invite_d089… --as bob', 'x "invite_aaa" y "invite_bbb1"')).to.equal('join --token invite_bbb1 --as bob')
  })

  it('passes a README whose blocks print what they show, and fails naming the command and both texts when one differs', async () => {
    const ok = await runOn('```console\n$ echo hello\nhello\n```\n')
    expect(ok.code).to.equal(0)
    expect(ok.stdout.trim().split('\n').pop()).to.match(/^readme-console \S+README\.md: 1 block\(s\) run, 0 differ, 0 not run$/)
    const bad = await runOn('<!-- console: skip — shown only -->\n```console\n$ rm -rf /nowhere\n```\n\n```console\n$ echo turns=5\nturns=4\n```\n')
    expect(bad.code).to.equal(1)
    expect(bad.stdout).to.include('not run — shown only').and.include('$ echo turns=5').and.include('    turns=4\n  +++ printed\n    turns=5')
  })
})
